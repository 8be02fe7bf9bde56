import type { NotificationType } from '../../../contracts/notifications.ts';
import type { ModerationItem } from '../../../contracts/moderation.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UrlSign } from '../cloud/public.ts';
import {
  hideCommentForModeration,
  hidePostForModeration,
  moderatedContentOf,
  releasePostFromModeration,
  reversePointsForModeration,
  unhideCommentForModeration,
  type OnPublished,
} from '../community/public.ts';
import { recordNotifications, type Notifier, type RecordedNotification } from '../notifications/public.ts';
import { presentItems } from './inbox.service.ts';
import { lockItem, updateItem, type ItemRow } from './items.repo.ts';
import type { ItemAccess } from './moderation.scopes.ts';
import type { ModerationSignals } from './signals.ts';

/*
 * Approving and rejecting (MODERATION-06, 07; spec §4 "Moderation item": inbox → approved by approve; reject
 * removes the approval). Each decision is one transaction over the locked item: the item's status, the content
 * (a post published again or held, a comment shown or hidden, with their counters) and the author's
 * notification; a decision the item already has changes nothing, so two moderators deciding at once count
 * once. After the commit: the author's badge, the moderators' counters and, for a post published now, the
 * app's feed counters and its space's new-post notifications.
 */

type Decision = { item: ItemRow; recorded: RecordedNotification[]; published: boolean } | null;

export function createDecisionService(deps: {
  db: Db;
  sign: UrlSign;
  notifier: Pick<Notifier, 'deliver'>;
  signals: ModerationSignals;
  onPublished: OnPublished;
}) {
  const { db, sign } = deps;

  /** The post's title for the author's notification (a comment's: the post it is on). */
  async function titleOf(tx: DbOrTx, item: ItemRow): Promise<string> {
    const { posts } = await moderatedContentOf(tx, { postIds: [item.postId], commentIds: [] });
    return posts.get(item.postId)?.name ?? '';
  }

  async function tell(
    tx: DbOrTx,
    item: ItemRow,
    type: NotificationType,
    actorProfileId: string | null,
    data: Record<string, string>,
  ): Promise<RecordedNotification[]> {
    return recordNotifications(tx, [
      {
        appId: item.appId,
        type,
        recipients: [item.authorProfileId],
        actorProfileId,
        postId: item.postId,
        commentId: item.entityType === 'comment' ? item.entityId : null,
        data: { ...data, title: await titleOf(tx, item) },
      },
    ]);
  }

  /** After the commit: the author's badge, the moderators' counters, a published post's news. */
  async function finish(access: ItemAccess, decision: Decision): Promise<ModerationItem> {
    const row = decision?.item ?? access.item;
    if (decision) {
      await deps.notifier.deliver(decision.recorded);
      deps.signals.inboxChanged(row.appId, row.spaceId);
      if (decision.published) {
        deps.onPublished(row.appId, row.postId);
      }
    }
    const [item] = await presentItems(db, sign, [row]);
    return item!;
  }

  return {
    /** Publishes a held post (again: at its earlier time after reports) or shows a hidden comment. */
    async approve(access: ItemAccess): Promise<ModerationItem> {
      const moderatorId = access.app.profile?.id ?? null;
      const decision: Decision = await db.transaction(async (tx) => {
        const current = await lockItem(tx, access.item.id);
        if (!current || current.status === 'approved') {
          return null;
        }
        let published = false;
        if (current.entityType === 'post') {
          published = await releasePostFromModeration(tx, current.entityId, current.stashedPublishedAt);
        } else {
          await unhideCommentForModeration(tx, current.entityId);
        }
        const item = await updateItem(tx, current.id, {
          status: 'approved',
          reason: '',
          isHidden: false,
          stashedPublishedAt: null,
          decidedByProfileId: moderatorId,
          decidedAt: new Date(),
        });
        // A post's author hears that it is (again) visible; a comment's author only when it had been hidden (by
        // reports or a rejection): one never hidden was never taken from anyone, so there is nothing to tell.
        const recorded =
          current.entityType === 'post'
            ? await tell(tx, item, 'post_approved', moderatorId, {})
            : current.isHidden
              ? await tell(tx, item, 'comment_approved', moderatorId, {})
              : [];
        return { item, recorded, published };
      });
      return finish(access, decision);
    },

    /** Hides the post or comment (a published post keeps its publication time for a later approval). */
    async reject(access: ItemAccess, reason: string): Promise<ModerationItem> {
      const moderatorId = access.app.profile?.id ?? null;
      const decision: Decision = await db.transaction(async (tx) => {
        const current = await lockItem(tx, access.item.id);
        if (!current || current.status === 'rejected') {
          return null;
        }
        let stashedPublishedAt = current.stashedPublishedAt;
        if (current.entityType === 'post') {
          const hidden = await hidePostForModeration(tx, current.entityId);
          stashedPublishedAt = hidden?.publishedAt ?? stashedPublishedAt;
        } else {
          await hideCommentForModeration(tx, current.entityId);
        }
        // What the content earned goes with it (issue 21).
        await reversePointsForModeration(tx, current.appId, current.entityId);
        const item = await updateItem(tx, current.id, {
          status: 'rejected',
          reason,
          isHidden: true,
          stashedPublishedAt,
          decidedByProfileId: moderatorId,
          decidedAt: new Date(),
        });
        const type = current.entityType === 'post' ? 'post_rejected' : 'comment_rejected';
        const recorded = await tell(tx, item, type, moderatorId, { reason });
        return { item, recorded, published: false };
      });
      return finish(access, decision);
    },
  };
}

export type DecisionService = ReturnType<typeof createDecisionService>;
