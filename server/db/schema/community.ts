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
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  postDiscriminatorValues,
  postLayoutValues,
  sortTypeValues,
  spaceAccessValues,
  spaceNotificationValues,
} from '../../../contracts/enums.ts';
import { at, timestamps } from './columns.ts';
import { gamificationStatuses } from './gamification.ts';
import { cloudFiles } from './cloud.ts';
import { apps, profiles } from './workspace.ts';

/*
 * The community (issue 15, docs/decisions/community-model.md): groups hold spaces, communities categories are
 * the second container; one post engine serves both (`container` + exactly one of space_id / category_id).
 * Every row carries `app_id`; every index leads with the app, the space, the category or the post.
 *
 * Counters (posts per space and category, likes, comments, replies) live on the parent row and are kept in the
 * same transaction as the change that moves them, so a list never counts rows.
 */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const communityGroups = pgTable(
  'community_groups',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    /** Ascending order; moving after `prevId` takes a position between two neighbours. */
    position: doublePrecision('position').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('community_groups_slug_idx').on(table.appId, table.slug),
    index('community_groups_position_idx').on(table.appId, table.position),
  ],
);

/** Moderators of a whole group (they moderate each of its spaces). */
export const communityGroupModerators = pgTable(
  'community_group_moderators',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => communityGroups.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.profileId] }),
    index('community_group_moderators_profile_idx').on(table.profileId),
  ],
);

