import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { moderationStatusSchema, postDiscriminatorSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, minLength, requiredString, validationKeys } from './validation/index.ts';

/*
 * Posts of the community (issue 15, spec §3 "Post", §7 "Posts"): one engine for both containers, spaces
 * (discriminator `groups`) and communities categories (`communities`). Polls (`voteId`) and the home feed,
 * the space counters and the search live here too, because they answer with posts or hang on them.
 */

export const postLimits = {
  name: 200,
  slug: 200,
  /** Plain-text excerpt of the body shown in lists and previews. */
  excerpt: 300,
  media: 20,
  metaTitle: 200,
  metaDescription: 500,
  ogTitle: 200,
  ogDescription: 500,
  timeZone: 64,
  /** Ids a `posts/meta` call may ask for at once. */
  metaIds: 100,
} as const;

/** Posts per page of every post list (GAPS 33: 20 unless §9 gives a size; §9 gives none for posts). */
export const postPageSize = 20;

export const pollLimits = { question: 300, option: 200, minOptions: 2, maxOptions: 10 } as const;

// ---------- the post ----------

export const postAbilityValues = abilitiesBySubject.post;
export type PostAbility = (typeof postAbilityValues)[number];
export const postPermissionsSchema = z.object({ can: z.array(z.enum(postAbilityValues)) });

/** A picture of the cloud library as posts show it: the large preview (1600 px webp), signed; covers fill the feed and the post's page. */
export const postPictureSchema = z.object({ id: z.uuid(), url: z.string().nullable() });
export type PostPicture = z.infer<typeof postPictureSchema>;

/** A file of the post's media: pictures as their tile, videos as their mp4 (null until converted), others as uploaded. */
export const postMediaSchema = z.object({
  id: z.uuid(),
  url: z.string().nullable(),
  type: z.enum(['image', 'video', 'audio', 'other']),
  name: z.string(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

export const postAuthorSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** The container of a post: a space (`groups`) or a communities category (`communities`). */
export const postContainerSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() });
export type PostContainer = z.infer<typeof postContainerSchema>;

// ---------- polls ----------

export const voteAbilityValues = abilitiesBySubject.vote;
export const voteOptionSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  answersCount: z.number().int().min(0),
});
export const voteSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  isMultiple: z.boolean(),
  endsAt: z.iso.datetime().nullable(),
  /** Ended (endsAt passed): answers are frozen. */
  isClosed: z.boolean(),
  options: z.array(voteOptionSchema),
  /** Members who answered (a member counts once, whatever they chose). */
  votersCount: z.number().int().min(0),
  /** The caller's choice; empty when they have not answered. */
  answeredOptionIds: z.array(z.uuid()),
  permissions: z.object({ can: z.array(z.enum(voteAbilityValues)) }),
});
export type Vote = z.infer<typeof voteSchema>;
export const voteResponseSchema = z.object({ data: voteSchema });

/**
 * `POST /apps/{appId}/votes` (inferred): a poll a post's `voteId` then points at. The server also checks the
 * relations of the whole form: 2–10 options (`options: validation.validateMinLength`), each once
 * (`options.N: validation.unique`, case-insensitive), an end in the future (`endsAt: validation.invalidValue`).
 */
