import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  commentDeleteResultSchema,
  commentLikeStateSchema,
  commentLimits,
  commentListSchema,
  commentResponseSchema,
  type Comment,
  type CommentEntityType,
  type CommentList,
  type CommentReply,
  type CommentSort,
} from '../../../../contracts/community-comments';
import type { Post } from '../../../../contracts/community-posts';
import { api } from '../../../api/client';
import { nextPageOf } from '../community-api';
import { communityKeys } from '../community-keys';
import { apiPaths } from '../community-paths';
import { patchPost } from '../post-cache';

export type AnyComment = Comment | CommentReply;

/** The entity type comments of a post hang on (spec §3 app entity kinds `post`, `communities_post`). */
export const commentEntityTypeOf = (post: Pick<Post, 'discriminator'>): CommentEntityType =>
  post.discriminator === 'communities' ? 'communities_post' : 'post';

/**
 * What comments hang on (a post, an event: `entityType`) and how a new or deleted comment moves its count
 * where the page shows it.
 */
export type CommentHost = {
  entityType: CommentEntityType;
  id: string;
  onCount: (client: QueryClient, delta: 1 | -1) => void;
};

/** A post as the host of comments: its count lives in the cached post lists and pages. */
export const commentHostOfPost = (appId: string, post: Pick<Post, 'id' | 'discriminator'>): CommentHost => ({
  entityType: commentEntityTypeOf(post),
  id: post.id,
  onCount: (client, delta) =>
    patchPost(client, appId, post.id, (current) => ({
      ...current,
      commentsCount: Math.max(0, current.commentsCount + delta),
    })),
});

type HostRef = Pick<CommentHost, 'entityType' | 'id'>;

/** POSTS-COMMENTS-30: a host's top-level comments, 10 per page (spec §9), each with its first replies. */
export const commentsQuery = (appId: string, host: HostRef, sort: CommentSort) =>
  infiniteQueryOptions({
    queryKey: communityKeys.commentList(appId, host.id, sort),
    queryFn: ({ pageParam, signal }): Promise<CommentList> =>
      api.get(apiPaths.comments(), {
        query: { entityType: host.entityType, entityId: host.id, page: pageParam, sort },
        schema: commentListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    meta: { silent: true },
  });

/** The replies of a comment beyond those delivered inline, 50 per page. */
export const repliesQuery = (appId: string, host: HostRef, commentId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.replies(appId, host.id, commentId),
    queryFn: ({ pageParam, signal }): Promise<CommentList> =>
      api.get(apiPaths.comments(), {
        query: {
          entityType: host.entityType,
          entityId: host.id,
          parentCommentId: commentId,
          page: pageParam,
        },
        schema: commentListSchema,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

type CommentPages = InfiniteData<CommentList>;

/** Applies `patch` to the comment with this id wherever it is cached: a top-level comment, a reply inline or paged. */
function patchComments(
  client: QueryClient,
  appId: string,
  postId: string,
  change: (pages: CommentPages) => CommentPages,
) {
  const queryKey = communityKeys.comments(appId, postId);
  const snapshot = client.getQueriesData<CommentPages>({ queryKey });
  client.setQueriesData<CommentPages>({ queryKey }, (data) => (data ? change(data) : data));
  return snapshot;
}

function mapComment(pages: CommentPages, id: string, patch: (comment: AnyComment) => AnyComment | null) {
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      data: page.data.flatMap((comment): Comment[] => {
        if (comment.id === id) {
          // The patch sees (and may change) the comment's thread: a new reply joins it here.
          const next = patch(comment);
          return next ? [next] : [];
        }
        if (!comment.replies.some((reply) => reply.id === id)) {
          return [comment];
        }
        const replies = comment.replies.flatMap((reply) => {
          if (reply.id !== id) {
            return [reply];
          }
          const next = patch(reply);
          return next ? [next as CommentReply] : [];
        });
        return [
          replies.length === comment.replies.length
            ? { ...comment, replies }
            : withoutReply(comment, replies),
        ];
      }),
    })),
  };
}

const withoutReply = (comment: Comment, replies: CommentReply[]): Comment => ({
  ...comment,
  replies,
  repliesCount: Math.max(0, comment.repliesCount - 1),
});

/** Comment likes, optimistic (POSTS-COMMENTS-34, -35); a refusal puts the previous state back. */
export function useLikeComment(appId: string, postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'like-comment'],
    mutationFn: ({ comment, liked }: { comment: AnyComment; liked: boolean }) =>
      (liked ? api.post : api.delete)(apiPaths.commentLike(comment.id), {
        schema: commentLikeStateSchema,
      }).then((answer) => answer.data),
    onMutate: async ({ comment, liked }) => {
      await client.cancelQueries({ queryKey: communityKeys.comments(appId, postId) });
      return patchComments(client, appId, postId, (pages) =>
        mapComment(pages, comment.id, (current) =>
          current.isLiked === liked
            ? current
            : { ...current, isLiked: liked, likesCount: Math.max(0, current.likesCount + (liked ? 1 : -1)) },
        ),
      );
    },
    onError: (_error, _variables, snapshot) => {
      for (const [key, data] of snapshot ?? []) {
        client.setQueryData(key, data);
      }
    },
    onSuccess: (state, { comment }) => {
      if (client.isMutating({ mutationKey: ['community', 'like-comment'] }) <= 1) {
        patchComments(client, appId, postId, (pages) =>
          mapComment(pages, comment.id, (current) => ({ ...current, ...state })),
        );
      }
    },
  });
}

