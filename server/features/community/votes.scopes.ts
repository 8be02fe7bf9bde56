import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { communityActorOf, findLivePost, postAccessOf, type PostAccess } from './community.access.ts';
import { isParticipant, mayWrite, type CommunityActor } from './community.policy.ts';
import { findPostIdOfVote, findVote, type VoteRow } from './votes.repo.ts';

/*
 * Route scopes of polls. A poll is made first (the composer's poll builder), then attached to a post by its
 * `voteId`; from then on whoever sees the post sees the poll, and whoever may take part in the post answers
 * it until it ends. A poll no post carries yet is its author's alone.
 */

export type VoteAbility = 'view' | 'answer' | 'create';

export type PollMakerAccess = { app: AppAccess; actor: CommunityActor; profileId: string | null };

export type VoteAccess = {
  app: AppAccess;
  actor: CommunityActor;
  vote: VoteRow;
  /** The post the poll hangs on, if any. */
  post: PostAccess | null;
  can: VoteAbility[];
};

const prefixed = (names: readonly string[]) => names.map((name) => `vote:${name}`);

export const isVoteClosed = (vote: VoteRow, now = Date.now()) =>
  vote.endsAt !== null && vote.endsAt.getTime() <= now;

export function createVoteScopes(db: DbOrTx) {
  return {
    /** The app of `:appId` for making polls: 404 to anyone who takes no part in its community. */
    pollMaker(param = 'appId'): RouteScope<PollMakerAccess> {
      return {
        label: `poll-maker(:${param})`,
        subjects: ['vote'],
        async resolve(request) {
          const app = await loadAppAccess(db, request.actor, paramOf(request, param));
          const actor = communityActorOf(app);
          if (!isParticipant(actor)) {
            throw notFound();
          }
          return { app, actor, profileId: app.profile?.id ?? null };
        },
        abilities: (access) =>
          prefixed(mayWrite(access.actor) && access.profileId !== null ? ['create'] : []),
      };
    },

    vote(param = 'id'): RouteScope<VoteAccess> {
      return {
        label: `vote(:${param})`,
        subjects: ['vote'],
        async resolve(request) {
          const vote = await findVote(db, paramOf(request, param));
          if (!vote) {
            throw notFound();
          }
          const app = await loadAppAccess(db, request.actor, vote.appId);
          const postId = await findPostIdOfVote(db, vote.id);
          const row = postId ? await findLivePost(db, postId) : undefined;
          if (row) {
            const post = await postAccessOf(db, app, row);
            const answers =
              row.publishedAt !== null &&
              mayWrite(post.actor) &&
              post.actor.profileId !== null &&
              !isVoteClosed(vote);
            return { app, actor: post.actor, vote, post, can: answers ? ['view', 'answer'] : ['view'] };
          }
          const actor = communityActorOf(app);
          if (actor.profileId === null || actor.profileId !== vote.authorProfileId || !isParticipant(actor)) {
            throw notFound();
          }
          return { app, actor, vote, post: null, can: ['view'] };
        },
        abilities: (access) => prefixed(access.can),
      };
    },
  };
}
