import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { chatSettingsOf } from '../../../contracts/chat-settings.ts';
import { eventSettingsOf } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import { apps, profiles, projects, teamMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import {
  appAbilities,
  isManagerRole,
  roleOfProfile,
  strongerRole,
  type AppAbility,
  type AppPolicyInput,
  type AppRole,
  type Sanction,
} from './app.policy.ts';
import { projectAbilities, teamSettingsOf, type ProjectAbility } from './project.policy.ts';
import type { AppRow, ProfileRow, ProjectRow } from './workspace.repo.ts';

/*
 * The permission engine's entry points (DESIGN §6). A feature loads the access of the caller to the project
 * or app a request is about, then asks it for abilities:
 *
 *   const access = await loadAppAccess(db, request.actor, appId);   // 404 when the app is not visible
 *   requireApp(access, 'settings_members');                         // 403 when the ability is missing
 *
 * Item policies (a profile, a tag …) take the access as their actor. Nothing here reads across projects
 * except by the account's own memberships.
 */

export type ProjectAccess = {
  project: ProjectRow;
  accountId: string;
  isOwner: boolean;
  isActiveTeamMember: boolean;
  can: ProjectAbility[];
};

export type Masquerade = { realAccountId: string; realProfileId: string | null; profileId: string };

export type AppAccess = {
  app: AppRow;
  project: ProjectRow;
  /** The signed-in account, or null for a guest. While masquerading: still the real caller. */
  accountId: string | null;
  /** The profile abilities are computed for: the caller's own, or the masqueraded member's. */
  profile: ProfileRow | undefined;
  role: AppRole;
  sanction: Sanction;
  masquerade: Masquerade | null;
  can: AppAbility[];
};

/** Whether the caller manages the app: owner, admin or a team member allowed to manage apps. */
export const isAppManager = (access: AppAccess) => isManagerRole(access.role);

export function requireAccount(actor: Actor): string {
  if (actor.kind !== 'account') {
    throw unauthorized();
  }
  return actor.accountId;
}

// Every project-scoped request reads these two: prepared once per handle (server/db/prepared.ts).
const projectById = preparedQuery((db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('projectId')))
    .prepare('workspace_project_by_id'),
);

const activeTeamMembership = preparedQuery((db) =>
  db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, sql.placeholder('projectId')),
        eq(teamMembers.accountId, sql.placeholder('accountId')),
        eq(teamMembers.status, 'active'),
      ),
    )
    .prepare('workspace_active_team_membership'),
);

async function findProject(db: DbOrTx, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await projectById(db).execute({ projectId });
  return row;
}

async function findActiveTeamMembership(db: DbOrTx, projectId: string, accountId: string): Promise<boolean> {
  const [row] = await activeTeamMembership(db).execute({ projectId, accountId });
  return Boolean(row);
}

/** The caller's access to a project on the service host; 404 unless they own it or are on its active team. */
/**
 * The caller's standing in a project (the project row, and whether they hold an active team seat), kept in memory
 * per project and account like the app standing below: every service-host request reads it. Dropped by the
 * announcements of migration 0018: a change of the project (project:<id>) or of its team (project:<project id>).
 */
const projectStandingCache = createChangeCache<{ project: ProjectRow; isActiveTeamMember: boolean }>({
  tagsOf: (_key, row) => [`project:${row.project.id}`],
});

export async function loadProjectAccess(db: DbOrTx, actor: Actor, projectId: string): Promise<ProjectAccess> {
  const accountId = requireAccount(actor);
  const standing = await projectStandingCache.read(db, `${projectId}:${accountId}`, async () => {
    const project = await findProject(db, projectId);
    if (!project) {
      return undefined;
    }
    const isOwner = project.ownerAccountId === accountId;
    return {
      project,
      isActiveTeamMember: !isOwner && (await findActiveTeamMembership(db, projectId, accountId)),
    };
  });
  if (!standing) {
    throw notFound();
  }
  const { project, isActiveTeamMember } = standing;
  const isOwner = project.ownerAccountId === accountId;
  const can = projectAbilities({ isOwner, isActiveTeamMember, teamSettings: project.teamSettings });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { project, accountId, isOwner, isActiveTeamMember, can };
}

