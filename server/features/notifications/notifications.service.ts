import {
  notificationLimits,
  type Notification,
  type NotificationCounters,
  type NotificationList,
  type NotificationListQuery,
} from '../../../contracts/notifications.ts';
import type { Db } from '../../db/client.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import { readableSpaceIdsOf } from '../community/public.ts';
import type { Notifier } from './notifier.ts';
import * as repo from './notifications.repo.ts';
import type { NotificationItemAccess, OwnNotificationsAccess } from './notifications.scopes.ts';

/** Items about the recipient's own post or comment (its author keeps seeing the title). */
const ownNews = new Set(['post_approved', 'post_rejected', 'comment_rejected', 'comment_approved']);

/** Actors shown with each item; the rest are counted (`actorsCount`). */
const actorsShown = 3;

const pagesOf = (total: number, size: number) => Math.ceil(total / size);

export function createNotificationService(deps: { db: Db; sign: UrlSign; notifier: Notifier }) {
  const { db, sign, notifier } = deps;

  /**
   * The page's items with their actors and posts. A post the person may no longer read (they left a private
   * space, it went secret, it was deleted or held) opens nothing: `post` is null and its title is not shown.
   */
  async function present(
    access: OwnNotificationsAccess,
    rows: repo.NotificationRow[],
  ): Promise<Notification[]> {
    const actorIds = [...new Set(rows.flatMap((row) => row.actorIds.slice(0, actorsShown)))];
    const postIds = [...new Set(rows.flatMap((row) => (row.postId ? [row.postId] : [])))];
    const [actors, posts] = await Promise.all([
      repo.actorsByIds(db, actorIds),
      repo.livePostsByIds(db, postIds),
    ]);
    const readable =
      posts.some((post) => post.spaceId !== null) || posts.some((post) => post.container === 'communities')
        ? await readableSpaceIdsOf(db, access.actor, access.appId)
        : { spaceIds: new Set<string>(), categories: false };
    const visiblePosts = new Map(
      posts
        .filter((post) => (post.spaceId !== null ? readable.spaceIds.has(post.spaceId) : readable.categories))
        .map((post) => [post.id, post]),
    );
    const actorById = new Map(actors.map((actor) => [actor.profileId, actor]));
    return rows.map((row) => {
      const post = row.postId ? visiblePosts.get(row.postId) : undefined;
      return {
        id: row.id,
        type: row.type,
        isRead: row.readAt !== null,
        count: row.count,
        actorsCount: row.actorsCount,
        actors: row.actorIds.slice(0, actorsShown).flatMap((id) => {
          const actor = actorById.get(id);
          return actor
            ? [
                {
                  profileId: actor.profileId,
                  name: `${actor.firstName} ${actor.lastName}`.trim(),
                  avatarUrl: pictureUrl(sign, actor.avatarId, 'tile'),
                },
              ]
            : [];
        }),
        post: post
          ? {
              id: post.id,
              slug: post.slug,
              name: post.name,
              container: post.container,
              spaceSlug: post.spaceSlug,
            }
          : null,
        commentId: post ? row.commentId : null,
        // The title fixed in `data` belongs to the post: hidden with it, except from its author's moderation news.
        data: post || !row.postId || ownNews.has(row.type) ? row.data : withoutTitle(row.data),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  return {
    async list(access: OwnNotificationsAccess, query: NotificationListQuery): Promise<NotificationList> {
      const size = notificationLimits.pageSize;
      const page = await repo.listNotifications(db, access.profileId, {
        unreadOnly: query.unread === 'true',
        limit: size,
        offset: (query.page - 1) * size,
      });
      return {
        data: await present(access, page.rows),
        meta: { page: query.page, pages: pagesOf(page.total, size), total: page.total },
      };
    },

    /** The badge came with the caller's profile in the scope's one read. */
    counters(access: OwnNotificationsAccess): NotificationCounters {
      return { notifications: access.unread };
    },

    async readAll(access: OwnNotificationsAccess): Promise<void> {
      if (await repo.markAllRead(db, access.profileId)) {
        notifier.badge(access.profileId, 0);
      }
    },

    async readOne(access: NotificationItemAccess): Promise<void> {
      const unread = await repo.markRead(db, access.profileId, access.notificationId);
      if (unread !== null) {
        notifier.badge(access.profileId, unread);
      }
    },
  };
}

function withoutTitle(data: Record<string, string>): Record<string, string> {
  const { title: _title, ...rest } = data;
  return rest;
}

export type NotificationService = ReturnType<typeof createNotificationService>;
