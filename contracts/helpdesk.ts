import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { paginated } from './pagination.ts';
import { richTextMaxLength } from './rich-text.ts';
import { maxLength, requiredString, validationKeys } from './validation/index.ts';

/*
 * The help desk (issue 20, spec §2 helpdesk routes, §3 "Helpdesk category", §7 "Helpdesk", GAPS 15): nested
 * categories of answers, their articles, "Was this helpful?" votes and the German and English search that the
 * tickets screen also asks while a member types. Rules: docs/decisions/helpdesk.md.
 */

export const helpdeskLimits = {
  name: 200,
  slug: 100,
  description: 2000,
  /** Categories nest at most this deep (a top category is level 1). */
  depth: 3,
  search: 200,
} as const;

export const helpdeskPageSizes = {
  articles: 20,
  search: 10,
  searchMax: 20,
  popular: 6,
  related: 5,
} as const;

export const helpdeskAbilityValues = abilitiesBySubject.helpdesk;
export type HelpdeskAbility = (typeof helpdeskAbilityValues)[number];
export const helpdeskPermissionsSchema = z.object({ can: z.array(z.enum(helpdeskAbilityValues)) });

/** Help-desk slugs: lower-case Latin letters, digits and single dashes (made from the name when absent). */
export const helpdeskSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: validationKeys.allowedSymbolsSlug })
  .check(maxLength(helpdeskLimits.slug));

const name = requiredString()
  .check(maxLength(helpdeskLimits.name))
  .transform((value) => value.trim());
const parentId = z.uuid({ message: validationKeys.invalidValue }).nullable();

export const helpdeskAppParamsSchema = z.object({ appId: z.uuid() });
export const helpdeskIdParamsSchema = z.object({ id: z.uuid() });

// ---------- categories ----------

export const helpdeskCategorySchema = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** 1 for a top category, up to `helpdeskLimits.depth`. */
  depth: z.number().int().min(1),
  position: z.number(),
  /** Published articles directly in the category. */
  articlesCount: z.number().int().min(0),
  /** Editors only: every article of the category, drafts included (what deleting it takes); else null. */
  allArticlesCount: z.number().int().min(0).nullable(),
  permissions: helpdeskPermissionsSchema,
});
export type HelpdeskCategory = z.infer<typeof helpdeskCategorySchema>;
export const helpdeskCategoryResponseSchema = z.object({ data: helpdeskCategorySchema });

/**
 * `GET /apps/{appId}/helpdesk/categories` (GAPS 15): the whole tree, flat, depth first (each parent before its
 * children, siblings by position), so the web resolves `helpdesk/{categorySlug}` from it without another call.
 */
export const helpdeskTreeSchema = z.object({
  data: z.array(helpdeskCategorySchema),
  permissions: helpdeskPermissionsSchema,
});
export type HelpdeskTree = z.infer<typeof helpdeskTreeSchema>;

/** `POST /apps/{appId}/helpdesk/categories`: added last among its siblings; the slug is made from the name when absent. */
export const helpdeskCategoryCreateBodySchema = z.strictObject({
  name,
  slug: helpdeskSlugSchema.optional(),
  parentId: parentId.default(null),
  description: z.string().check(maxLength(helpdeskLimits.description)).default(''),
});
export type HelpdeskCategoryCreateBody = z.output<typeof helpdeskCategoryCreateBodySchema>;

/** `PATCH /helpdesk/categories/{id}`: only what is sent changes; a new name keeps the slug. */
export const helpdeskCategoryPatchBodySchema = z.strictObject({
  name: name.optional(),
  slug: helpdeskSlugSchema.optional(),
  description: z.string().check(maxLength(helpdeskLimits.description)).optional(),
});
export type HelpdeskCategoryPatchBody = z.output<typeof helpdeskCategoryPatchBodySchema>;

/**
 * `PATCH /apps/{appId}/helpdesk/categories/move`: the category `id` goes right after its sibling `prevId` (null:
 * first) under `parentId` (absent: its parent stays; null: the top level). No cycles, at most three levels.
 */
export const helpdeskCategoryMoveBodySchema = z.strictObject({
  id: z.uuid({ message: validationKeys.invalidValue }),
  prevId: z.uuid({ message: validationKeys.invalidValue }).nullable(),
  parentId: parentId.optional(),
});
export type HelpdeskCategoryMoveBody = z.output<typeof helpdeskCategoryMoveBodySchema>;

// ---------- articles ----------

/** A cover picture: its id and a signed address of the large preview. */
export const helpdeskPictureSchema = z.object({ id: z.uuid(), url: z.string().nullable() });

export const helpdeskArticleSummarySchema = z.object({
  id: z.uuid(),
  categoryId: z.uuid(),
  name: z.string(),
  slug: z.string(),
  /** The first words of the body, as plain text. */
  excerpt: z.string(),
  cover: helpdeskPictureSchema.nullable(),
  isPublished: z.boolean(),
  position: z.number(),
  helpfulCount: z.number().int().min(0),
  notHelpfulCount: z.number().int().min(0),
  viewsCount: z.number().int().min(0),
  updatedAt: z.iso.datetime(),
  permissions: helpdeskPermissionsSchema,
});
export type HelpdeskArticleSummary = z.infer<typeof helpdeskArticleSummarySchema>;

