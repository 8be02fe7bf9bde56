import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  communityCategories,
  communityGroupModerators,
  communityGroups,
  communityPosts,
  communitySpaceMembers,
  communitySpaces,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { servicesOf } from '../apps/public.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { assertSpaceLevel } from './space-level.ts';
import {
  categoryAbilities,
  groupAbilities,
  isCommunityManager,
  moderatesCategories,
  moderatesSpace,
  postAbilities,
  spaceAbilities,
  spaceListed,
  spaceReadable,
  type CategoryAbility,
  type CommunityActor,
  type GroupAbility,
  type PostAbility,
  type SpaceAbility,
  type SpaceStanding,
} from './community.policy.ts';

/*
 * Loads what the community's rules need (community.policy.ts) in as few round trips as the hot paths allow:
 * the app access (two prepared queries), then one prepared query for every space of the app with the caller's
 * standing in it. Apps hold tens of spaces, so the feed, the lists, the counters and the dropdowns all filter
 * the same in-memory list; nothing here decides visibility a second way.
 */

export type CommunityService = 'community' | 'communities';

/** The caller as the community sees them; `service` picks whose guest setting and on/off switch applies. */
export function communityActorOf(app: AppAccess, service: CommunityService = 'community'): CommunityActor {
  const settings = app.app.serviceSettings[service] ?? {};
  const serviceOn = servicesOf(app.app.options)[service];
  const actor: CommunityActor = {
    role: app.role,
    sanction: app.sanction,
    profileId: app.profile?.id ?? null,
    guestsMayRead: serviceOn && settings.isVisibleToGuests === true,
  };
  // A switched-off service is gone for everyone but the managers who may switch it on again.
  if (!serviceOn && !isCommunityManager(actor)) {
    return { ...actor, role: 'guest', guestsMayRead: false };
  }
  return actor;
}

export type SpaceStandingRow = {
  id: string;
  groupId: string;
  standing: SpaceStanding;
};

const noProfile = '00000000-0000-0000-0000-000000000000';

// The caller's (`profileId`) membership of the space and moderation of its group, joined to `community_spaces`.
const callersMembership = and(
  eq(communitySpaceMembers.spaceId, communitySpaces.id),
  eq(communitySpaceMembers.profileId, sql.placeholder('profileId')),
);
const callerModeratesGroup = and(
  eq(communityGroupModerators.groupId, communitySpaces.groupId),
  eq(communityGroupModerators.profileId, sql.placeholder('profileId')),
);

/** The caller's standing columns, selected beside a space over the two joins above. */
const standingColumns = {
  status: communitySpaceMembers.status,
  memberRole: communitySpaceMembers.role,
  groupModerator: communityGroupModerators.profileId,
};
type StandingColumns = {
  status: 'active' | 'requested' | null;
  memberRole: string | null;
  groupModerator: string | null;
};

function standingOf(access: SpaceStanding['access'], row: StandingColumns): SpaceStanding {
  return {
    access,
    membership: row.status ?? null,
    isSpaceModerator: row.status === 'active' && row.memberRole === 'moderator',
    isGroupModerator: row.groupModerator !== null,
  };
}

const spacesWithStanding = preparedQuery((db) =>
  db
    .select({
      id: communitySpaces.id,
      groupId: communitySpaces.groupId,
      access: communitySpaces.access,
      ...standingColumns,
    })
    .from(communitySpaces)
    .leftJoin(communitySpaceMembers, callersMembership)
    .leftJoin(communityGroupModerators, callerModeratesGroup)
    .where(eq(communitySpaces.appId, sql.placeholder('appId')))
    .orderBy(communitySpaces.position)
    .prepare('community_spaces_with_standing'),
);

/**
 * Every space's standing rows of a caller, kept in memory per app and profile (server/db/change-cache.ts):
 * dropped when a space of the app is added, removed or changes its access, group or place, and when the
 * person's memberships or group moderation change (migration 0021).
 */
const standingsCache = createChangeCache<SpaceStandingRow[]>({
  tagsOf: (key) => [`community:${key.split(':')[0]}`, `community-member:${key}`],
});