export const communitySpaces = pgTable(
  'community_spaces',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    groupId: uuid('group_id')
      .notNull()
      .references(() => communityGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    /** Spec §3: the only space type so far. */
    type: text('type', { enum: ['posts'] })
      .notNull()
      .default('posts'),
    access: text('access', { enum: spaceAccessValues }).notNull().default('open'),
    /** Stored for the moderation issue: new posts wait for a moderator. */
    preModeration: boolean('pre_moderation').notNull().default(false),
    /** Sanitized rich text (server/platform/rich-text.ts). */
    rulesHtml: text('rules_html').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    mobileCoverId: uuid('mobile_cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    defaultSort: text('default_sort', { enum: sortTypeValues }).notNull().default('latest'),
    defaultTab: text('default_tab').notNull().default('posts'),
    displayView: text('display_view', { enum: postLayoutValues }).notNull().default('feed'),
    visibleTabs: text('visible_tabs')
      .array()
      .notNull()
      .default(sql`'{posts,members,rules}'::text[]`),
    position: doublePrecision('position').notNull(),
    /** Published, live posts: `meta.total` of the space's list without counting. */
    postsCount: integer('posts_count').notNull().default(0),
    /** Raised by every change of the container and of its posts (triggers, migration 0020): kept answers tell pages apart by it. */
    version: integer('version').notNull().default(0),
    membersCount: integer('members_count').notNull().default(0),
    /** Level-gated (issue 21): only members at this level or above open the space. */
    requiredStatusId: uuid('required_status_id').references(() => gamificationStatuses.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('community_spaces_slug_idx').on(table.appId, table.slug),
    index('community_spaces_group_idx').on(table.groupId, table.position),
    index('community_spaces_app_idx').on(table.appId, table.position),
  ],
);

/**
 * A member of a space: `active`, or `requested` while a private space's join request waits for a moderator.
 * `notify` is the member's choice of space notifications (spec §3).
 */
export const communitySpaceMembers = pgTable(
  'community_space_members',
  {
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    role: text('role', { enum: ['member', 'moderator'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['active', 'requested'] })
      .notNull()
      .default('active'),
    notify: text('notify', { enum: spaceNotificationValues }).notNull().default('all_new'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.spaceId, table.profileId] }),
    // "Which spaces is this person in" — every visibility check of the feed reads it.
    index('community_space_members_profile_idx').on(table.profileId, table.spaceId, table.status, table.role),
    index('community_space_members_list_idx').on(table.spaceId, table.status, table.createdAt),
  ],
);

/** When a person last opened a space (open spaces too): `spaces/posts/counters` counts the posts since. */
export const communitySpaceReads = pgTable(
  'community_space_reads',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    spaceId: uuid('space_id')
      .notNull()
      .references(() => communitySpaces.id, { onDelete: 'cascade' }),
    lastReadAt: at('last_read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.profileId, table.spaceId] })],
);

/** The second container for posts (spec §3 "Community category"), ordered by `prevId` moves. */
export const communityCategories = pgTable(
  'community_categories',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    position: doublePrecision('position').notNull(),
    postsCount: integer('posts_count').notNull().default(0),
    /** Raised by every change of the container and of its posts (triggers, migration 0020): kept answers tell pages apart by it. */
    version: integer('version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('community_categories_slug_idx').on(table.appId, table.slug),
    index('community_categories_position_idx').on(table.appId, table.position),
  ],
);

/** Links shown in the community's navigation (COMMUNITIES-08..10). */
export const communityLinks = pgTable(
  'community_links',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    name: text('name').notNull(),
    href: text('href').notNull(),
    icon: text('icon').notNull().default(''),
    isNewTab: boolean('is_new_tab').notNull().default(true),
    position: doublePrecision('position').notNull(),
    ...timestamps,
  },
  (table) => [index('community_links_position_idx').on(table.appId, table.position)],
);

/** A poll (spec: `voteId` on a post; group chats attach them too). */
export const votes = pgTable(
  'votes',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    authorProfileId: uuid('author_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    isMultiple: boolean('is_multiple').notNull().default(false),
    endsAt: at('ends_at'),
    votersCount: integer('voters_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [index('votes_app_idx').on(table.appId, table.createdAt)],
);

export const voteOptions = pgTable(
  'vote_options',
  {
    id: uuid('id').primaryKey(),
    voteId: uuid('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    answersCount: integer('answers_count').notNull().default(0),
  },
  (table) => [index('vote_options_vote_idx').on(table.voteId, table.position)],
);

/** One row per chosen option; a single-choice poll has one row per voter. */
export const voteAnswers = pgTable(
  'vote_answers',
  {
    voteId: uuid('vote_id')
      .notNull()
      .references(() => votes.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => voteOptions.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.voteId, table.profileId, table.optionId] }),
    index('vote_answers_option_idx').on(table.optionId),
  ],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    container: text('container', { enum: postDiscriminatorValues }).notNull(),
    spaceId: uuid('space_id').references(() => communitySpaces.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => communityCategories.id, { onDelete: 'cascade' }),
    authorProfileId: uuid('author_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Sanitized rich text (server/platform/rich-text.ts) and its plain text (search, previews). */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    coverId: uuid('cover_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    mediaIds: uuid('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    voteId: uuid('vote_id').references(() => votes.id, { onDelete: 'set null' }),
    /** The time the author scheduled (with its zone); `publishedAt` is null until the post is published. */
    publishAt: at('publish_at'),
    timeZone: text('time_zone'),
    publishedAt: at('published_at'),
    /** Held by moderation (pre-moderation or reports): unpublished until a moderator approves it. */
    heldAt: at('held_at'),
    pinnedToTopAt: at('pinned_to_top_at'),
    pinnedToSidebarAt: at('pinned_to_sidebar_at'),
    isCommentsDisabled: boolean('is_comments_disabled').notNull().default(false),
    isLikesDisabled: boolean('is_likes_disabled').notNull().default(false),
    isShareDisabled: boolean('is_share_disabled').notNull().default(false),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    ogTitle: text('og_title').notNull().default(''),
    ogDescription: text('og_description').notNull().default(''),
    ogImageId: uuid('og_image_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    /** 128 random bits (base64url): the share address of the post. */
    shareHash: text('share_hash').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    /** Raised by every change of the post, its comments and its follows (triggers, migration 0020). */
    version: integer('version').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** likes + 2 × comments, kept with them: the trends sort reads an index, computes nothing per read. */
    trendScore: integer('trend_score').notNull().default(0),
    /** German and English stemming over name (weight A) and body (B); a query runs against both. */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('german'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(body_text, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')`,
    ),
    deletedAt: at('deleted_at'),
    ...timestamps,
  },
  (table) => [
    // A post lies in exactly one container, and the one its discriminator names.
    check(
      'community_posts_container_check',
      sql`(${table.container} = 'groups' and ${table.spaceId} is not null and ${table.categoryId} is null) or (${table.container} = 'communities' and ${table.categoryId} is not null and ${table.spaceId} is null)`,
    ),
    uniqueIndex('community_posts_slug_idx').on(table.appId, table.slug),
    uniqueIndex('community_posts_share_hash_idx').on(table.shareHash),
    // Feeds: live published posts, newest first, keyset (published_at, id) for deep pages.
    index('community_posts_app_feed_idx')
      .on(table.appId, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.publishedAt} is not null and ${table.deletedAt} is null`),
    index('community_posts_space_feed_idx')
      .on(table.spaceId, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.publishedAt} is not null and ${table.deletedAt} is null`),
    index('community_posts_category_feed_idx')
      .on(table.categoryId, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.publishedAt} is not null and ${table.deletedAt} is null`),
    index('community_posts_space_name_idx')
      .on(table.spaceId, table.name, table.id)
      .where(sql`${table.publishedAt} is not null and ${table.deletedAt} is null`),
    // Pinned posts are few: one per space or category, found without scanning the feed.
    index('community_posts_pinned_idx')
      .on(table.appId, table.pinnedToTopAt)
      .where(sql`${table.pinnedToTopAt} is not null and ${table.deletedAt} is null`),
    index('community_posts_sidebar_idx')
      .on(table.appId, table.pinnedToSidebarAt)
      .where(sql`${table.pinnedToSidebarAt} is not null and ${table.deletedAt} is null`),
    index('community_posts_scheduled_idx')
      .on(table.appId, table.publishAt)
      .where(sql`${table.publishedAt} is null and ${table.deletedAt} is null`),
    index('community_posts_author_idx')
      .on(table.authorProfileId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.deletedAt} is null`),
    index('community_posts_search_idx').using('gin', table.search),
  ],
);

export const communityPostFollows = pgTable(
  'community_post_follows',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.profileId] }),
    index('community_post_follows_profile_idx').on(table.profileId),
  ],
);

