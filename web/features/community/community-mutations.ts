import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  postFollowStateSchema,
  postLikeStateSchema,
  voteResponseSchema,
  type Post,
  type Vote,
} from '../../../contracts/community-posts';
import type { SpaceNotification } from '../../../contracts/enums';
import { api } from '../../api/client';
import { communityKeys } from './community-keys';
import { apiPaths } from './community-paths';
import { cancelPostQueries, patchPost, restorePosts, type PostsSnapshot } from './post-cache';

type PostRef = Pick<Post, 'id' | 'discriminator'>;

/** Another change of the same kind to the same item is still on its way: its answer will be the last word. */
const othersPending = (client: QueryClient, mutationKey: readonly unknown[]) =>
  client.isMutating({ mutationKey }) > 1;

/**
 * Likes and unlikes a post at once on screen (POST|DELETE …/like); the server's answer settles the count, and a
 * refusal puts the previous state back everywhere.
 */
export function useLikePost(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'like-post'],
    mutationFn: ({ post, liked }: { post: PostRef; liked: boolean }) =>
      (liked ? api.post : api.delete)(`${apiPaths.postBase(post)}/like`, {
        schema: postLikeStateSchema,
      }).then((answer) => answer.data),
    onMutate: async ({ post, liked }): Promise<PostsSnapshot> => {
      await cancelPostQueries(client, appId);
      return patchPost(client, appId, post.id, (current) =>
        current.isLiked === liked
          ? current
          : { ...current, isLiked: liked, likesCount: Math.max(0, current.likesCount + (liked ? 1 : -1)) },
      );
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot) {
        restorePosts(client, snapshot);
      }
    },
    onSuccess: (state, { post }) => {
      if (!othersPending(client, ['community', 'like-post'])) {
        patchPost(client, appId, post.id, (current) => ({ ...current, ...state }));
      }
    },
  });
}

/** Follows or unfollows a post (PATCH|DELETE …/follow): notified of its new comments. Optimistic as likes. */
export function useFollowPost(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'follow-post'],
    mutationFn: ({ post, followed }: { post: PostRef; followed: boolean }) =>
      (followed ? api.patch : api.delete)(`${apiPaths.postBase(post)}/follow`, {
        schema: postFollowStateSchema,
      }).then((answer) => answer.data),
    onMutate: async ({ post, followed }): Promise<PostsSnapshot> => {
      await cancelPostQueries(client, appId);
      return patchPost(client, appId, post.id, (current) => ({ ...current, isFollowed: followed }));
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot) {
        restorePosts(client, snapshot);
      }
    },
    onSuccess: (state, { post }) => {
      if (!othersPending(client, ['community', 'follow-post'])) {
        patchPost(client, appId, post.id, (current) => ({ ...current, ...state }));
      }
    },
  });
}

/**
 * The poll as it looks after the caller's choice: their earlier answers taken back, the new ones counted, and
 * themself counted once among the voters.
 */
export function withAnswer(vote: Vote, optionIds: readonly string[]): Vote {
  const before = new Set(vote.answeredOptionIds);
  const after = new Set(optionIds);
  return {
    ...vote,
    answeredOptionIds: [...optionIds],
    votersCount: vote.votersCount + (before.size === 0 && after.size > 0 ? 1 : 0),
    options: vote.options.map((option) => ({
      ...option,
      answersCount: Math.max(
        0,
        option.answersCount - (before.has(option.id) ? 1 : 0) + (after.has(option.id) ? 1 : 0),
      ),
    })),
  };
}

/** Answers a post's poll (PUT /votes/{id}/answers), counted on screen at once, the server's counts after. */
export function useVote(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'vote'],
    mutationFn: ({ vote, optionIds }: { postId: string; vote: Vote; optionIds: string[] }) =>
      api
        .put(apiPaths.voteAnswers(vote.id), { body: { optionIds }, schema: voteResponseSchema })
        .then((answer) => answer.data),
    onMutate: async ({ postId, optionIds }): Promise<PostsSnapshot> => {
      await cancelPostQueries(client, appId);
      return patchPost(client, appId, postId, (post) =>
        post.vote ? { ...post, vote: withAnswer(post.vote, optionIds) } : post,
      );
    },
    onError: (_error, _variables, snapshot) => {
      if (snapshot) {
        restorePosts(client, snapshot);
      }
    },
    onSuccess: (vote, { postId }) => {
      if (!othersPending(client, ['community', 'vote'])) {
        patchPost(client, appId, postId, (post) => ({ ...post, vote }));
      }
    },
  });
}

/**
 * Joins a space (open: at once; private: a request a moderator approves) or leaves it. Afterwards the
 * containers, the counters and every post list ask again: what the member reads has changed.
 */
/** The space's notifications for its member (`PATCH /spaces/{id}/notifications`): all new, pinned only, none. */
export function useSpaceNotifications(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ spaceId, notify }: { spaceId: string; notify: SpaceNotification }) =>
      api.patch(apiPaths.spaceNotifications(spaceId), { body: { notify } }),
    onSuccess: () => client.invalidateQueries({ queryKey: communityKeys.spaces(appId) }),
  });
}

export function useSpaceMembership(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ spaceId, join }: { spaceId: string; join: boolean }) =>
      join ? api.post(apiPaths.join(spaceId)) : api.delete(apiPaths.leave(spaceId)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: communityKeys.spaces(appId) }),
        client.invalidateQueries({ queryKey: communityKeys.groups(appId) }),
        client.invalidateQueries({ queryKey: communityKeys.counters(appId) }),
        client.invalidateQueries({ queryKey: communityKeys.posts(appId) }),
        client.invalidateQueries({ queryKey: ['community', appId, 'members'] }),
      ]),
  });
}