/** Every space of the app with the caller's standing in it, in display order. */
export async function loadSpaceStandings(db: DbOrTx, app: AppAccess): Promise<SpaceStandingRow[]> {
  const profileId = app.profile?.id ?? null;
  const found = await standingsCache.read(db, `${app.app.id}:${profileId ?? ''}`, async () => {
    const rows = await spacesWithStanding(db).execute({
      appId: app.app.id,
      profileId: profileId ?? noProfile,
    });
    return rows.map((row) => ({
      id: row.id,
      groupId: row.groupId,
      standing: standingOf(row.access, row),
    }));
  });
  return found ?? [];
}

/** The community view of one caller in one app: their standing in every space, and the predicates over it. */
export type CommunityView = {
  app: AppAccess;
  actor: CommunityActor;
  spaces: SpaceStandingRow[];
};

export async function loadCommunityView(db: DbOrTx, app: AppAccess): Promise<CommunityView> {
  return { app, actor: communityActorOf(app), spaces: await loadSpaceStandings(db, app) };
}

/** Spaces the caller may read (the feed, search, counters). */
export const readableSpaceIds = (view: CommunityView): string[] =>
  view.spaces.filter((space) => spaceReadable(view.actor, space.standing)).map((space) => space.id);

/** Spaces that show in the caller's lists and dropdowns (private ones included, secret ones only when readable). */
export const listedSpaceIds = (view: CommunityView): string[] =>
  view.spaces.filter((space) => spaceListed(view.actor, space.standing)).map((space) => space.id);

export const abilitiesInSpace = (view: CommunityView, spaceId: string): SpaceAbility[] => {
  const space = view.spaces.find((candidate) => candidate.id === spaceId);
  return space ? spaceAbilities(view.actor, space.standing) : [];
};

// ---------- one space, group, category or post (the route scopes) ----------

export type SpaceRow = typeof communitySpaces.$inferSelect;
export type GroupRow = typeof communityGroups.$inferSelect;
export type CategoryRow = typeof communityCategories.$inferSelect;
export type PostRow = typeof communityPosts.$inferSelect;

const spaceById = preparedQuery((db) =>
  db
    .select()
    .from(communitySpaces)
    .where(eq(communitySpaces.id, sql.placeholder('id')))
    .prepare('community_space_by_id'),
);

export type SpaceAccess = {
  app: AppAccess;
  actor: CommunityActor;
  space: SpaceRow;
  standing: SpaceStanding;
  readable: boolean;
  moderates: boolean;
  can: SpaceAbility[];
};

// One space with the caller's standing in it (their membership, and whether they moderate its group): the
// route scopes of a space and of a post in it need only this, not the standing in every space of the app.
const spaceWithStanding = preparedQuery((db) =>
  db
    .select({
      space: communitySpaces,
      ...standingColumns,
    })
    .from(communitySpaces)
    .leftJoin(communitySpaceMembers, callersMembership)
    .leftJoin(communityGroupModerators, callerModeratesGroup)
    .where(eq(communitySpaces.id, sql.placeholder('id')))
    .prepare('community_space_with_standing'),
);

/** The caller's access to a space with their standing in it; 404 when the space is not the app's or not listed. */
function spaceAccessFrom(app: AppAccess, space: SpaceRow, standing: SpaceStanding): SpaceAccess {
  const actor = communityActorOf(app);
  if (space.appId !== app.app.id || !spaceListed(actor, standing)) {
    throw notFound();
  }
  return {
    app,
    actor,
    space,
    standing,
    readable: spaceReadable(actor, standing),
    moderates: moderatesSpace(actor, standing),
    can: spaceAbilities(actor, standing),
  };
}

/** The space and the caller's access to it, in one round trip; 404 when it does not exist or is not listed. */
async function loadSpaceAccessIn(db: DbOrTx, app: AppAccess, spaceId: string): Promise<SpaceAccess> {
  const [row] = await spaceWithStanding(db).execute({ id: spaceId, profileId: app.profile?.id ?? noProfile });
  if (!row) {
    throw notFound();
  }
  return spaceAccessFrom(app, row.space, standingOf(row.space.access, row));
}

/**
 * The caller's access to a space already loaded with its app access, from their standings in the app's spaces
 * (kept in memory: no round trip); 404 when the space is not listed. The row the caller loaded is the one they
 * act on (it may hold changes of their own transaction, which the kept standings must not: read then instead).
 */
