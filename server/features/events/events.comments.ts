import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { CommentEntity, CommentNotices } from '../community/public.ts';
import { recordNotifications } from '../notifications/public.ts';
import { loadEventAccess, type EventRow } from './events.access.ts';

/*
 * Comments on events (issue 18) run on the community's comments engine (`entityType` event): this is what it
 * asks of an event. Readers: whoever may view the event; writers: the event's `comment` ability (members who
 * see it, not guests, not sanctioned); the event's organizers (its author, hosts, the events managers) delete
 * any comment on it. The counter is `events.comments_count`, moved in the comment's own transaction.
 */

/** Moves an event's comment counter by `delta` (never below zero). */
export const countEventComments = (tx: DbOrTx, eventId: string, delta: number) =>
  tx
    .update(events)
    .set({ commentsCount: sql`greatest(${events.commentsCount} + ${delta}, 0)` })
    .where(eq(events.id, eventId));

/** The event as the comments engine sees it; 404 when the caller may not view it. */
export async function eventCommentEntity(db: DbOrTx, actor: Actor, eventId: string): Promise<CommentEntity> {
  const access = await loadEventAccess(db, actor, eventId);
  const { role, sanction, profileId, guestsMayView } = access.actor;
  return {
    id: access.event.id,
    appId: access.event.appId,
    actor: { role, sanction, profileId, guestsMayRead: guestsMayView },
    canView: access.can.includes('view'),
    canComment: access.can.includes('comment'),
    moderates: access.can.includes('edit'),
    count: (tx, delta) => countEventComments(tx, access.event.id, delta),
    post: null,
    notices: eventCommentNotices(access.event),
  };
}

type Candidate = { id: string; why: 'mention' | 'parent' | 'organizer' };

/**
 * Who hears of comments on an event, those of them who are live members of its app (not only invited): the
 * mentioned (mention), the author of the comment replied to (comment_reply), the event's author and hosts
 * (new_comment); each once, the first reason winning; a comment's author hears of its likes (comment_like).
 * The items name the event (`title`, `eventId`, `eventSlug`) and lead to its page; they collapse per event.
 */
export function eventCommentNotices(event: EventRow): CommentNotices {
  const data = { title: event.name, eventId: event.id, eventSlug: event.slug };
  const membersAmong = async (tx: DbOrTx, candidates: SQL): Promise<Candidate[]> => {
    const result: unknown = await tx.execute(
      sql`with candidates (id, why) as (${candidates})
        select c.id, c.why from candidates c inner join profiles p on p.id = c.id
        where p.app_id = ${event.appId} and p.deleted_at is null and p.type <> 'invited'`,
    );
    return (result as { rows: Candidate[] }).rows;
  };
  return {
    async written(tx, comment) {
      const found = await membersAmong(
        tx,
        sql`select unnest(${sql.param(comment.mentionedProfileIds)}::uuid[]), 'mention'
          union all
          select author_profile_id, 'parent' from comments
          where id = ${comment.parentCommentId}::uuid and not is_deleted
          union all
          select author_profile_id, 'organizer' from events where id = ${event.id} and author_profile_id is not null
          union all
          select profile_id, 'organizer' from event_hosts where event_id = ${event.id}`,
      );
      const told = new Set([comment.authorProfileId]);
      const take = (why: Candidate['why']) =>
        found.flatMap((row) => (row.why !== why || told.has(row.id) ? [] : (told.add(row.id), [row.id])));
      const base = {
        appId: event.appId,
        actorProfileId: comment.authorProfileId,
        commentId: comment.id,
        data,
      };
      return recordNotifications(tx, [
        { ...base, type: 'mention', recipients: take('mention') },
        {
          ...base,
          type: 'comment_reply',
          recipients: take('parent'),
          collapseKey: `comment_reply:${event.id}`,
        },
        {
          ...base,
          type: 'new_comment',
          recipients: take('organizer'),
          collapseKey: `new_comment:${event.id}`,
        },
      ]);
    },
    async liked(tx, like) {
      const found = await membersAmong(tx, sql`select ${like.commentAuthorProfileId}::uuid, 'parent'`);
      return recordNotifications(tx, [
        {
          appId: event.appId,
          type: 'comment_like',
          recipients: found.map((row) => row.id),
          actorProfileId: like.likerProfileId,
          commentId: like.commentId,
          collapseKey: `comment_like:${like.commentId}`,
          data,
        },
      ]);
    },
  };
}
