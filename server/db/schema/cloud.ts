import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cloudFileStatusValues, cloudFileTypeValues } from '../../../contracts/cloud-enums.ts';
import { uploadConflictValues } from '../../../contracts/cloud-names.ts';
import { at, timestamps } from './columns.ts';
import { accounts } from './identity.ts';
import { projects } from './workspace.ts';

/*
 * The cloud file library (DESIGN §7). A person's library inside a project is the tree under their root folder
 * ("My files", the folder without a parent); every row carries `project_id` and `owner_account_id`, and the
 * indexes lead with them or with the folder.
 *
 * Deletion: a soft-deleted item gets `deleted_at`; the items inside a soft-deleted folder get the same
 * `deleted_at` and `deleted_via` = that folder, so Removed lists only the items deleted directly
 * (`deleted_via is null`) and restoring or purging the folder takes exactly its own descendants along.
 */

export const cloudFileCategoryValues = ['image', 'video', 'audio', 'document', 'other'] as const;
export type CloudFileCategory = (typeof cloudFileCategoryValues)[number];

/** Storage keys of the derived files of a file (thumbnails as webp, the video poster and its mp4). */
export type CloudVariants = Partial<Record<'tile' | 'table' | 'preview' | 'poster' | 'video', string>>;

export const cloudFolders = pgTable(
  'cloud_folders',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Null for the person's root folder ("My files"). */
    parentId: uuid('parent_id').references((): AnyPgColumn => cloudFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameSearch: text('name_search').generatedAlwaysAs(sql`lower(name)`),
    deletedAt: at('deleted_at'),
    deletedVia: uuid('deleted_via'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cloud_folders_root_idx')
      .on(table.projectId, table.ownerAccountId)
      .where(sql`${table.parentId} is null`),
    index('cloud_folders_parent_idx').on(table.parentId, table.updatedAt),
    index('cloud_folders_owner_idx').on(table.projectId, table.ownerAccountId, table.updatedAt),
    index('cloud_folders_name_trgm_idx').using('gin', sql`${table.nameSearch} gin_trgm_ops`),
    index('cloud_folders_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

export const cloudFiles = pgTable(
  'cloud_files',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    ownerAccountId: uuid('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => cloudFolders.id, { onDelete: 'cascade' }),
    /** The display name (renamable, sanitised); `originalName` is the name the file was uploaded with. */
    name: text('name').notNull(),
    nameSearch: text('name_search').generatedAlwaysAs(sql`lower(name)`),
    originalName: text('original_name').notNull(),
    /** Lower-case extension without the dot ('' when none), from the sniffed type or else the name. */
    extension: text('extension').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    type: text('type', { enum: cloudFileTypeValues }).notNull(),
    category: text('category', { enum: cloudFileCategoryValues }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    status: text('status', { enum: cloudFileStatusValues }),
    encodeProgress: integer('encode_progress'),
    /** Written by the processing job while it works; a file in `process` without a recent beat is re-queued. */
    processingHeartbeatAt: at('processing_heartbeat_at'),
    storageKey: text('storage_key').notNull(),
    variants: jsonb('variants').$type<CloudVariants>().notNull().default({}),
    /** A custom thumbnail: another image file of the same person. */
    thumbFileId: uuid('thumb_file_id').references((): AnyPgColumn => cloudFiles.id, { onDelete: 'set null' }),
    /** Chat attachments, avatars and covers: kept out of My files (GAPS 14). */
    hiddenInCloud: boolean('hidden_in_cloud').notNull().default(false),
    /** Where the file came from: 'cloud' (the library), 'chat', 'avatar', 'cover', … */
    source: text('source').notNull().default('cloud'),
    /** The upload's extra parameters (the client's context, e.g. a chat id). */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    lastOpenedAt: at('last_opened_at'),
    /** How often the owner opened the file: "fast access" lists the most opened (GAPS 8). */
    openCount: integer('open_count').notNull().default(0),
    deletedAt: at('deleted_at'),
    deletedVia: uuid('deleted_via'),
    ...timestamps,
  },
  (table) => [
    index('cloud_files_folder_name_idx').on(table.folderId, table.nameSearch),
    index('cloud_files_owner_updated_idx').on(table.projectId, table.ownerAccountId, table.updatedAt),
    // Storage use per project (quota check, storage info): index-only.
    index('cloud_files_project_size_idx').on(table.projectId, table.size),
    index('cloud_files_name_trgm_idx').using('gin', sql`${table.nameSearch} gin_trgm_ops`),
    index('cloud_files_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
    // The library's lists read live, visible files only: these partial indexes answer a page and its count
    // (index-only) without touching deleted or hidden rows — a folder of 20,000 files in a few ms.
    index('cloud_files_live_folder_idx')
      .on(table.folderId, table.updatedAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.hiddenInCloud} = false`),
    index('cloud_files_live_folder_created_idx')
      .on(table.folderId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.hiddenInCloud} = false`),
    index('cloud_files_live_owner_created_idx')
      .on(table.projectId, table.ownerAccountId, table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.hiddenInCloud} = false`),
    index('cloud_files_live_category_idx')
      .on(table.projectId, table.ownerAccountId, table.category, table.updatedAt, table.id)
      .where(sql`${table.deletedAt} is null and ${table.hiddenInCloud} = false`),
    // Fast access: the most opened files, the same order as the query's (library.repo.ts).
    index('cloud_files_live_opened_idx')
      .on(table.projectId, table.ownerAccountId, table.openCount.desc(), table.lastOpenedAt.desc())
      .where(sql`${table.deletedAt} is null and ${table.hiddenInCloud} = false and ${table.openCount} > 0`),
  ],
);

/** Favourites are per person (a team member may favour a file someone else uploaded). */
export const cloudFavorites = pgTable(
  'cloud_favorites',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => cloudFiles.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fileId, table.accountId] }),
    index('cloud_favorites_account_idx').on(table.projectId, table.accountId, table.createdAt),
  ],
);

/**
 * A tus upload in progress (its bytes live in the tus store until it finishes). The row is the server's
 * own record of who started it, where it goes and how large it said it would be: the client's metadata is
 * read once, checked, and never trusted again. `fileId` is set when the upload has become a file, so a
 * repeated final request answers with the same entity.
 */
export const cloudUploads = pgTable(
  'cloud_uploads',
  {
    id: text('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => cloudFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    declaredType: text('declared_type').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    hiddenInCloud: boolean('hidden_in_cloud').notNull().default(false),
    source: text('source').notNull().default('cloud'),
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    /** What to do when the folder holds the name already (tus metadata `conflict`); null: refused at creation. */
    onConflict: text('on_conflict', { enum: uploadConflictValues }),
    fileId: uuid('file_id').references(() => cloudFiles.id, { onDelete: 'set null' }),
    expiresAt: at('expires_at').notNull(),
    ...timestamps,
  },
  (table) => [
    index('cloud_uploads_project_idx').on(table.projectId, table.accountId),
    index('cloud_uploads_expires_idx').on(table.expiresAt),
  ],
);

/** The filter panel's saved searches, per person and project. */
export const cloudSavedSearches = pgTable(
  'cloud_saved_searches',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('cloud_saved_searches_owner_idx').on(table.projectId, table.accountId, table.createdAt)],
);

/**
 * A counter per person's library, raised by triggers (migration 0008) on every change of their folders,
 * files and favourites. The library's lists are cached in memory under it: an unchanged version means an
 * unchanged answer, so a repeated list costs one primary-key read.
 */
export const cloudLibraryVersions = pgTable(
  'cloud_library_versions',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.accountId] })],
);

/**
 * The tus state of an upload in progress when the bytes go to S3 (`upload-part-store.ts`): every PATCH's
 * bytes are one object in the bucket, listed here with the offset reached. Every web instance reaches it,
 * so consecutive requests of one upload may land on different instances. A part counts only once the
 * offset moved past it in one conditional update, so two writers at the same offset cannot both win.
 */
export const uploadParts = pgTable(
  'upload_parts',
  {
    id: text('id').primaryKey(),
    size: bigint('size', { mode: 'number' }),
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string | null>>(),
    parts: jsonb('parts').$type<{ key: string; start: number; size: number }[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('upload_parts_created_idx').on(table.createdAt)],
);