/** What an account may do on the service host in a project it is known to (no 404: empty when nothing). */
export async function projectAbilitiesOf(
  db: DbOrTx,
  project: ProjectRow,
  accountId: string,
): Promise<ProjectAbility[]> {
  const isOwner = project.ownerAccountId === accountId;
  const isActiveTeamMember = !isOwner && (await findActiveTeamMembership(db, project.id, accountId));
  return projectAbilities({ isOwner, isActiveTeamMember, teamSettings: project.teamSettings });
}

export function requireProject(access: ProjectAccess, ability: ProjectAbility): void {
  if (!access.can.includes(ability)) {
    throw forbidden();
  }
}

/** The sanction of a profile: the blocked tag always, the punished tag while `punished_until` lies ahead. */
function sanctionOf(profile: ProfileRow, kinds: readonly string[]): Sanction {
  if (kinds.includes('blocked')) {
    return 'blocked';
  }
  const punishedNow = profile.punishedUntil !== null && profile.punishedUntil.getTime() > Date.now();
  return kinds.includes('punished') && punishedNow ? 'punished' : null;
}

/**
 * The kinds of the selected profile's sanction tags (blocked, punished). Written out: in a one-table select
 * drizzle leaves columns unqualified, and `id` would bind inside.
 */
const sanctionKindsOfProfile = () => sql<string[]>`coalesce((
  select array_agg(t.kind)::text[] from profile_tags pt
  inner join tags t on t.id = pt.tag_id
  where pt.profile_id = "profiles"."id" and t.kind in ('blocked', 'punished')
), '{}'::text[])`;

// Every app-scoped request reads these (the feed's hot path): prepared once per handle, and the profile comes
// with the kinds of its sanction tags in the same round trip.
const liveProfileWithSanctions = preparedQuery((db) =>
  db
    .select({
      profile: profiles,
      sanctionKinds: sanctionKindsOfProfile(),
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.appId, sql.placeholder('appId')),
        eq(profiles.accountId, sql.placeholder('accountId')),
        isNull(profiles.deletedAt),
      ),
    )
    .prepare('workspace_live_profile_with_sanctions'),
);

type AppAccessOptions = {
  /** Archived apps (and apps of archived projects) are visible to their managers only; set for those screens. */
  includeArchived?: boolean;
};

/**
 * Whether a visitor may sign up to the app (the `registration` ability). Not yet: joining an app needs an
 * invitation or an invite link, and signing up on the app host creates an account, not a profile. The access
 * plans and lock screens decide it per app once they exist (spec: paywall access type `auth`, lock screens
 * with `isRegistration`); until then the ability is not offered rather than offered falsely (issue 12 §8).
 */
export const acceptsSignUps = (_app: AppRow): boolean => false;

/**
 * Who starts which kind of chat (the chat's settings in `service_settings.chat`) and who besides the managers
 * creates events (the events' in `service_settings.events`), read once per loaded app row: the rows are kept
 * (frozen) by the standing cache and replaced when the app changes, so every request need not parse them again.
 */
const creatorsByApp = new WeakMap<AppRow, Pick<AppPolicyInput, 'chatCreators' | 'eventCreators'>>();
function creatorsOf(app: AppRow) {
  let creators = creatorsByApp.get(app);
  if (!creators) {
    creators = {
      chatCreators: chatSettingsOf(app.serviceSettings.chat),
      eventCreators: eventSettingsOf(app.serviceSettings.events).creators,
    };
    creatorsByApp.set(app, creators);
  }
  return creators;
}

/** The caller's profile in the app with the kinds of its sanction tags, and whether they are on the active team. */
type Standing = {
  profile: ProfileRow | null;
  sanctionKinds: readonly string[];
  isActiveTeamMember: () => Promise<boolean> | boolean;
};