/**
 * Writes a comment or a reply (POSTS-COMMENTS-31). A new comment joins the end of the loaded list (oldest
 * first), a reply the end of its thread; the host's comment count follows.
 */
export function useCreateComment(appId: string, host: CommentHost) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, parentCommentId }: { body: string; parentCommentId: string | null }) =>
      api
        .post(apiPaths.comments(), {
          body: { entityType: host.entityType, entityId: host.id, body, parentCommentId },
          schema: commentResponseSchema,
        })
        .then((answer) => answer.data),
    onSuccess: (created) => {
      patchComments(client, appId, host.id, (pages) =>
        created.parentCommentId
          ? mapComment(pages, created.parentCommentId, (parent) => ({
              ...parent,
              replies: [...parent.replies, { ...created, replies: [] }],
              repliesCount: parent.repliesCount + 1,
            }))
          : appendComment(pages, created),
      );
      host.onCount(client, 1);
    },
  });
}

function appendComment(pages: CommentPages, created: Comment): CommentPages {
  const last = pages.pages.length - 1;
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({
      ...page,
      data: index === last ? [...page.data, created] : page.data,
      meta: { ...page.meta, total: page.meta.total + 1 },
    })),
  };
}

/** The author's edit of a comment's body (POSTS-COMMENTS-32). */
export function useEditComment(appId: string, postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      api
        .patch(apiPaths.comment(commentId), { body: { body }, schema: commentResponseSchema })
        .then((answer) => answer.data),
    onSuccess: (edited) => {
      patchComments(client, appId, postId, (pages) =>
        mapComment(pages, edited.id, (current) => ({
          ...current,
          body: edited.body,
          editedAt: edited.editedAt,
        })),
      );
    },
  });
}

/**
 * Deletes a comment (POSTS-COMMENTS-33): gone when it had no replies, otherwise it stays as "deleted" so the
 * conversation below it still reads (`isDeleted`, no body, no author).
 */
export function useDeleteComment(appId: string, host: CommentHost) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: AnyComment) =>
      api
        .delete(apiPaths.comment(comment.id), { schema: commentDeleteResultSchema })
        .then((answer) => answer.data),
    onSuccess: (result) => {
      patchComments(client, appId, host.id, (pages) =>
        mapComment(pages, result.id, (current) =>
          result.isRemoved ? null : { ...current, isDeleted: true, body: '', author: null, isLiked: false },
        ),
      );
      host.onCount(client, -1);
    },
  });
}

export { commentLimits };
