import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { CommentEntity } from '../community/public.ts';
import { loadEventAccess } from './events.access.ts';

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
  };
}
