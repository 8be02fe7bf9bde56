import {
  postPageSize,
  type HomeFeedQuery,
  type PostList,
  type PostListQuery,
  type PostMeta,
  type PostSort,
  type SpacePostCounters,
} from '../../../contracts/community-posts.ts';
import { homeDefaults } from '../../../contracts/constants.ts';
import type { PostDiscriminator } from '../../../contracts/enums.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { servicesOf } from '../apps/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import { loadAppAccess, type AppAccess } from '../workspace/public.ts';
import {
  communityActorOf,
  loadCommunityView,
  readableSpaceIds,
  type CategoryAccess,
  type CommunityView,
  type SpaceAccess,
} from './community.access.ts';
import { categoryAbilities } from './community.policy.ts';
import { listPage } from './feed.pages.ts';
import {
  authorPage,
  homeTotalOf,
  markSpaceRead,
  newPostCounts,
  scheduledPage,
  type Container,
  type FeedScope,
} from './feed.repo.ts';
import { appIdsOfPosts, findPostViews } from './posts.repo.ts';
import {
  presentPostIds,
  presentPostRows,
  viewerOfCommunity,
  viewerOfContainer,
  type PostViewer,
} from './posts.views.ts';
import { assertSpaceLevel } from './space-level.ts';

/*
 * Lists of posts (spec §7 "Posts", `posts/home`, `spaces/posts/counters`): a space's and a category's posts,
 * the home feed, a member's posts and the per-space counters. Visibility comes from the loaded community view
 * (community.access.ts); each list is a few prepared queries whatever the page (feed.repo.ts).
 */

const dayMs = 24 * 3600 * 1000;

const pagesOf = (total: number) => Math.ceil(total / postPageSize);

/** The home service settings that shape the feed (spec §3 "Home service settings"). */
function homeSettingsOf(app: AppAccess) {
  const settings = (app.app.serviceSettings.home ?? {}) as {
    trendingPostsWindowInDays?: number;
    showPostsFromAllPublicSpaces?: boolean;
  };
  return {
    windowDays: settings.trendingPostsWindowInDays ?? homeDefaults.trendingPostsWindowInDays,
    showAllSpaces: settings.showPostsFromAllPublicSpaces ?? true,
  };
}

/** Whether the caller reads the communities categories (the service is on and lets them in). */
function readsCategories(app: AppAccess): boolean {
  return (
    servicesOf(app.app.options).communities &&
    categoryAbilities(communityActorOf(app, 'communities')).includes('view')
  );
}

/** The containers whose posts the caller reads (every readable space; the categories when on). */
export function feedScopeOf(view: CommunityView, options: { joinedOnly?: boolean } = {}): FeedScope {
  const readable = new Set(readableSpaceIds(view));
  const spaceIds = view.spaces
    .filter((space) => readable.has(space.id))
    .filter((space) => !options.joinedOnly || space.standing.membership === 'active')
    .map((space) => space.id);
  return { appId: view.app.app.id, spaceIds, withCategories: readsCategories(view.app), since: null };
}

/** What the home feed reads for a caller: their readable spaces (joined ones only when the app says so), the categories. */
export const homeScopeOf = (view: CommunityView): FeedScope =>
  feedScopeOf(view, { joinedOnly: !homeSettingsOf(view.app).showAllSpaces });

/** markSpaceRead leaves a mark younger than this alone (feed.repo.ts). */
const markFreshMs = 60_000;
const maxRecentMarks = 50_000;