export async function spaceAccessOf(db: DbOrTx, app: AppAccess, space: SpaceRow): Promise<SpaceAccess> {
  if (space.appId !== app.app.id) {
    throw notFound();
  }
  const kept = (await loadSpaceStandings(db, app)).find((row) => row.id === space.id);
  if (!kept) {
    return { ...(await loadSpaceAccessIn(db, app, space.id)), space };
  }
  // The access level of the kept standing: the space row may be the one kept beside a post (not told of changes).
  return spaceAccessFrom(app, space, kept.standing);
}

/**
 * Posts by id and slug for the route scopes, with their space, kept in memory while the post is unchanged: every
 * change of a post is announced (migration 0024). The space beside it is what it was when the post was read: a
 * space's version changes with every comment in it, which is not announced; the caller's standing in the space,
 * its access level included, comes from the kept standings, which are told of every change of it.
 */
const postRows = createChangeCache<{ post: PostRow; space: SpaceRow | null }>({
  tagsOf: (_key, row) => [`post:${row.post.id}`],
});

/**
 * Spaces by id for the route scopes, kept in memory: a space's own changes are announced as space:<id>, and so is
 * every change of a post in it, which raises the space's version (migration 0026) — the version its kept pages
 * are told apart by.
 */
const spaceRows = createChangeCache<SpaceRow>({ tagsOf: (key) => [`space:${key}`] });

export async function loadSpaceAccess(db: DbOrTx, actor: Actor, spaceId: string): Promise<SpaceAccess> {
  const space = await spaceRows.read(db, spaceId, async () => {
    const [row] = await spaceById(db).execute({ id: spaceId });
    return row;
  });
  if (!space) {
    throw notFound();
  }
  return spaceAccessOf(db, await loadAppAccess(db, actor, space.appId), space);
}

export type GroupAccess = { app: AppAccess; actor: CommunityActor; group: GroupRow; can: GroupAbility[] };

export async function loadGroupAccess(db: DbOrTx, actor: Actor, groupId: string): Promise<GroupAccess> {
  const [group] = await db.select().from(communityGroups).where(eq(communityGroups.id, groupId));
  if (!group) {
    throw notFound();
  }
  return groupAccessOf(db, await loadAppAccess(db, actor, group.appId), group);
}

