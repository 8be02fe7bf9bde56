import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { pageSizes, sorting } from './constants.ts';
import { postDiscriminatorSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { maxLength } from './validation/index.ts';

/*
 * Comments (issue 15, spec §3 "Comment", rows POSTS-COMMENTS-30..35): comments on a post of a space
 * (`entityType` post), of a communities category (`communities_post`) or on an event (`event`), one level of replies
 * (`parentCommentId`), likes, edit and delete. A deleted comment that has replies stays in the list as
 * `isDeleted` with an empty body and no author; one without replies is gone. The member page's "comments"
 * sub-page lists a member's comments with `entityType` profile.
 */

/** Entities comments hang on: posts of both containers and events (issue 18). */
export const commentEntityTypeValues = ['post', 'communities_post', 'event', 'lesson'] as const;
export type CommentEntityType = (typeof commentEntityTypeValues)[number];
export const commentEntityTypeSchema = z.enum(commentEntityTypeValues);

/** What `GET /comments` lists by: an entity's comments, or (`profile`) the comments a member wrote. */
export const commentListEntityTypeValues = [...commentEntityTypeValues, 'profile'] as const;
export type CommentListEntityType = (typeof commentListEntityTypeValues)[number];

export const commentSortValues = sorting.commentSorts;
export type CommentSort = (typeof commentSortValues)[number];

export const commentLimits = {
  /** Longest body before sanitizing (UTF-16 code units); the sanitized body must keep some content. */
  body: 20_000,
  /** Top-level comments per page (spec §9). */
  pageSize: pageSizes.comments,
  /** Replies delivered inline with each top-level comment, oldest first; more through `parentCommentId`. */
  inlineReplies: 50,
  /** Replies per page of `GET /comments?parentCommentId=`. */
  repliesPageSize: 50,
} as const;

export const commentAbilityValues = abilitiesBySubject.comment;
export type CommentAbility = (typeof commentAbilityValues)[number];
export const commentPermissionsSchema = z.object({ can: z.array(z.enum(commentAbilityValues)) });

export const commentAuthorSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  /** Signed address of the member's photo as a tile, null without one. */
  avatarUrl: z.string().nullable(),
});
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

/** The post a comment is on, as the member page's comment list links to it (`…/p/{slug}` in its container). */
export const commentPostSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  discriminator: postDiscriminatorSchema,
  /** The slug of the post's space (`groups`) or category (`communities`). */
  containerSlug: z.string(),
});
export type CommentPost = z.infer<typeof commentPostSchema>;

const commentFields = {
  id: z.uuid(),
  entityType: commentEntityTypeSchema,
  entityId: z.uuid(),
  /** Null for a top-level comment; replies have no replies of their own. */
  parentCommentId: z.uuid().nullable(),
  /** Sanitized rich text (contracts/rich-text.ts); empty for a deleted comment. */
  body: z.string(),
  /** Null for a deleted comment (nobody's name stays on it). */
  author: commentAuthorSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** The last edit of the body, null when never edited. */
  editedAt: z.iso.datetime().nullable(),
  isDeleted: z.boolean(),
  isLiked: z.boolean(),
  likesCount: z.number().int().min(0),
  repliesCount: z.number().int().min(0),
  /**
   * Present and true on a comment hidden by moderation (reports or a rejection), which only its author still
   * sees (issue 16); absent otherwise.
   */
  isHidden: z.literal(true).optional(),
  /** Only in the member page's list (`entityType` profile): the post the comment is on; null elsewhere. */
  post: commentPostSchema.nullable(),
  permissions: commentPermissionsSchema,
};

export const commentReplySchema = z.object({ ...commentFields, replies: z.array(z.never()) });
export type CommentReply = z.infer<typeof commentReplySchema>;

export const commentSchema = z.object({
  ...commentFields,
  /**
   * A top-level comment's first `commentLimits.inlineReplies` replies, oldest first (`repliesCount` says how many
   * there are); always empty for replies and in the member page's list.
   */
  replies: z.array(commentReplySchema),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentResponseSchema = z.object({ data: commentSchema });
export const commentListSchema = paginated(commentSchema);
export type CommentList = z.infer<typeof commentListSchema>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * `GET /comments`:
 * - `entityType` post | communities_post | event: the entity's top-level comments, 10 per page, `oldest` first (default)
 *   or `trends` (most liked first, then oldest), each with its first replies inline;
 * - with `parentCommentId` (a top-level comment of that entity): that comment's replies, oldest first, 50 per page;
 * - `entityType` profile, `entityId` a member's profile id: the comments that member wrote on posts the caller
 *   may read, newest first, 10 per page (no replies inline; `post` says where each is).
 */
export const commentListQuerySchema = z.object({
  entityType: z.enum(commentListEntityTypeValues),
  entityId: z.uuid(),
  page,
  sort: z.enum(commentSortValues).default(sorting.defaultCommentSort),
  parentCommentId: z.uuid().optional(),
});
export type CommentListQuery = z.output<typeof commentListQuerySchema>;

const body = z.string().check(maxLength(commentLimits.body));

/** `POST /comments`: a comment on the entity, or a reply to one of its top-level comments. */
export const commentCreateBodySchema = z.strictObject({
  entityType: commentEntityTypeSchema,
  entityId: z.uuid(),
  body,
  parentCommentId: z.uuid().nullable().optional(),
});
export type CommentCreateBody = z.output<typeof commentCreateBodySchema>;

/** `PATCH /comments/{id}`: the author's new body. */
export const commentPatchBodySchema = z.strictObject({ body });
export type CommentPatchBody = z.output<typeof commentPatchBodySchema>;

export const commentParamsSchema = z.object({ id: z.uuid() });

/** `DELETE /comments/{id}`: `isRemoved` false when the comment stays as "deleted" because it has replies. */
export const commentDeleteResultSchema = z.object({
  data: z.object({ id: z.uuid(), isRemoved: z.boolean() }),
});
export type CommentDeleteResult = z.infer<typeof commentDeleteResultSchema>['data'];

/** `POST|DELETE /comments/{id}/like`: idempotent; the new state. */
export const commentLikeStateSchema = z.object({
  data: z.object({ isLiked: z.boolean(), likesCount: z.number().int().min(0) }),
});
export type CommentLikeState = z.infer<typeof commentLikeStateSchema>['data'];