export const helpdeskCrumbSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export type HelpdeskCrumb = z.infer<typeof helpdeskCrumbSchema>;

export const helpdeskArticleSchema = helpdeskArticleSummarySchema.extend({
  /** Sanitized rich text (the community's allow-list). */
  body: z.string(),
  /** The category and its ancestors, top first (the article's breadcrumbs). */
  categories: z.array(helpdeskCrumbSchema),
  /** The caller's "Was this helpful?" answer, or null. */
  myVote: z.boolean().nullable(),
});
export type HelpdeskArticle = z.infer<typeof helpdeskArticleSchema>;
export const helpdeskArticleResponseSchema = z.object({ data: helpdeskArticleSchema });

export const helpdeskArticleListSchema = paginated(helpdeskArticleSummarySchema);
export type HelpdeskArticleList = z.infer<typeof helpdeskArticleListSchema>;
export const helpdeskArticleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(helpdeskPageSizes.articles),
});
export type HelpdeskArticleListQuery = z.output<typeof helpdeskArticleListQuerySchema>;

/** `GET /apps/{appId}/helpdesk/articles/popular`: the most read published articles (the help desk home). */
export const helpdeskPopularSchema = z.object({ data: z.array(helpdeskArticleSummarySchema) });

/** `GET /helpdesk/categories/{id}/articles/router?slug=`: the article of `helpdesk/{categorySlug}/{articleSlug}`. */
export const helpdeskRouterQuerySchema = z.object({ slug: z.string().trim().min(1).max(200) });
export const helpdeskRouterResponseSchema = z.object({
  data: helpdeskArticleSchema,
  /** A handful of articles from the same category, then by text similarity of the name. */
  related: z.array(helpdeskArticleSummarySchema),
});
export type HelpdeskRouterResponse = z.infer<typeof helpdeskRouterResponseSchema>;

const coverId = z.uuid({ message: validationKeys.invalidValue }).nullable();

/** `POST /helpdesk/categories/{id}/articles`: added last in the category; slug from the name when absent. */
export const helpdeskArticleCreateBodySchema = z.strictObject({
  name,
  slug: helpdeskSlugSchema.optional(),
  body: z.string().check(maxLength(richTextMaxLength)).default(''),
  coverId: coverId.optional(),
  isPublished: z.boolean().default(true),
});
export type HelpdeskArticleCreateBody = z.output<typeof helpdeskArticleCreateBodySchema>;

/**
 * `PATCH /helpdesk/articles/{id}`: the fields sent replace the stored ones. `categoryId` moves the article to
 * another category of the app (last, unless `prevId` places it); `prevId` places it right after that article of
 * its (new) category (null: first).
 */
export const helpdeskArticlePatchBodySchema = z.strictObject({
  name: name.optional(),
  slug: helpdeskSlugSchema.optional(),
  body: z.string().check(maxLength(richTextMaxLength)).optional(),
  coverId: coverId.optional(),
  isPublished: z.boolean().optional(),
  categoryId: z.uuid({ message: validationKeys.invalidValue }).optional(),
  prevId: z.uuid({ message: validationKeys.invalidValue }).nullable().optional(),
});
export type HelpdeskArticlePatchBody = z.output<typeof helpdeskArticlePatchBodySchema>;

// ---------- votes ----------

/** `POST /helpdesk/articles/{id}/vote`: one answer per member, changeable; DELETE takes it back. */
export const helpdeskVoteBodySchema = z.strictObject({ isHelpful: z.boolean() });
export const helpdeskVoteResponseSchema = z.object({
  data: z.object({
    helpfulCount: z.number().int().min(0),
    notHelpfulCount: z.number().int().min(0),
    myVote: z.boolean().nullable(),
  }),
});
export type HelpdeskVoteResult = z.infer<typeof helpdeskVoteResponseSchema>['data'];

// ---------- search ----------

/**
 * `all`: every word must match (the search box); `any`: any of the words, those matching most of them first
 * (suggestions while a member writes a whole sentence, docs/decisions/helpdesk.md).
 */
export const helpdeskSearchMatchValues = ['all', 'any'] as const;
export type HelpdeskSearchMatch = (typeof helpdeskSearchMatchValues)[number];

export const helpdeskSearchQuerySchema = z.object({
  q: z.string().trim().min(1, { message: validationKeys.required }).max(helpdeskLimits.search),
  limit: z.coerce.number().int().min(1).max(helpdeskPageSizes.searchMax).default(helpdeskPageSizes.search),
  match: z.enum(helpdeskSearchMatchValues).default('all'),
});
export type HelpdeskSearchQuery = z.output<typeof helpdeskSearchQuerySchema>;

/** A piece of a highlighted text: `mark` pieces matched the query (the web shows them in `<mark>`). */
export const helpdeskHighlightSchema = z.array(z.object({ text: z.string(), mark: z.boolean() }));
export type HelpdeskHighlight = z.infer<typeof helpdeskHighlightSchema>;

export const helpdeskSearchHitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  categoryId: z.uuid(),
  categoryName: z.string(),
  categorySlug: z.string(),
  isPublished: z.boolean(),
  title: helpdeskHighlightSchema,
  snippet: helpdeskHighlightSchema,
});
export type HelpdeskSearchHit = z.infer<typeof helpdeskSearchHitSchema>;
export const helpdeskSearchResponseSchema = z.object({ data: z.array(helpdeskSearchHitSchema) });