export const voteCreateBodySchema = z.strictObject({
  question: requiredString()
    .check(maxLength(pollLimits.question))
    .transform((value) => value.trim()),
  options: z
    .array(
      requiredString()
        .check(maxLength(pollLimits.option))
        .transform((value) => value.trim()),
    )
    .check(maxLength(pollLimits.maxOptions)),
  isMultiple: z.boolean().default(false),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type VoteCreateBody = z.output<typeof voteCreateBodySchema>;

/**
 * `PUT /votes/{id}/answers` (inferred): the caller's whole choice (replaces an earlier one). Checked on the
 * server: at least one option (`optionIds: validation.required`), each once, of this poll; exactly one for a
 * single-choice poll (`optionIds: validation.invalidValue`).
 */
export const voteAnswerBodySchema = z.strictObject({
  optionIds: z.array(z.uuid()).check(maxLength(pollLimits.maxOptions)),
});
export type VoteAnswerBody = z.output<typeof voteAnswerBodySchema>;

export const voteParamsSchema = z.object({ id: z.uuid() });
export const voteAppParamsSchema = z.object({ appId: z.uuid() });

// ---------- the post entity ----------

export const postSchema = z.object({
  id: z.uuid(),
  discriminator: postDiscriminatorSchema,
  name: z.string(),
  slug: z.string(),
  /** Sanitized rich text (the allow-list of contracts/rich-text.ts). */
  body: z.string(),
  /** Plain text of the body, at most `postLimits.excerpt` characters (cut at a word, with "…"). */
  excerpt: z.string(),
  cover: postPictureSchema.nullable(),
  media: z.array(postMediaSchema),
  vote: voteSchema.nullable(),
  /** The time the author scheduled and its IANA zone (null when published at once). */
  publishAt: z.iso.datetime().nullable(),
  timeZone: z.string().nullable(),
  /** Null until published. */
  publishedAt: z.iso.datetime().nullable(),
  /** Not published yet (scheduled, or a clone waiting for its publish call); false while held by moderation. */
  isScheduled: z.boolean(),
  /**
   * Present while moderation holds the post (issue 16): waiting for approval (`inbox`), or refused
   * (`rejected`); only its author and its moderators see such a post.
   */
  moderation: z.object({ status: moderationStatusSchema }).optional(),
  pinnedToTopAt: z.iso.datetime().nullable(),
  pinnedToSidebarAt: z.iso.datetime().nullable(),
  /** The caller may pin it to the top of its space or category. */
  isAllowedPinToTop: z.boolean(),
  isCommentsDisabled: z.boolean(),
  isLikesDisabled: z.boolean(),
  isShareDisabled: z.boolean(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  ogTitle: z.string(),
  ogDescription: z.string(),
  ogImage: postPictureSchema.nullable(),
  /** The share address's hash; null when sharing is off or the post is not published. */
  shareHash: z.string().nullable(),
  author: postAuthorSchema,
  /** The space of a `groups` post, null otherwise. */
  space: postContainerSchema.nullable(),
  /** The category of a `communities` post, null otherwise. */
  category: postContainerSchema.nullable(),
  likesCount: z.number().int().min(0),
  commentsCount: z.number().int().min(0),
  isLiked: z.boolean(),
  isFollowed: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  permissions: postPermissionsSchema,
});
export type Post = z.infer<typeof postSchema>;
export const postResponseSchema = z.object({ data: postSchema });
export const postListSchema = paginated(postSchema);
export type PostList = z.infer<typeof postListSchema>;

// ---------- create and edit (spec §3 "Post" form) ----------

/** Post slugs: lower-case Latin letters, digits and single dashes. */
export const postSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: validationKeys.allowedSymbolsSlug })
  .check(maxLength(postLimits.slug));

const text = (max: number) => z.string().check(maxLength(max));
const fileId = z.uuid({ message: validationKeys.invalidValue });

/**
 * `POST /spaces/{id}/posts` and `POST /communities/categories/{id}/posts`. The container comes from the path.
 * `publishAt` in the future schedules the post (`create_scheduled_post`); past or absent publishes at once.
 * `slug` defaults to one made from the name (`-2`, `-3` … when taken). The pin flags need the pin abilities.
 */
export const postCreateBodySchema = z.strictObject({
  name: requiredString()
    .check(maxLength(postLimits.name))
    .transform((value) => value.trim()),
  body: z.string().check(maxLength(richTextMaxLength)).default(''),
  slug: postSlugSchema.optional(),
  coverId: fileId.nullable().optional(),
  mediaIds: z.array(fileId).check(maxLength(postLimits.media)).optional(),
  voteId: z.uuid().nullable().optional(),
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** IANA zone the author picked publishAt in (shown back to them; the instant is publishAt). */
  timeZone: text(postLimits.timeZone).nullable().optional(),
  isCommentsDisabled: z.boolean().optional(),
  isLikesDisabled: z.boolean().optional(),
  isShareDisabled: z.boolean().optional(),
  isPinnedToTop: z.boolean().optional(),
  isPinnedToSidebar: z.boolean().optional(),
  metaTitle: text(postLimits.metaTitle).optional(),
  metaDescription: text(postLimits.metaDescription).optional(),
  ogTitle: text(postLimits.ogTitle).optional(),
  ogDescription: text(postLimits.ogDescription).optional(),
  ogImageId: fileId.nullable().optional(),
});
export type PostCreateBody = z.output<typeof postCreateBodySchema>;

/**
 * `PATCH /posts/{id}` and `PATCH /communities/posts/{id}`: the fields sent replace the stored ones. Changing
 * `publishAt` of an unpublished post reschedules it (`edit_publish_time`).
 */
export const postPatchBodySchema = postCreateBodySchema.partial().extend({
  name: postCreateBodySchema.shape.name.optional(),
  body: z.string().check(maxLength(richTextMaxLength)).optional(),
});
export type PostPatchBody = z.output<typeof postPatchBodySchema>;

/** `PATCH /posts/{id}/move`: exactly one target container (checked on the server: `spaceId: validation.someRequired`). */
export const postMoveBodySchema = z.strictObject({
  spaceId: z.uuid().nullable().optional(),
  categoryId: z.uuid().nullable().optional(),
});
export type PostMoveBody = z.output<typeof postMoveBodySchema>;

export const postParamsSchema = z.object({ id: z.uuid() });
/** `GET /posts/{slug}`: a slug (with the app in `x-app-id`) or a post id. */
export const postSlugParamsSchema = z.object({ slug: z.string().min(1).max(postLimits.slug) });
export const postContainerParamsSchema = z.object({ id: z.uuid() });
export const postAppParamsSchema = z.object({ appId: z.uuid() });

// ---------- lists ----------

export const postSortValues = ['latest', 'oldest', 'name', 'trends'] as const;
export type PostSort = (typeof postSortValues)[number];
export const homeFeedSortValues = ['latest', 'oldest', 'trends'] as const;
export type HomeFeedSort = (typeof homeFeedSortValues)[number];

const page = z.coerce.number().int().min(1).max(100_000).default(1);

/**
 * `GET /spaces/{id}/posts`, `GET /communities/categories/{id}/posts`: pinned post first, then by `sort`
 * (default: the space's defaultSort, `latest` for categories). `type=scheduled`: the unpublished posts the
 * caller may see (their own; every one for moderators), soonest first.
 */
export const postListQuerySchema = z.object({
  page,
  sort: z.enum(postSortValues).optional(),
  type: z.enum(['scheduled']).optional(),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;

/** `GET /apps/{appId}/community/posts/home`: pinned posts first, then by `sort` (trends: within the home window). */
export const homeFeedQuerySchema = z.object({ page, sort: z.enum(homeFeedSortValues).default('latest') });
export type HomeFeedQuery = z.output<typeof homeFeedQuerySchema>;

/** `GET /apps/{appId}/community/search` (inferred): ranked full-text search in the posts the caller may read. */
export const postSearchQuerySchema = z.object({
  q: requiredString()
    .check(maxLength(200))
    .transform((value) => value.trim()),
  page,
});
export type PostSearchQuery = z.output<typeof postSearchQuerySchema>;

/** `GET /profiles/{id}/posts`: the member's published posts the caller may read, newest first. */
export const memberPostListQuerySchema = z.object({ page });

// ---------- meta, counters, likes, follows ----------

/** `GET /posts/meta?ids=` and `GET /communities/posts/meta?ids=`: the caller's view of each visible post. */
export const postMetaQuerySchema = z.object({
  ids: z
    .union([z.uuid(), z.array(z.uuid())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(z.uuid()).check(minLength(1), maxLength(postLimits.metaIds))),
});
export const postMetaSchema = z.object({
  id: z.uuid(),
  isLiked: z.boolean(),
  isFollowed: z.boolean(),
  likesCount: z.number().int().min(0),
  commentsCount: z.number().int().min(0),
  permissions: postPermissionsSchema,
});
export type PostMeta = z.infer<typeof postMetaSchema>;
/** Ids the caller may not see (or that do not exist) are left out. */
export const postMetaListSchema = z.object({ data: z.array(postMetaSchema) });

/** `POST|DELETE /posts/{id}/like`: idempotent; answers the new state. */
export const postLikeStateSchema = z.object({
  data: z.object({ isLiked: z.boolean(), likesCount: z.number().int().min(0) }),
});
/** `PATCH|DELETE /posts/{id}/follow` and `PATCH|DELETE /{type}/{entityId}/follow`: idempotent. */
export const postFollowStateSchema = z.object({ data: z.object({ isFollowed: z.boolean() }) });

/** `GET /apps/{appId}/spaces/posts/counters`: new published posts per readable space since the caller last opened it. */
export const spacePostCountersSchema = z.object({
  data: z.array(z.object({ spaceId: z.uuid(), newPostsCount: z.number().int().min(0) })),
});
export type SpacePostCounters = z.infer<typeof spacePostCountersSchema>['data'];

/**
 * `PATCH|DELETE /{type}/{entityId}/follow`: the entity kinds the generic follow knows so far. The static
 * `posts/{id}/follow` and `communities/posts/{id}/follow` routes answer first; this one runs the same code.
 */
export const followEntityTypeValues = ['posts'] as const;
export const followParamsSchema = z.object({ type: z.enum(followEntityTypeValues), entityId: z.uuid() });
