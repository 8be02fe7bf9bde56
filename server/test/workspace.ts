import { randomInt } from 'node:crypto';
import type { MemberType, TeamMemberStatus } from '../../contracts/enums.ts';
import { teamMembers } from '../db/schema/index.ts';
import { insertApp, insertProfile, insertProject } from '../features/workspace/workspace.repo.ts';
import { insertInvitation } from '../features/invitations/invitations.repo.ts';
import { insertField } from '../features/custom-fields/custom-fields.repo.ts';
import { insertLink } from '../features/invitation-links/invitation-links.repo.ts';
import { insertTag } from '../features/tags/tags.repo.ts';
import type { CustomFieldValidationRules } from '../db/schema/index.ts';
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

/** A row of the project's team, straight in the database (active members are linked to their account). */
export async function addTeamMember(
  server: TestServer,
  project: { id: string },
  person: { email: string; accountId: string | null },
  status: TeamMemberStatus = 'active',
) {
  const [row] = await server.runtime.database.db
    .insert(teamMembers)
    .values({
      id: newId(),
      projectId: project.id,
      email: person.email.toLowerCase(),
      accountId: person.accountId,
      status,
    })
    .returning();
  return row!;
}

/** A fresh project owned by the account, without apps (`tariffId` picks the tariff, e.g. 'starter'). */
export async function createProjectFor(
  server: TestServer,
  account: { id: string },
  options: { name?: string; tariffId?: string; isArchive?: boolean } = {},
) {
  const suffix = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;
  return insertProject(server.runtime.database.db, {
    id: newId(),
    name: options.name ?? `Projekt ${suffix}`,
    ownerAccountId: account.id,
    tariffId: options.tariffId ?? 'business',
    isArchive: options.isArchive ?? false,
  });
}

/** An app in an existing project, straight in the database (no profiles, no tags). */
export async function createAppIn(
  server: TestServer,
  project: { id: string },
  options: { name?: string; slug?: string; isArchive?: boolean } = {},
) {
  const suffix = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;
  return insertApp(server.runtime.database.db, {
    id: newId(),
    projectId: project.id,
    slug: options.slug ?? `app-${suffix}`,
    name: options.name ?? `Gemeinschaft ${suffix}`,
    isArchive: options.isArchive ?? false,
  });
}

/** An own member tag of an app, straight in the database. */
export async function createTag(
  server: TestServer,
  app: { id: string; projectId: string },
  options: { name?: string; color?: string } = {},
) {
  return insertTag(server.runtime.database.db, {
    id: newId(),
    projectId: app.projectId,
    appId: app.id,
    name: options.name ?? `Tag ${randomInt(1e9).toString(36)}`,
    color: options.color ?? '',
  });
}

/** A custom field of an app's profile form, straight in the database (appended after `position`). */
export async function createCustomField(
  server: TestServer,
  app: { id: string; projectId: string },
  options: {
    type?: string;
    label?: string;
    options?: string[];
    validationRules?: CustomFieldValidationRules;
    position?: number;
  } = {},
) {
  return insertField(server.runtime.database.db, {
    id: newId(),
    projectId: app.projectId,
    appId: app.id,
    type: options.type ?? 'text',
    label: options.label ?? 'Lieblingsbuch',
    options: options.options ?? [],
    validationRules: options.validationRules ?? {},
    position: options.position ?? Date.now(),
  });
}

/** An invite link of an app, straight in the database; returns the row (its token is the link's secret). */
export async function createInvitationLink(
  server: TestServer,
  app: { id: string; projectId: string },
  options: {
    memberType?: MemberType;
    tagIds?: string[];
    maxUses?: number | null;
    usesCount?: number;
    expiresAt?: Date | null;
    isActive?: boolean;
  } = {},
) {
  return insertLink(server.runtime.database.db, {
    id: newId(),
    projectId: app.projectId,
    appId: app.id,
    name: 'Einladungslink',
    token: randomToken(16),
    memberType: options.memberType ?? 'member',
    tagIds: options.tagIds ?? [],
    maxUses: options.maxUses ?? null,
    usesCount: options.usesCount ?? 0,
    expiresAt: options.expiresAt ?? null,
    isActive: options.isActive ?? true,
  });
}
