import type { DbOrTx } from '../../db/client.ts';
import { assertWithinHourlyLimit, moderationSettingsOf } from '../moderation/public.ts';
import { countPublishedPostsOf, latestPostTimes } from './posts.repo.ts';
import type { PostTarget } from './posts.service.ts';

/*
 * What the moderation settings (issue 16) ask of a new post: the author's hourly limit, and whether the post
 * waits in the moderation inbox before anyone else sees it — in a space with pre-moderation, or while the
 * author has fewer published posts than the app's `premoderateFirstPosts`. Communities categories have no
 * pre-moderation flag of their own; the first-posts rule applies there too. Whoever moderates the container
 * (its moderators, the app's moderators and managers) is neither limited nor held.
 */

export async function moderationOfNewPost(
  db: DbOrTx,
  target: PostTarget,
  authorProfileId: string,
): Promise<{ held: boolean }> {
  if (target.access.moderates) {
    return { held: false };
  }
  const settings = await moderationSettingsOf(db, target.access.app.app.id);
  if (settings.postsPerHour > 0) {
    const latest = await latestPostTimes(db, authorProfileId, settings.postsPerHour);
    assertWithinHourlyLimit('post', latest, settings.postsPerHour);
  }
  if (target.kind === 'space' && target.access.space.preModeration) {
    return { held: true };
  }
  const firstPosts = settings.premoderateFirstPosts;
  return {
    held: firstPosts > 0 && (await countPublishedPostsOf(db, authorProfileId, firstPosts)) < firstPosts,
  };
}
