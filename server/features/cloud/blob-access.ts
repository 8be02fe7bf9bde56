import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MemberType } from '../../../contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import {
  apps,
  cloudFiles,
  profileTags,
  profiles,
  projects,
  tags,
  teamMembers,
  type TeamSettings,
} from '../../db/schema/index.ts';
import { appAbilities, roleOfProfile, projectAbilities, teamSettingsOf } from '../workspace/public.ts';

/*
 * Signed blob addresses are bearer links (6–12 h). The signature proves the address was handed to someone
 * allowed to see the file *then*; this module answers whether the file may still be served *now*: it is not in
 * Removed (or gone) and its owner still has cloud access to the project. One statement per request, every
 * part of it an index probe (primary keys, team_members_account_idx, profiles_account_updated_idx, the
 * profile_tags key, apps_project_created_idx), because the route serves every video range request.
 */

/** What the owner's cloud access depends on, read in the same statement as the file. */
export type OwnerAccessFacts = {
  ownsProject: boolean;
  teamSettings: TeamSettings;
  onActiveTeam: boolean;
  /** The project has an app its managers can open (neither the app nor the project archived). */
  hasOpenApp: boolean;
  /** The owner's live profiles in apps of the project that are open (see hasOpenApp). */
  profiles: { type: MemberType; isOwner: boolean; blocked: boolean }[];
};

/**
 * Whether the file's owner still reaches the project's cloud library — the same rules as `loadCloudAccess`,
 * taken from the workspace policies: the project's owner; an active team member with `view_files` on the
 * service host, or allowed to manage apps while an app is open; or a live profile in an open app whose role
 * has the app's `cloud` ability (not invited, not blocked; a punished member keeps reading).
 */
export function ownerHasCloudAccess(facts: OwnerAccessFacts): boolean {
  const { ownsProject, onActiveTeam, teamSettings } = facts;
  if (ownsProject) {
    return true;
  }
  const project = projectAbilities({ isOwner: false, isActiveTeamMember: onActiveTeam, teamSettings });
  if (project.includes('view_files')) {
    return true;
  }
  if (onActiveTeam && facts.hasOpenApp && teamSettingsOf(teamSettings).canManageApps) {
    return true;
  }
  return facts.profiles.some((profile) =>
    appAbilities({
      role: roleOfProfile(profile),
      sanction: profile.blocked ? 'blocked' : null,
      masquerading: false,
      registrationOpen: false,
    }).includes('cloud'),
  );
}

// Driven by the app's one blocked tag (tags_app_kind_idx), then one probe of the profile_tags key.
const isBlocked = sql<boolean>`exists (
  select 1 from ${tags} inner join ${profileTags}
    on ${profileTags.tagId} = ${tags.id} and ${profileTags.profileId} = ${profiles.id}
  where ${tags.appId} = ${profiles.appId} and ${tags.kind} = 'blocked'
)`;

const ownerProfiles = sql<OwnerAccessFacts['profiles']>`coalesce((
  select json_agg(json_build_object('type', ${profiles.type}, 'isOwner', ${profiles.isOwner}, 'blocked', ${isBlocked}))
  from ${profiles} inner join ${apps} on ${apps.id} = ${profiles.appId}
  where ${profiles.accountId} = ${cloudFiles.ownerAccountId} and ${profiles.projectId} = ${cloudFiles.projectId}
    and ${profiles.deletedAt} is null and not ${apps.isArchive} and not ${projects.isArchive}
), '[]'::json)`;

const onActiveTeam = sql<boolean>`exists (
  select 1 from ${teamMembers}
  where ${teamMembers.accountId} = ${cloudFiles.ownerAccountId} and ${teamMembers.projectId} = ${cloudFiles.projectId}
    and ${teamMembers.status} = 'active'
)`;

const hasOpenApp = sql<boolean>`(not ${projects.isArchive} and exists (
  select 1 from ${apps} where ${apps.projectId} = ${cloudFiles.projectId} and not ${apps.isArchive}
))`;

/** What serving needs of the file: where the bytes are and how to name them. */
const servedColumns = {
  name: cloudFiles.name,
  mimeType: cloudFiles.mimeType,
  size: cloudFiles.size,
  status: cloudFiles.status,
  storageKey: cloudFiles.storageKey,
  variants: cloudFiles.variants,
};

export type ServableFile = { [key in keyof typeof servedColumns]: (typeof cloudFiles.$inferSelect)[key] };

/**
 * The file behind a blob address, or undefined when it must not be served: unknown or permanently deleted,
 * in Removed (itself or through a folder), or its owner lost cloud access to the project.
 *
 * A named prepared statement: PostgreSQL plans it once per connection, and planning the subqueries would
 * otherwise cost more than running them.
 */
export function createServableFileLookup(db: Db): (fileId: string) => Promise<ServableFile | undefined> {
  const query = db
    .select({
      ...servedColumns,
      ownsProject: sql<boolean>`${projects.ownerAccountId} = ${cloudFiles.ownerAccountId}`,
      teamSettings: projects.teamSettings,
      onActiveTeam,
      hasOpenApp,
      profiles: ownerProfiles,
    })
    .from(cloudFiles)
    .innerJoin(projects, eq(projects.id, cloudFiles.projectId))
    .where(and(eq(cloudFiles.id, sql.placeholder('fileId')), isNull(cloudFiles.deletedAt)))
    .prepare('cloud_servable_file');
  return async (fileId) => {
    const [row] = await query.execute({ fileId });
    if (!row || !ownerHasCloudAccess(row)) {
      return undefined;
    }
    const { name, mimeType, size, status, storageKey, variants } = row;
    return { name, mimeType, size, status, storageKey, variants };
  };
}