export function createFeedService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;
  // The space marks this instance sent lately (member and space → when), oldest first.
  const recentMarks = new Map<string, number>();

  async function containerList(
    container: Container,
    viewer: PostViewer,
    options: { sort: PostSort; page: number; total: number },
  ): Promise<PostList> {
    const { rows } = await listPage(
      db,
      { kind: container.kind, appId: container.appId, containerId: container.id },
      options.sort,
      { page: options.page, pageSize: postPageSize, viewerProfileId: viewer.profileId },
    );
    return {
      data: await presentPostRows(db, sign, rows, viewer),
      meta: { page: options.page, pages: pagesOf(options.total), total: options.total },
    };
  }

  async function scheduledList(
    container: Container,
    viewer: PostViewer,
    options: { page: number; moderates: boolean },
  ): Promise<PostList> {
    const { ids, total } = await scheduledPage(
      db,
      container,
      { profileId: viewer.profileId, moderates: options.moderates },
      { limit: postPageSize, offset: (options.page - 1) * postPageSize },
    );
    return {
      data: await presentPostIds(db, sign, ids, viewer),
      meta: { page: options.page, pages: pagesOf(total), total },
    };
  }

  return {
    /** Opening a space's posts: 403 LEVEL_REQUIRED below the level the space asks for (issue 21). */
    opens: (access: SpaceAccess): Promise<void> => assertSpaceLevel(db, access),

    /** A space's posts (the route also marks the space read on page 1: `markOpened`). */
    async spacePosts(access: SpaceAccess, query: PostListQuery): Promise<PostList> {
      const { space } = access;
      const container: Container = { kind: 'space', id: space.id, appId: space.appId };
      const viewer = viewerOfContainer(access.app, access.actor, {
        readable: access.readable,
        moderates: access.moderates,
      });
      if (query.type === 'scheduled') {
        return scheduledList(container, viewer, { page: query.page, moderates: access.moderates });
      }
      return containerList(container, viewer, {
        sort: query.sort ?? (space.defaultSort === 'first_name' ? 'latest' : space.defaultSort),
        page: query.page,
        total: space.postsCount,
      });
    },

    /**
     * Page 1 of a space marks it read for the caller (the new-post counters). The statement writes nothing while
     * the mark is younger than a minute, so this instance does not send it again within that minute either.
     */
    async markOpened(access: SpaceAccess, query: PostListQuery): Promise<void> {
      const profileId = access.app.masquerade ? null : (access.app.profile?.id ?? null);
      if (query.page !== 1 || query.type === 'scheduled' || !profileId) {
        return;
      }
      const key = `${profileId}:${access.space.id}`;
      const now = Date.now();
      if ((recentMarks.get(key) ?? 0) > now - markFreshMs) {
        return;
      }
      await markSpaceRead(db, profileId, access.space.id);
      recentMarks.delete(key);
      recentMarks.set(key, now);
      if (recentMarks.size > maxRecentMarks) {
        recentMarks.delete(recentMarks.keys().next().value!);
      }
    },

    async categoryPosts(access: CategoryAccess, query: PostListQuery): Promise<PostList> {
      const { category } = access;
      const container: Container = { kind: 'category', id: category.id, appId: category.appId };
      const viewer = viewerOfContainer(access.app, access.actor, {
        readable: true,
        moderates: access.moderates,
      });
      if (query.type === 'scheduled') {
        return scheduledList(container, viewer, { page: query.page, moderates: access.moderates });
      }
      return containerList(container, viewer, {
        sort: query.sort ?? 'latest',
        page: query.page,
        total: category.postsCount,
      });
    },

    /**
     * The home feed: every space the caller reads (only those they joined when the home setting
     * `showPostsFromAllPublicSpaces` is off) and the categories; pinned posts first; trends within the window.
     */
    async home(view: CommunityView, query: HomeFeedQuery): Promise<PostList> {
      const settings = homeSettingsOf(view.app);
      const scope: FeedScope = {
        ...homeScopeOf(view),
        since: query.sort === 'trends' ? new Date(Date.now() - settings.windowDays * dayMs) : null,
      };
      const viewer = viewerOfCommunity(view);
      const { rows, total } = await listPage(db, { kind: 'home', ...scope }, query.sort, {
        page: query.page,
        pageSize: postPageSize,
        viewerProfileId: viewer.profileId,
      });
      // Past the last page (or an empty feed) no row carries the total.
      const count = total ?? (await homeTotalOf(db, scope));
      return {
        data: await presentPostRows(db, sign, rows, viewer),
        meta: { page: query.page, pages: pagesOf(count), total: count },
      };
    },

    /** New posts per readable space since the caller last opened it; nothing for callers without a profile. */
    async counters(view: CommunityView): Promise<SpacePostCounters> {
      const profile = view.app.profile;
      const spaceIds = readableSpaceIds(view);
      if (!profile || view.app.masquerade) {
        return spaceIds.map((spaceId) => ({ spaceId, newPostsCount: 0 }));
      }
      const counts = await newPostCounts(db, profile, spaceIds);
      return spaceIds.map((spaceId) => ({ spaceId, newPostsCount: counts.get(spaceId) ?? 0 }));
    },

    /** The caller's view of each post of `ids` they see (likes, follows, counts, abilities); others left out. */
    async meta(actor: Actor, ids: readonly string[], discriminator: PostDiscriminator): Promise<PostMeta[]> {
      return postMetaOf(db, actor, ids, discriminator);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;

/** `posts/meta`: one query for the posts, then one community view per app among them (normally one). */
async function postMetaOf(
  db: DbOrTx,
  actor: Actor,
  ids: readonly string[],
  discriminator: PostDiscriminator,
): Promise<PostMeta[]> {
  const unique = [...new Set(ids)];
  const appIds = await appIdsOfPosts(db, unique);
  const viewers = new Map<string, PostViewer>();
  for (const appId of appIds) {
    try {
      viewers.set(
        appId,
        viewerOfCommunity(await loadCommunityView(db, await loadAppAccess(db, actor, appId))),
      );
    } catch {
      // An app the caller may not see: its posts are left out like missing ones.
    }
  }
  const profileIds = [...viewers.values()].map((viewer) => viewer.profileId);
  const rows = await findPostViews(db, unique, profileIds.length === 1 ? (profileIds[0] ?? null) : null);
  return rows.flatMap((row) => {
    const viewer = viewers.get(row.appId);
    if (!viewer || row.container !== discriminator) {
      return [];
    }
    const { can } = viewer.abilitiesOf(row);
    if (!can.includes('view')) {
      return [];
    }
    return [
      {
        id: row.id,
        isLiked: row.isLiked,
        isFollowed: row.isFollowed,
        likesCount: row.likesCount,
        commentsCount: row.commentsCount,
        permissions: { can },
      },
    ];
  });
}

/** A member's published posts the caller may read (member page), newest first. */
export async function memberPostsOf(
  db: DbOrTx,
  sign: UrlSign,
  app: AppAccess,
  authorProfileId: string,
  page: number,
): Promise<PostList> {
  const view = await loadCommunityView(db, app);
  const scope = feedScopeOf(view);
  const { ids, total } = await authorPage(
    db,
    { ...scope, authorProfileId },
    { limit: postPageSize, offset: (page - 1) * postPageSize },
  );
  return {
    data: await presentPostIds(db, sign, ids, viewerOfCommunity(view)),
    meta: { page, pages: pagesOf(total), total },
  };
}