/** Role, sanction and abilities of an account (or a guest) in a loaded app, from its standing there. */
async function accessOf(
  target: { app: AppRow; project: ProjectRow },
  accountId: string | null,
  standing: Standing,
): Promise<AppAccess> {
  const { app, project } = target;
  let role: AppRole = 'guest';
  let sanction: Sanction = null;
  const profile = standing.profile ?? undefined;
  if (accountId) {
    if (profile) {
      role = roleOfProfile(profile);
      sanction = sanctionOf(profile, standing.sanctionKinds);
    }
    if (project.ownerAccountId === accountId) {
      role = 'owner';
      sanction = null;
    } else if (
      !isManagerRole(role) &&
      teamSettingsOf(project.teamSettings).canManageApps &&
      (await standing.isActiveTeamMember())
    ) {
      role = strongerRole(role, 'team');
      sanction = null;
    }
  }
  const can = appAbilities({
    role,
    sanction,
    masquerading: false,
    registrationOpen: acceptsSignUps(app),
    ...creatorsOf(app),
  });
  return { app, project, accountId, profile, role, sanction, masquerade: null, can };
}

/** Computes the access of one account (or a guest) to an already loaded app. */
export async function accessToApp(
  db: DbOrTx,
  target: { app: AppRow; project: ProjectRow },
  accountId: string | null,
): Promise<AppAccess> {
  if (!accountId) {
    return accessOf(target, null, { profile: null, sanctionKinds: [], isActiveTeamMember: () => false });
  }
  const [found] = await liveProfileWithSanctions(db).execute({ appId: target.app.id, accountId });
  return accessOf(target, accountId, {
    profile: found?.profile ?? null,
    sanctionKinds: found?.sanctionKinds ?? [],
    isActiveTeamMember: () => findActiveTeamMembership(db, target.project.id, accountId),
  });
}

/**
 * Every app-scoped request starts here (the feed's hot path): the app, its project, the caller's live profile
 * with its sanction tags and their team membership, in one round trip instead of three.
 */
const appWithCallerStanding = preparedQuery((db) =>
  db
    .select({
      app: apps,
      project: projects,
      profile: profiles,
      sanctionKinds: sanctionKindsOfProfile(),
      isActiveTeamMember: sql<boolean>`exists (
        select 1 from team_members tm
        where tm.project_id = "apps"."project_id" and tm.account_id = ${sql.placeholder('accountId')}::uuid
          and tm.status = 'active'
      )`,
    })
    .from(apps)
    .innerJoin(projects, eq(projects.id, apps.projectId))
    .leftJoin(
      profiles,
      and(
        eq(profiles.appId, apps.id),
        eq(profiles.accountId, sql`${sql.placeholder('accountId')}::uuid`),
        isNull(profiles.deletedAt),
      ),
    )
    .where(eq(apps.id, sql.placeholder('appId')))
    .prepare('workspace_app_with_caller_standing'),
);

type AppStandingRow = Awaited<ReturnType<ReturnType<typeof appWithCallerStanding>['execute']>>[number];

/**
 * The caller's standing in an app (the app, its project, their live profile with its sanction tags, their team
 * membership), kept in memory per app and account (`<app id>:<account id>`): every app-scoped request reads it
 * and it changes rarely. Dropped by the announcements of migration 0018 (server/db/change-cache.ts): a change
 * of the app or its project, of this person's profile in it, of the profile's tags, or of the project's team.
 */
const standingCache = createChangeCache<AppStandingRow>({
  tagsOf: (key, row) => [
    `app:${row.app.id}`,
    `project:${row.project.id}`,
    `member:${key}`,
    ...(row.profile ? [`profile:${row.profile.id}`] : []),
  ],
});

/**
 * The caller's access to an app. 404 when the app does not exist, or is archived and the caller does not
 * manage it. With `actor.masqueradeProfileId` (header `x-masquerade-profile`), an admin allowed to
 * masquerade sees the app with the abilities of that member; anyone else gets 403.
 */
