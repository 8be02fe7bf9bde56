import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { articleStatusValues } from '../../../contracts/enums.ts';
import { cloudFiles } from './cloud.ts';
import { at, timestamps } from './columns.ts';
import { apps, profiles } from './workspace.ts';

/*
 * The help desk and the articles (issue 20, docs/decisions/helpdesk.md). Two separate trees of content:
 * - the help desk: nested categories holding articles that answer members' questions (searched while a member
 *   writes a ticket, voted helpful or not);
 * - the articles: the team's blog / knowledge posts in flat categories, draft or active, scheduled, liked,
 *   disliked and kept as favourites.
 * Every row carries `app_id`; every index leads with the app, the category or the article. Counters live on the
 * article and move in the same transaction as the vote or reaction.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** German and English stemming over name (weight A) and body (B); a query runs against both configurations. */
const searchVector = sql`setweight(to_tsvector('german'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')`;

// ---------- help desk ----------

/** A help-desk category; `parent_id` nests it (depth is limited by the service). Slugs are unique per app. */
export const helpdeskCategories = pgTable(
  'helpdesk_categories',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => helpdeskCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Ascending order among siblings; moving after `prevId` takes a position between two neighbours. */
    position: doublePrecision('position').notNull(),
    articlesCount: integer('articles_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('helpdesk_categories_slug_idx').on(table.appId, table.slug),
    index('helpdesk_categories_tree_idx').on(table.appId, table.parentId, table.position),
  ],
);

/** An answer of the help desk. Unpublished ones (`is_published` false) are seen by the team only. */
export const helpdeskArticles = pgTable(
  'helpdesk_articles',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => helpdeskCategories.id, { onDelete: 'cascade' }),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Sanitized rich text (server/platform/rich-text.ts) and its plain text (search, previews). */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(true),
    position: doublePrecision('position').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    notHelpfulCount: integer('not_helpful_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(searchVector),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('helpdesk_articles_slug_idx').on(table.appId, table.slug),
    index('helpdesk_articles_category_idx').on(table.categoryId, table.position),
    // "Popular articles" of the help desk home.
    index('helpdesk_articles_popular_idx').on(table.appId, table.viewsCount.desc()),
    index('helpdesk_articles_search_idx').using('gin', table.search),
  ],
);

/** "Was this helpful?": one answer per member and article, changeable. */
export const helpdeskArticleVotes = pgTable(
  'helpdesk_article_votes',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => helpdeskArticles.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    isHelpful: boolean('is_helpful').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.profileId] }),
    index('helpdesk_article_votes_profile_idx').on(table.profileId),
  ],
);

// ---------- articles ----------

/** A category of articles (flat), ordered by `prevId` moves. Slugs are unique per app. */
export const articleCategories = pgTable(
  'article_categories',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: doublePrecision('position').notNull(),
    articlesCount: integer('articles_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('article_categories_slug_idx').on(table.appId, table.slug),
    index('article_categories_position_idx').on(table.appId, table.position),
  ],
);

/**
 * An article. `status` draft | active (spec §3, default active); an active article with `publish_at` ahead is
 * scheduled: `published_at` stays null until the publish job (or an edit) publishes it, exactly once.
 * `access`: `free` — everyone who may see the articles service (guests too where the service allows them);
 * `auth` — signed-in members of the app.
 */
export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => articleCategories.id),
    authorProfileId: uuid('author_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: articleStatusValues }).notNull().default('active'),
    access: text('access', { enum: ['free', 'auth'] })
      .notNull()
      .default('free'),
    /** Shown as an announcement on the app's home while set; published, it tells the members once. */
    isAnnounced: boolean('is_announced').notNull().default(false),
    /**
     * When the members were told of the announced article (docs/decisions/articles.md): set once by the fan-out
     * that tells them, so a retry, a second save or a later publication tells nobody again.
     */
    announcedAt: at('announced_at'),
    publishAt: at('publish_at'),
    timeZone: text('time_zone'),
    publishedAt: at('published_at'),
    likesCount: integer('likes_count').notNull().default(0),
    dislikesCount: integer('dislikes_count').notNull().default(0),
    search: tsvector('search').generatedAlwaysAs(searchVector),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('articles_slug_idx').on(table.appId, table.slug),
    // The members' list: published articles, newest first, keyset (published_at, id).
    index('articles_published_idx')
      .on(table.appId, table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'active' and ${table.publishedAt} is not null`),
    index('articles_category_idx').on(table.categoryId, table.publishedAt.desc()),
    // The team's filters draft / scheduled, and the publish job's due articles.
    index('articles_status_idx').on(table.appId, table.status, table.updatedAt.desc()),
    index('articles_scheduled_idx')
      .on(table.publishAt)
      .where(sql`${table.status} = 'active' and ${table.publishedAt} is null`),
    index('articles_search_idx').using('gin', table.search),
    // The announcements' sweep: published announced articles whose members were not told yet (few, if any).
    index('articles_unannounced_idx')
      .on(table.publishedAt)
      .where(
        sql`${table.isAnnounced} and ${table.announcedAt} is null and ${table.status} = 'active' and ${table.publishedAt} is not null`,
      ),
  ],
);

/** A like (+1) or dislike (-1) of an article, one per member, changeable. */
export const articleReactions = pgTable(
  'article_reactions',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    value: smallint('value').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.profileId] }),
    check('article_reactions_value_check', sql`${table.value} in (-1, 1)`),
  ],
);

/** A member's favourite article (spec RULE-16: POST creates, DELETE removes). */
export const articleFavorites = pgTable(
  'article_favorites',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.profileId] }),
    index('article_favorites_profile_idx').on(table.profileId, table.createdAt.desc()),
  ],
);
