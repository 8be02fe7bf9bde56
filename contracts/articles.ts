import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { articleStatusSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';

/*
 * The articles (issue 20, spec §3 "Article", §7 "Articles", ARTICLES-01…13): the team's blog / knowledge posts in
 * flat categories. Status draft | active (default active); an active article with `publishAt` ahead is scheduled
 * until a job (or an edit) publishes it. Members see published articles only. docs/decisions/articles.md.
 */

export const articleLimits = {
  name: 150,
  slug: 100,
  categoryName: 100,
  timeZone: 64,
  search: 100,
} as const;

/** GAPS 33: 20 per page; categories are few and shown at once (like the communities categories). */
export const articlePageSizes = { articles: 20, categories: 100 } as const;

export const articleAccessValues = ['free', 'auth'] as const;
export type ArticleAccess = (typeof articleAccessValues)[number];
export const articleAccessSchema = z.enum(articleAccessValues);

/** The lists' filters: the members' (active, favorites) and the editors' (draft, scheduled). */
export const articleFilterValues = ['active', 'draft', 'scheduled', 'favorites'] as const;
export type ArticleFilter = (typeof articleFilterValues)[number];

export const articleReactionValues = ['like', 'dislike'] as const;
export type ArticleReaction = (typeof articleReactionValues)[number];

const permissions = <T extends readonly [string, ...string[]]>(names: T) =>
  z.object({ can: z.array(z.enum(names)) });

export const articleAppParamsSchema = z.object({ appId: z.uuid() });
export const articleIdParamsSchema = z.object({ id: z.uuid() });
export const articleCategorySlugParamsSchema = z.object({
  appId: z.uuid(),
  articleCategorySlug: z.string().min(1).max(200),
});
export const articleSlugParamsSchema = z.object({
  appId: z.uuid(),
  articleSlug: z.string().min(1).max(200),
});

/** Slugs: lower-case Latin letters, digits and single dashes (spec §5). */
export const articleSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: validationKeys.allowedSymbolsSlug })
  .check(maxLength(articleLimits.slug));

// ---------- categories ----------

export const articleCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  position: z.number(),
  /** Published articles in the category. */
  articlesCount: z.number().int().min(0),
  permissions: permissions(abilitiesBySubject.article_category),
});
export type ArticleCategory = z.infer<typeof articleCategorySchema>;
export const articleCategoryResponseSchema = z.object({ data: articleCategorySchema });
export const articleCategoryListSchema = paginated(articleCategorySchema);
export type ArticleCategoryList = z.infer<typeof articleCategoryListSchema>;

export const articleCategoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(articlePageSizes.categories).default(articlePageSizes.categories),
});

const categoryName = requiredString()
  .check(maxLength(articleLimits.categoryName))
  .transform((value) => value.trim());

/** `POST /apps/{appId}/articles/categories`: the slug is made from the name when absent (RULE-89). */
export const articleCategoryCreateBodySchema = z.strictObject({
  name: categoryName,
  slug: articleSlugSchema.optional(),
});
export type ArticleCategoryCreateBody = z.output<typeof articleCategoryCreateBodySchema>;
export const articleCategoryPatchBodySchema = z.strictObject({
  name: categoryName.optional(),
  slug: articleSlugSchema.optional(),
});
export type ArticleCategoryPatchBody = z.output<typeof articleCategoryPatchBodySchema>;
export const articleCategoryMoveBodySchema = z.strictObject({ prevId: z.uuid().nullable() });

// ---------- articles ----------

/** A stretch of text with the matched words of a search marked (start inclusive, end exclusive). */
export const articleHighlightSchema = z.object({
  text: z.string(),
  ranges: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
});
export type ArticleHighlight = z.infer<typeof articleHighlightSchema>;