export async function loadAppAccess(
  db: DbOrTx,
  actor: Actor,
  appId: string,
  options: AppAccessOptions = {},
): Promise<AppAccess> {
  if (actor.kind === 'invalid-token') {
    throw unauthorized();
  }
  const accountId = actor.kind === 'account' ? actor.accountId : null;
  const found = await standingCache.read(db, `${appId}:${accountId ?? ''}`, async () => {
    const [row] = await appWithCallerStanding(db).execute({ appId, accountId });
    return row;
  });
  if (!found) {
    throw notFound();
  }
  const target = { app: found.app, project: found.project };
  const real = await accessOf(target, accountId, {
    profile: found.profile,
    sanctionKinds: found.sanctionKinds,
    isActiveTeamMember: () => found.isActiveTeamMember,
  });
  const archived = target.app.isArchive || target.project.isArchive;
  if (archived && !(options.includeArchived && isManagerRole(real.role))) {
    throw notFound();
  }
  const masqueradeProfileId = actor.kind === 'account' ? actor.masqueradeProfileId : undefined;
  if (!masqueradeProfileId) {
    return real;
  }
  if (!real.can.includes('masquerade')) {
    throw forbidden();
  }
  const [viewed] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, masqueradeProfileId), eq(profiles.appId, appId), isNull(profiles.deletedAt)));
  if (!viewed) {
    throw notFound();
  }
  // What the viewed person may do with their own session: their profile, project ownership and team rights.
  const own = await accessToApp(db, target, viewed.accountId);
  if (!mayMasqueradeAs(real.role, viewed.accountId === accountId, own.role)) {
    throw forbidden();
  }
  const viewedCan = appAbilities({
    role: own.role,
    sanction: own.sanction,
    masquerading: true,
    registrationOpen: acceptsSignUps(target.app),
    ...creatorsOf(target.app),
  });
  return {
    ...real,
    profile: viewed,
    role: own.role,
    sanction: own.sanction,
    masquerade: { realAccountId: accountId!, realProfileId: real.profile?.id ?? null, profileId: viewed.id },
    // Masquerade only ever lowers rights: never more than the viewed person has, nor more than the caller.
    can: viewedCan.filter((ability) => real.can.includes(ability)),
  };
}

/**
 * Whom a caller with the masquerade ability may view the app as (issue 12): never themselves, never an
 * invited person, never the owner; other managers (admins, team) only when the caller is the owner.
 */
export function mayMasqueradeAs(callerRole: AppRole, isSelf: boolean, viewedRole: AppRole): boolean {
  if (isSelf || viewedRole === 'invited' || viewedRole === 'guest' || viewedRole === 'owner') {
    return false;
  }
  return isManagerRole(viewedRole) ? callerRole === 'owner' : true;
}

/**
 * The caller's access to an app's member administration (members, tags, custom fields, invite links, imports).
 * The app itself may be public, but what it keeps about its members is not: anyone without a role in the app
 * (guests, invited people who have not joined, people of other projects) gets the same 404 as for an unknown
 * app. Members without the needed ability then get 403 from `requireApp`.
 */
export async function loadMemberAreaAccess(db: DbOrTx, actor: Actor, appId: string): Promise<AppAccess> {
  const access = await loadAppAccess(db, actor, appId);
  if (access.role === 'guest' || access.role === 'invited') {
    throw notFound();
  }
  return access;
}

export function requireApp(access: AppAccess, ability: AppAbility): void {
  if (!access.can.includes(ability)) {
    throw forbidden();
  }
}

/**
 * Projects an account may open on the service host (owned, or on the active team), with archived ones
 * when asked. Reads across projects on purpose: keyed by the account.
 */
export function visibleProjectsCondition(accountId: string) {
  return or(
    eq(projects.ownerAccountId, accountId),
    sql`exists (select 1 from ${teamMembers} where ${teamMembers.projectId} = ${projects.id} and ${teamMembers.accountId} = ${accountId} and ${teamMembers.status} = 'active')`,
  );
}