/** The caller's access to a group; 404 unless it holds a space they see, they moderate it or manage the app. */
export async function groupAccessOf(db: DbOrTx, app: AppAccess, group: GroupRow): Promise<GroupAccess> {
  if (group.appId !== app.app.id) {
    throw notFound();
  }
  const view = await loadCommunityView(db, app);
  const inGroup = view.spaces.filter((space) => space.groupId === group.id);
  const isGroupModerator = await moderatesGroup(db, group.id, view.actor.profileId);
  const can = groupAbilities(view.actor, {
    isGroupModerator,
    hasListedSpace: inGroup.some((space) => spaceListed(view.actor, space.standing)),
    isMember: inGroup.some((space) => space.standing.membership !== null),
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { app, actor: view.actor, group, can };
}

async function moderatesGroup(db: DbOrTx, groupId: string, profileId: string | null): Promise<boolean> {
  if (!profileId) {
    return false;
  }
  const [row] = await db
    .select({ profileId: communityGroupModerators.profileId })
    .from(communityGroupModerators)
    .where(
      and(eq(communityGroupModerators.groupId, groupId), eq(communityGroupModerators.profileId, profileId)),
    );
  return Boolean(row);
}

export type CategoryAccess = {
  app: AppAccess;
  actor: CommunityActor;
  category: CategoryRow;
  moderates: boolean;
  can: CategoryAbility[];
};

export function categoryAccessOf(app: AppAccess, category: CategoryRow): CategoryAccess {
  if (category.appId !== app.app.id) {
    throw notFound();
  }
  const actor = communityActorOf(app, 'communities');
  const can = categoryAbilities(actor);
  if (!can.includes('view')) {
    throw notFound();
  }
  return { app, actor, category, moderates: moderatesCategories(actor), can };
}

export async function loadCategoryAccess(
  db: DbOrTx,
  actor: Actor,
  categoryId: string,
): Promise<CategoryAccess> {
  const [category] = await db
    .select()
    .from(communityCategories)
    .where(eq(communityCategories.id, categoryId));
  if (!category) {
    throw notFound();
  }
  return categoryAccessOf(await loadAppAccess(db, actor, category.appId), category);
}

export type PostAccess = {
  app: AppAccess;
  actor: CommunityActor;
  post: PostRow;
  /** The container's access: the space of a groups post, the category of a communities post. */
  space: SpaceAccess | null;
  category: CategoryAccess | null;
  moderates: boolean;
  can: PostAbility[];
};

const postById = preparedQuery((db) =>
  db
    .select()
    .from(communityPosts)
    .where(eq(communityPosts.id, sql.placeholder('id')))
    .prepare('community_post_by_id'),
);

// A post with its space (a groups post), for the route scopes: the caller's standing in the space comes from
// the kept standings, so a post's access is one round trip.
const postWithSpaceById = preparedQuery((db) =>
  db
    .select({ post: communityPosts, space: communitySpaces })
    .from(communityPosts)
    .leftJoin(communitySpaces, eq(communitySpaces.id, communityPosts.spaceId))
    .where(eq(communityPosts.id, sql.placeholder('id')))
    .prepare('community_post_with_space_by_id'),
);

const postWithSpaceBySlug = preparedQuery((db) =>
  db
    .select({ post: communityPosts, space: communitySpaces })
    .from(communityPosts)
    .leftJoin(communitySpaces, eq(communitySpaces.id, communityPosts.spaceId))
    .where(
      and(
        eq(communityPosts.appId, sql.placeholder('appId')),
        eq(communityPosts.slug, sql.placeholder('slug')),
        isNull(communityPosts.deletedAt),
      ),
    )
    .prepare('community_post_with_space_by_slug'),
);

/** A live post of the app by its slug, with its space. */
export async function findPostWithSpaceBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<{ post: PostRow; space: SpaceRow | null } | undefined> {
  return postRows.read(db, `slug:${appId}:${slug}`, async () => {
    const [found] = await postWithSpaceBySlug(db).execute({ appId, slug });
    return found;
  });
}

export async function findLivePost(db: DbOrTx, postId: string): Promise<PostRow | undefined> {
  const [post] = await postById(db).execute({ id: postId });
  return post && post.deletedAt === null ? post : undefined;
}

/** The caller's access to a live post; 404 when the post, its container or (unpublished) the post is not visible. */
export async function postAccessOf(
  db: DbOrTx,
  app: AppAccess,
  post: PostRow,
  /** The post's space, when it was read with the post. */
  spaceRow?: SpaceRow | null,
): Promise<PostAccess> {
  if (post.appId !== app.app.id || post.deletedAt !== null) {
    throw notFound();
  }
  let container: { readable: boolean; moderates: boolean };
  let space: SpaceAccess | null = null;
  let category: CategoryAccess | null = null;
  let actor: CommunityActor;
  if (post.spaceId) {
    space =
      spaceRow?.id === post.spaceId
        ? await spaceAccessOf(db, app, spaceRow)
        : await loadSpaceAccessIn(db, app, post.spaceId);
    container = { readable: space.readable, moderates: space.moderates };
    actor = space.actor;
  } else {
    const [row] = await db
      .select()
      .from(communityCategories)
      .where(eq(communityCategories.id, post.categoryId!));
    if (!row) {
      throw notFound();
    }
    category = categoryAccessOf(app, row);
    container = { readable: true, moderates: category.moderates };
    actor = category.actor;
  }
  const can = postAbilities(actor, container, {
    authorProfileId: post.authorProfileId,
    isPublished: post.publishedAt !== null,
    isHeld: post.heldAt !== null,
    isCommentsDisabled: post.isCommentsDisabled,
    isLikesDisabled: post.isLikesDisabled,
    isShareDisabled: post.isShareDisabled,
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  if (space) {
    // A gated space's posts stay closed below its level (issue 21), also opened one by one by their link.
    await assertSpaceLevel(db, space);
  }
  return { app, actor, post, space, category, moderates: container.moderates, can };
}

export async function loadPostAccess(db: DbOrTx, actor: Actor, postId: string): Promise<PostAccess> {
  const found = await postRows.read(db, `id:${postId}`, async () => {
    const [row] = await postWithSpaceById(db).execute({ id: postId });
    return row;
  });
  if (!found || found.post.deletedAt !== null) {
    throw notFound();
  }
  return postAccessOf(db, await loadAppAccess(db, actor, found.post.appId), found.post, found.space);
}
