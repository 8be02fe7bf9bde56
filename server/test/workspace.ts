import { randomInt } from 'node:crypto';
import type { MemberType } from '../../contracts/enums.ts';
import { insertApp, insertProfile, insertProject } from '../features/workspace/workspace.repo.ts';
import { insertInvitation } from '../features/invitations/invitations.repo.ts';
import { randomToken, sha256 } from '../platform/crypto.ts';
import { newId } from '../platform/ids.ts';
import { insertTestAccount } from './identity.ts';
import type { TestServer } from './test-server.ts';

export type AppWithProfile = Awaited<ReturnType<typeof createAppWithProfile>>;

/**
 * A fresh project with one app and the account's profile in it (a fresh tenant per test).
 * `as: 'member'` (default): someone else owns the project and the app; the account is a plain member.
 * `as: 'owner'`: the account owns the project and is the app's owner (an admin profile with isOwner).
 */
export async function createAppWithProfile(
  server: TestServer,
  account: { id: string },
  options: { as?: 'member' | 'owner'; type?: MemberType; appName?: string } = {},
) {
  const db = server.runtime.database.db;
  const isOwner = options.as === 'owner';
  const ownerAccountId = isOwner ? account.id : (await insertTestAccount(server)).account.id;
  const suffix = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;
  const project = await insertProject(db, { id: newId(), name: `Projekt ${suffix}`, ownerAccountId });
  const app = await insertApp(db, {
    id: newId(),
    projectId: project.id,
    slug: `app-${suffix}`,
    name: options.appName ?? `Gemeinschaft ${suffix}`,
  });
  const profile = await insertProfile(db, {
    id: newId(),
    projectId: project.id,
    appId: app.id,
    accountId: account.id,
    type: options.type ?? (isOwner ? 'admin' : 'member'),
    isOwner,
  });
  return { project, app, profile };
}

/** Another account's profile in an existing app. */
export async function addProfile(
  server: TestServer,
  app: { id: string; projectId: string },
  account: { id: string },
  type: MemberType = 'member',
) {
  return insertProfile(server.runtime.database.db, {
    id: newId(),
    projectId: app.projectId,
    appId: app.id,
    accountId: account.id,
    type,
  });
}

/** A personal invitation into an app; returns the raw token as the invitation mail would carry it. */
export async function createInvitation(
  server: TestServer,
  app: { id: string; projectId: string },
  email: string,
  options: { memberType?: MemberType; expiresInMs?: number } = {},
) {
  const token = randomToken();
  const invitation = await insertInvitation(server.runtime.database.db, {
    id: newId(),
    projectId: app.projectId,
    appId: app.id,
    email,
    firstName: 'Clara',
    lastName: 'Eingeladen',
    memberType: options.memberType ?? 'member',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + (options.expiresInMs ?? 7 * 24 * 60 * 60 * 1000)),
  });
  return { token, invitation };
}
