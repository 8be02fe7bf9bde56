import type { Post, PostAbility, Vote } from '../../../contracts/community-posts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { attachedFiles, type UrlSign } from '../cloud/public.ts';
import { moderationStatusOfPosts } from '../moderation/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { communityActorOf, type CommunityView, type PostAccess } from './community.access.ts';
import {
  categoryAbilities,
  mayWrite,
  moderatesCategories,
  moderatesSpace,
  postAbilities,
  spaceReadable,
  type CommunityActor,
} from './community.policy.ts';
import { presentPost, presentVote } from './posts.presenter.ts';
import { findPostViews, type PostViewRow } from './posts.repo.ts';
import { findVoteViews } from './votes.repo.ts';

/*
 * Posts as the caller sees them, for every list and every answer with posts: the rows of a page in one query,
 * then their media and polls (only when a post of the page has any), then the caller's abilities per post from
 * the loaded community view (community.policy.ts) — no query per post.
 */

/** What the caller may do with each post, and who they are in its container. */
export type PostViewer = {
  profileId: string | null;
  abilitiesOf(row: PostViewRow): { can: PostAbility[]; actor: CommunityActor };
};

const factsOf = (row: PostViewRow) => ({
  authorProfileId: row.authorProfileId,
  isPublished: row.publishedAt !== null,
  isHeld: row.heldAt !== null,
  isCommentsDisabled: row.isCommentsDisabled,
  isLikesDisabled: row.isLikesDisabled,
  isShareDisabled: row.isShareDisabled,
});

/** The caller of a community view (feeds, lists, search): their standing in every space of the app. */
export function viewerOfCommunity(view: CommunityView): PostViewer {
  const spaceActor = view.actor;
  const categoryActor = communityActorOf(view.app, 'communities');
  const standings = new Map(view.spaces.map((space) => [space.id, space.standing]));
  const categoryReadable = categoryAbilities(categoryActor).includes('view');
  const categoryModerates = moderatesCategories(categoryActor);
  return {
    profileId: view.app.profile?.id ?? null,
    abilitiesOf(row) {
      if (row.spaceId) {
        const standing = standings.get(row.spaceId);
        const container = standing
          ? { readable: spaceReadable(spaceActor, standing), moderates: moderatesSpace(spaceActor, standing) }
          : { readable: false, moderates: false };
        return { can: postAbilities(spaceActor, container, factsOf(row)), actor: spaceActor };
      }
      const container = { readable: categoryReadable, moderates: categoryModerates };
      return { can: postAbilities(categoryActor, container, factsOf(row)), actor: categoryActor };
    },
  };
}

/** The caller in one space or category whose access is resolved already (a post's route, a create). */
export function viewerOfContainer(
  app: AppAccess,
  actor: CommunityActor,
  container: { readable: boolean; moderates: boolean },
): PostViewer {
  return {
    profileId: app.profile?.id ?? null,
    abilitiesOf: (row) => ({ can: postAbilities(actor, container, factsOf(row)), actor }),
  };
}

/** The caller of one post's route. */
export const viewerOfPost = (access: PostAccess): PostViewer =>
  viewerOfContainer(access.app, access.actor, {
    readable: access.space ? access.space.readable : true,
    moderates: access.moderates,
  });

/** Whether the caller may answer a poll on this post (the poll's own end is checked by presentVote). */
function mayAnswer(row: PostViewRow, can: PostAbility[], actor: CommunityActor): boolean {
  return can.includes('view') && row.publishedAt !== null && mayWrite(actor) && actor.profileId !== null;
}

/** The rows presented for the caller; rows the caller may not see are left out. */
export async function presentPostRows(
  db: DbOrTx,
  sign: UrlSign,
  rows: readonly PostViewRow[],
  viewer: PostViewer,
): Promise<Post[]> {
  const seen = rows.flatMap((row) => {
    const { can, actor } = viewer.abilitiesOf(row);
    return can.includes('view') ? [{ row, can, actor }] : [];
  });
  const mediaIds = [...new Set(seen.flatMap(({ row }) => row.mediaIds))];
  const voteIds = [...new Set(seen.flatMap(({ row }) => (row.voteId ? [row.voteId] : [])))];
  // Held posts show their author and moderators where moderation stands (issue 16); they are rare in a page.
  const heldIds = seen.flatMap(({ row }) => (row.heldAt !== null ? [row.id] : []));
  const [media, voteViews, moderation] = await Promise.all([
    // Whatever their owner: they were checked when attached.
    attachedFiles(db, sign, mediaIds),
    findVoteViews(db, voteIds, viewer.profileId),
    moderationStatusOfPosts(db, heldIds),
  ]);
  const votes = new Map<string, Vote>();
  for (const { row, can, actor } of seen) {
    const view = row.voteId ? voteViews.get(row.voteId) : undefined;
    if (view) {
      votes.set(view.vote.id, presentVote(view, mayAnswer(row, can, actor)));
    }
  }
  return seen.map(({ row, can }) => presentPost(row, can, { sign, media, votes, moderation }));
}

/** The posts of `ids` (in that order) as the caller sees them. */
export async function presentPostIds(
  db: DbOrTx,
  sign: UrlSign,
  ids: readonly string[],
  viewer: PostViewer,
): Promise<Post[]> {
  return presentPostRows(db, sign, await findPostViews(db, ids, viewer.profileId), viewer);
}