export const communityPostLikes = pgTable(
  'community_post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.profileId] })],
);

/**
 * Comments on an entity (`entity_type` post | communities_post | event; lessons later) with one level of
 * replies. A deleted comment that has replies keeps its row with `is_deleted` and an empty body.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    parentCommentId: uuid('parent_comment_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorProfileId: uuid('author_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull().default(''),
    likesCount: integer('likes_count').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** Hidden by reports until a moderator decides: only its author still sees it. */
    hiddenAt: at('hidden_at'),
    editedAt: at('edited_at'),
    ...timestamps,
  },
  (table) => [
    // Top-level comments of an entity (oldest first) and the replies of a page of them.
    index('comments_entity_idx').on(table.entityId, table.parentCommentId, table.createdAt, table.id),
    index('comments_entity_trend_idx')
      .on(table.entityId, table.likesCount.desc().nullsFirst(), table.createdAt, table.id)
      .where(sql`${table.parentCommentId} is null`),
    index('comments_parent_idx').on(table.parentCommentId, table.createdAt, table.id),
    index('comments_author_idx').on(
      table.authorProfileId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.profileId] })],
);

/** Members mentioned in a post or comment; stored now, notified by the notifications issue. */
export const mentions = pgTable(
  'mentions',
  {
    sourceType: text('source_type', { enum: ['post', 'comment'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceType, table.sourceId, table.profileId] }),
    index('mentions_profile_idx').on(table.profileId, table.createdAt),
  ],
);