export const articleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** Sanitized rich text (the allow-list of contracts/rich-text.ts); lists send '' and an excerpt instead. */
  body: z.string(),
  excerpt: z.string(),
  status: articleStatusSchema,
  access: articleAccessSchema,
  isAnnounced: z.boolean(),
  /** Active with `publishAt` ahead and not yet published. */
  isScheduled: z.boolean(),
  publishAt: z.iso.datetime().nullable(),
  timeZone: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  category: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  cover: z
    .object({ id: z.uuid(), tileUrl: z.string().nullable(), previewUrl: z.string().nullable() })
    .nullable(),
  author: z
    .object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      avatarUrl: z.string().nullable(),
    })
    .nullable(),
  likes: z.number().int().min(0),
  dislikes: z.number().int().min(0),
  /** The caller's reaction (null for guests and when none). */
  reaction: z.enum(articleReactionValues).nullable(),
  isFavorite: z.boolean(),
  /** Search answers: the best passage of the body (or the name) with the matched words marked. */
  highlight: articleHighlightSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  permissions: permissions(abilitiesBySubject.article),
});
export type Article = z.infer<typeof articleSchema>;
export const articleResponseSchema = z.object({ data: articleSchema });
export const articleListSchema = paginated(articleSchema);
export type ArticleList = z.infer<typeof articleListSchema>;

/**
 * `GET /apps/{appId}/articles`: `filter` active (default) and favorites for everyone who reads the articles,
 * draft and scheduled for editors (`create_article`) only; `q` searches names and bodies (German and English
 * stems, prefixes), best match first.
 */
export const articleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  filter: z.enum(articleFilterValues).default('active'),
  categoryId: z.uuid().optional(),
  q: z.string().trim().check(maxLength(articleLimits.search)).optional(),
});
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

/** `GET /apps/{appId}/articles/counters`: draft and scheduled are the editors' (null for everyone else). */
export const articleCountersSchema = z.object({
  active: z.number().int().min(0),
  favorites: z.number().int().min(0),
  draft: z.number().int().min(0).nullable(),
  scheduled: z.number().int().min(0).nullable(),
});
export type ArticleCounters = z.infer<typeof articleCountersSchema>;
export const articleCountersResponseSchema = z.object({ data: articleCountersSchema });

const fileId = z.uuid({ message: validationKeys.invalidValue });

/**
 * `POST /apps/{appId}/articles` (RULE-226: status active unless sent). `publishAt` ahead (with `timeZone`, the
 * IANA zone it was picked in) schedules an active article; past or absent publishes it at once.
 */
export const articleCreateBodySchema = z.strictObject({
  name: requiredString()
    .check(maxLength(articleLimits.name))
    .transform((value) => value.trim()),
  body: z.string().check(maxLength(richTextMaxLength)).default(''),
  slug: articleSlugSchema.optional(),
  categoryId: z.uuid({ message: validationKeys.invalidValue }),
  coverId: fileId.nullable().optional(),
  status: articleStatusSchema.default('active'),
  access: articleAccessSchema.default('free'),
  isAnnounced: z.boolean().default(false),
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  timeZone: z.string().check(maxLength(articleLimits.timeZone)).nullable().optional(),
});
export type ArticleCreateBody = z.output<typeof articleCreateBodySchema>;

/** `PATCH /articles/{id}`: the fields sent replace the stored ones. */
export const articlePatchBodySchema = z.strictObject({
  name: articleCreateBodySchema.shape.name.optional(),
  body: z.string().check(maxLength(richTextMaxLength)).optional(),
  slug: articleSlugSchema.optional(),
  categoryId: z.uuid({ message: validationKeys.invalidValue }).optional(),
  coverId: fileId.nullable().optional(),
  status: articleStatusSchema.optional(),
  access: articleAccessSchema.optional(),
  isAnnounced: z.boolean().optional(),
  publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
  timeZone: z.string().check(maxLength(articleLimits.timeZone)).nullable().optional(),
});
export type ArticlePatchBody = z.output<typeof articlePatchBodySchema>;

export const articleReactionBodySchema = z.strictObject({ value: z.enum(articleReactionValues) });

/** What a reaction or favourite changes, answered at once (the page updates optimistically). */
export const articleStandingSchema = z.object({
  likes: z.number().int().min(0),
  dislikes: z.number().int().min(0),
  reaction: z.enum(articleReactionValues).nullable(),
  isFavorite: z.boolean(),
});
export type ArticleStanding = z.infer<typeof articleStandingSchema>;
export const articleStandingResponseSchema = z.object({ data: articleStandingSchema });
