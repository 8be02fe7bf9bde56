import type { DbOrTx } from '../../db/client.ts';
import { awardPoints, reverseSource, reverseSubject } from '../gamification/public.ts';

/*
 * The community's points (issue 21, docs/decisions/gamification.md "Earning and level gates"): a post earns its
 * author when it is published (at once, by its schedule, or by a moderator's approval), a comment when it is
 * written, a like its content's author (never one's own). Each award runs in the transaction of its action;
 * deleting or rejecting the content reverses what it earned, the likes it received included; an unlike
 * reverses that like. The ledger keeps each source once, so a like given again or a post approved again after
 * a rejection earns nothing new.
 */

export const awardPostPoints = (tx: DbOrTx, post: { appId: string; id: string; authorProfileId: string }) =>
  awardPoints(tx, {
    appId: post.appId,
    profileId: post.authorProfileId,
    action: 'post_created',
    sourceKey: `post:${post.id}`,
    subjectId: post.id,
  });

export const awardCommentPoints = (
  tx: DbOrTx,
  comment: { appId: string; id: string; authorProfileId: string },
) =>
  awardPoints(tx, {
    appId: comment.appId,
    profileId: comment.authorProfileId,
    action: 'comment_created',
    sourceKey: `comment:${comment.id}`,
    subjectId: comment.id,
  });

/** Everything a post or comment earned (its author's points, the likes it received). */
export const reverseContentPoints = (tx: DbOrTx, appId: string, contentId: string) =>
  reverseSubject(tx, appId, contentId);

type Like = { appId: string; contentId: string; authorProfileId: string; likerProfileId: string };

/** A like (`liked`) earns the content's author; taking it back reverses that. One's own like earns nothing. */
export async function likePoints(tx: DbOrTx, like: Like, liked: boolean): Promise<void> {
  if (like.authorProfileId === like.likerProfileId) {
    return;
  }
  const event = {
    appId: like.appId,
    profileId: like.authorProfileId,
    action: 'like_received' as const,
    sourceKey: `like:${like.contentId}:${like.likerProfileId}`,
  };
  if (liked) {
    await awardPoints(tx, { ...event, subjectId: like.contentId });
  } else {
    await reverseSource(tx, event);
  }
}
