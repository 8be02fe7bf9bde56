import { and, eq, isNull } from 'drizzle-orm';
import type { AbilityName } from '../../../contracts/abilities.ts';
import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudFolders } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  loadAppAccess,
  loadProjectAccess,
  projectAbilitiesOf,
  requireProject,
  type ProjectRow,
} from '../workspace/public.ts';

export type CloudAbility = AbilityName<'cloud'>;

/**
 * Who uses a project's cloud library, and as whom (spec §6 "Cloud"):
 * - service host (no app header): the project's `view_files` ability (owner, team with file access). Such
 *   a person may also look at everyone else's files of the project with `isAnother` (read only);
 * - app host (header `x-app-id`): the app-level `cloud` ability of the caller's role in that app; the app
 *   must belong to the project. Masquerading shows the viewed member's library.
 *
 * `accountId` is the person whose "My files" the request works on; a member never reaches another member's
 * library, because every query of the feature is keyed by it. The one way in to someone else's file on the app
 * host is a chat: a file attached to a message of a chat the member's profile belongs to (`profileId`) is theirs
 * to view, read only (docs/decisions/chat.md "Attachments in the library").
 */
export type CloudAccess = {
  project: ProjectRow;
  accountId: string;
  /** The signed-in caller (differs from accountId only while masquerading). */
  realAccountId: string;
  mode: 'project' | 'app';
  /** Project file managers see the other people's files of the project (read only) with isAnother. */
  canSeeOthers: boolean;
  /**
   * App host: the live profile the library is seen as (the masqueraded member's while masquerading), whose
   * chats share their attachments; null on the service host and for team members without a profile.
   */
  profileId: string | null;
  can: CloudAbility[];
};

const everything: readonly CloudAbility[] = abilitiesBySubject.cloud;
const readOnly: readonly CloudAbility[] = ['view'];

export async function loadCloudAccess(
  db: DbOrTx,
  actor: Actor,
  projectId: string,
  appId: string | undefined,
): Promise<CloudAccess> {
  if (!appId) {
    const access = await loadProjectAccess(db, actor, projectId);
    requireProject(access, 'view_files');
    return {
      project: access.project,
      accountId: access.accountId,
      realAccountId: access.accountId,
      mode: 'project',
      canSeeOthers: true,
      profileId: null,
      can: [...everything],
    };
  }
  const access = await loadAppAccess(db, actor, appId);
  // Another project's app, guests and people invited but not joined: the library does not exist for them.
  if (access.app.projectId !== projectId || access.accountId === null) {
    throw notFound();
  }
  if (access.role === 'guest' || access.role === 'invited') {
    throw notFound();
  }
  if (!access.can.includes('cloud')) {
    throw forbidden();
  }
  const accountId = access.masquerade ? access.profile!.accountId : access.accountId;
  // A person who keeps project files on the service host keeps them to themselves: nobody masquerading as
  // them opens that library from an app.
  if (access.masquerade && (await projectAbilitiesOf(db, access.project, accountId)).includes('view_files')) {
    throw forbidden();
  }
  return {
    project: access.project,
    accountId,
    realAccountId: access.accountId,
    mode: 'app',
    canSeeOthers: false,
    profileId: access.profile?.id ?? null,
    // A punished member keeps reading only (app.policy "punished: reading only").
    can: access.sanction === 'punished' ? [...readOnly] : [...everything],
  };
}

export function requireCloud(access: CloudAccess, ability: CloudAbility): void {
  if (!access.can.includes(ability)) {
    throw forbidden();
  }
}

/** The app id of the cloud header (the app host sends it; absent on the service host). */
export function appIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['x-app-id'];
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^[0-9a-f-]{36}$/i.test(text) ? text : undefined;
}

export const rootFolderName = 'My files';

/** The person's "My files" root in the project, created on first use. */
export async function ensureRootFolder(db: DbOrTx, projectId: string, accountId: string) {
  const existing = await findRootFolder(db, projectId, accountId);
  if (existing) {
    return existing;
  }
  await db
    .insert(cloudFolders)
    .values({ id: newId(), projectId, ownerAccountId: accountId, parentId: null, name: rootFolderName })
    .onConflictDoNothing();
  const created = await findRootFolder(db, projectId, accountId);
  if (!created) {
    throw new Error('root folder could not be created');
  }
  return created;
}

async function findRootFolder(db: DbOrTx, projectId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(cloudFolders)
    .where(
      and(
        eq(cloudFolders.projectId, projectId),
        eq(cloudFolders.ownerAccountId, accountId),
        isNull(cloudFolders.parentId),
      ),
    );
  return row;
}
