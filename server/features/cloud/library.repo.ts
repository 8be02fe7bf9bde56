import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  cloudFavorites,
  cloudFiles,
  cloudFolders,
  cloudLibraryVersions,
  type CloudFileCategory,
} from '../../db/schema/index.ts';
import { chatFileIdsOf, isChatFileOf } from '../chat/public.ts';
import type { CloudFileRow, CloudFolderRow } from './cloud.presenter.ts';
import { escapeLike } from '../../db/like.ts';

/*
 * Reads of the cloud library. Every list query is keyed by a folder (`folder_id`, `parent_id`) or by the
 * person (`project_id` + `owner_account_id`), so the indexes of the schema carry it.
 */

/** Which folders a list shows: the children of one folder, all of the person's (but the root), or Removed. */
export type FolderSet = { kind: 'children'; folderId: string } | { kind: 'library' } | { kind: 'removed' };

/**
 * Whose files besides the person's own a list may show: nobody's, the project's (file managers, isAnother),
 * or those the chats of the person's profile share with them (app members).
 */
export type OtherOwners = 'none' | 'project' | { chatsOf: string };

/** Which files a list shows. `owners: 'project'` widens the person's library to the project (isAnother). */
export type FileSet =
  | { kind: 'children'; folderId: string }
  | {
      kind: 'library';
      owners: 'own' | 'project';
      category?: CloudFileCategory;
      source?: string;
      /** Only files the owner has opened (fast access). */
      opened?: boolean;
    }
  /** The messages folder with isAnother on the app host: the person's chat files and their chats' shared files. */
  | { kind: 'chats'; profileId: string }
  | { kind: 'removed' }
  | { kind: 'favorites'; others: OtherOwners };

export type ListFilters = {
  /** Case-insensitive substring of the name. */
  search?: string | undefined;
  /** Lower-case extensions without the dot. */
  extensions?: string[] | undefined;
  createdFrom?: Date | undefined;
  createdTo?: { at: Date; inclusive: boolean } | undefined;
};

export type ListScope = {
  projectId: string;
  accountId: string;
  folders: FolderSet | null;
  files: FileSet;
  /** live: not deleted; deleted: deleted items only. Removed lists its own (directly deleted) items. */
  state: 'live' | 'deleted';
  /** Files kept out of the library (chat attachments, avatars) show only where asked. */
  hidden: 'exclude' | 'include';
  filters: ListFilters;
};

export type ListOrder = { key: 'name' | 'updatedAt' | 'createdAt' | 'opened'; direction: 'asc' | 'desc' };

// LIKE's default escape character is the backslash.

function nameContains(column: SQLWrapper, text: string) {
  // lower() on the server, the same function that fills name_search, so the trigram index answers it.
  return sql`${column} like '%' || lower(${escapeLike(text)}) || '%'`;
}

function createdConditions(
  column: typeof cloudFiles.createdAt | typeof cloudFolders.createdAt,
  filters: ListFilters,
): (SQL | undefined)[] {
  const to = filters.createdTo;
  return [
    filters.createdFrom ? gte(column, filters.createdFrom) : undefined,
    to ? (to.inclusive ? lte(column, to.at) : lt(column, to.at)) : undefined,
  ];
}

export function folderCondition(scope: ListScope): SQL | undefined {
  const set = scope.folders;
  if (!set) {
    return undefined;
  }
  const person = and(
    eq(cloudFolders.projectId, scope.projectId),
    eq(cloudFolders.ownerAccountId, scope.accountId),
  );
  const where: Record<FolderSet['kind'], SQL | undefined> = {
    children: set.kind === 'children' ? eq(cloudFolders.parentId, set.folderId) : undefined,
    library: and(person, isNotNull(cloudFolders.parentId)),
    removed: and(person, isNotNull(cloudFolders.deletedAt), isNull(cloudFolders.deletedVia)),
  };
  const { search } = scope.filters;
  return and(
    where[set.kind],
    set.kind === 'removed'
      ? undefined
      : scope.state === 'live'
        ? isNull(cloudFolders.deletedAt)
        : isNotNull(cloudFolders.deletedAt),
    search ? nameContains(cloudFolders.nameSearch, search) : undefined,
    ...createdConditions(cloudFolders.createdAt, scope.filters),
  );
}

// The person's own chat files in the messages subquery, named apart from the outer query's cloud_files. In a raw
// fragment an alias renders as its bare name, so the FROM spells out `cloud_files as own_files`.
const ownFiles = alias(cloudFiles, 'own_files');

function fileSetCondition(scope: ListScope): SQL | undefined {
  const set = scope.files;
  const person = and(
    eq(cloudFiles.projectId, scope.projectId),
    eq(cloudFiles.ownerAccountId, scope.accountId),
  );
  switch (set.kind) {
    case 'children':
      return eq(cloudFiles.folderId, set.folderId);
    case 'library':
      return and(
        set.owners === 'own' ? person : eq(cloudFiles.projectId, scope.projectId),
        set.category ? eq(cloudFiles.category, set.category) : undefined,
        set.source ? eq(cloudFiles.source, set.source) : undefined,
        // A literal, so the partial index of fast access (open_count > 0) matches at planning.
        set.opened ? sql`${cloudFiles.openCount} > 0` : undefined,
      );
    case 'chats':
      // One set of ids from two index-driven halves (the person's files by cloud_files_owner_updated_idx, the
      // shared ones through their memberships), then the files by primary key: an OR of the two would read
      // every file of the project.
      return and(
        eq(cloudFiles.projectId, scope.projectId),
        inArray(
          cloudFiles.id,
          sql`(select ${ownFiles.id} from ${cloudFiles} as ${sql.identifier('own_files')}
            where ${ownFiles.projectId} = ${scope.projectId} and ${ownFiles.ownerAccountId} = ${scope.accountId}
              and ${ownFiles.source} = 'chat'
            union all ${chatFileIdsOf(set.profileId)})`,
        ),
      );
    case 'removed':
      return and(person, isNotNull(cloudFiles.deletedAt), isNull(cloudFiles.deletedVia));
    case 'favorites': {
      const others = set.others;
      return and(
        eq(cloudFiles.projectId, scope.projectId),
        inArray(
          cloudFiles.id,
          sql`(select ${cloudFavorites.fileId} from ${cloudFavorites} where ${cloudFavorites.projectId} = ${scope.projectId} and ${cloudFavorites.accountId} = ${scope.accountId})`,
        ),
        // A favourite of someone else's file shows while a chat still shares the (live) file with the person.
        others === 'project'
          ? undefined
          : or(
              eq(cloudFiles.ownerAccountId, scope.accountId),
              others === 'none'
                ? undefined
                : and(isNull(cloudFiles.deletedAt), isChatFileOf(cloudFiles.id, others.chatsOf)),
            ),
      );
    }
  }
}

export function fileCondition(scope: ListScope): SQL | undefined {
  const { search, extensions } = scope.filters;
  return and(
    fileSetCondition(scope),
    scope.files.kind === 'removed'
      ? undefined
      : scope.state === 'live'
        ? isNull(cloudFiles.deletedAt)
        : isNotNull(cloudFiles.deletedAt),
    // A literal, so the partial "live" indexes (deleted_at is null and not hidden) match at planning.
    scope.hidden === 'exclude' ? sql`${cloudFiles.hiddenInCloud} = false` : undefined,
    search ? nameContains(cloudFiles.nameSearch, search) : undefined,
    extensions?.length ? inArray(cloudFiles.extension, extensions) : undefined,
    ...createdConditions(cloudFiles.createdAt, scope.filters),
  );
}

/** Fast access (GAPS 8): the most opened first, the last opened among equals (cloud_files_live_opened_idx). */
const mostOpened = [desc(cloudFiles.openCount), sql`${cloudFiles.lastOpenedAt} desc nulls last`];

type SortColumns = { name: SQLWrapper; updatedAt: SQLWrapper; createdAt: SQLWrapper; id: SQLWrapper };

const fileSort: SortColumns = {
  name: cloudFiles.nameSearch,
  updatedAt: cloudFiles.updatedAt,
  createdAt: cloudFiles.createdAt,
  id: cloudFiles.id,
};
const folderSort: SortColumns = {
  name: cloudFolders.nameSearch,
  updatedAt: cloudFolders.updatedAt,
  createdAt: cloudFolders.createdAt,
  id: cloudFolders.id,
};

function orderBy(order: ListOrder, columns: SortColumns, opened: readonly SQL[]) {
  const direction = order.direction === 'asc' ? asc : desc;
  // The id breaks ties, so an item never shows on two pages (a bulk move gives many rows one updated_at).
  return order.key === 'opened'
    ? [...opened, desc(columns.id)]
    : [direction(columns[order.key]), direction(columns.id)];
}

export async function countFolders(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cloudFolders).where(where);
  return row?.n ?? 0;
}

/** Files matching `where`; with `cap`, counting stops there (fast access needs no more than its 20). */
export async function countFiles(db: DbOrTx, where: SQL | undefined, cap?: number): Promise<number> {
  if (cap === undefined) {
    const [row] = await db.select({ n: count() }).from(cloudFiles).where(where);
    return row?.n ?? 0;
  }
  const capped = db.select({ id: cloudFiles.id }).from(cloudFiles).where(where).limit(cap).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

type Page = { limit: number; offset: number };

export async function selectFolders(
  db: DbOrTx,
  where: SQL | undefined,
  order: ListOrder,
  page: Page,
): Promise<CloudFolderRow[]> {
  return (
    db
      .select()
      .from(cloudFolders)
      .where(where)
      // Folders have no "opened" time: by recency they sort by creation.
      .orderBy(...orderBy(order, folderSort, [desc(cloudFolders.createdAt)]))
      .limit(page.limit)
      .offset(page.offset)
  );
}

export async function selectFiles(
  db: DbOrTx,
  where: SQL | undefined,
  order: ListOrder,
  page: Page,
): Promise<CloudFileRow[]> {
  return db
    .select()
    .from(cloudFiles)
    .where(where)
    .orderBy(...orderBy(order, fileSort, mostOpened))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findFolder(db: DbOrTx, id: string): Promise<CloudFolderRow | undefined> {
  const [row] = await db.select().from(cloudFolders).where(eq(cloudFolders.id, id));
  return row;
}

export async function findFile(db: DbOrTx, id: string): Promise<CloudFileRow | undefined> {
  const [row] = await db.select().from(cloudFiles).where(eq(cloudFiles.id, id));
  return row;
}

/** The files and folders among `ids` (a bulk call mixes both). */
export async function findItems(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) {
    return { folders: [], files: [] };
  }
  const [folders, files] = await Promise.all([
    db
      .select()
      .from(cloudFolders)
      .where(inArray(cloudFolders.id, [...ids])),
    db
      .select()
      .from(cloudFiles)
      .where(inArray(cloudFiles.id, [...ids])),
  ]);
  return { folders, files };
}

export type StorageStats = {
  usedBytes: number;
  filesCount: number;
  byType: { image: number; video: number; audio: number; other: number };
};

/** Bytes and files of the whole project: every owner, Removed included (those bytes are still stored). */
/** What the files of the project (or of one person in it, `accountId`) take, Removed included. */
export async function storageStats(db: DbOrTx, projectId: string, accountId?: string): Promise<StorageStats> {
  const bytesOf = (type: string) =>
    sql<string>`coalesce(sum(${cloudFiles.size}) filter (where ${cloudFiles.type} = ${type}), 0)`;
  const [row] = await db
    .select({
      used: sql<string>`coalesce(sum(${cloudFiles.size}), 0)`,
      files: count(),
      image: bytesOf('image'),
      video: bytesOf('video'),
      audio: bytesOf('audio'),
      other: bytesOf('other'),
    })
    .from(cloudFiles)
    .where(
      and(
        eq(cloudFiles.projectId, projectId),
        accountId ? eq(cloudFiles.ownerAccountId, accountId) : undefined,
      ),
    );
  return {
    usedBytes: Number(row?.used ?? 0),
    filesCount: row?.files ?? 0,
    byType: {
      image: Number(row?.image ?? 0),
      video: Number(row?.video ?? 0),
      audio: Number(row?.audio ?? 0),
      other: Number(row?.other ?? 0),
    },
  };
}

// Read on every cached list (the cache's validator): prepared once per handle.
const versionOf = preparedQuery((db) =>
  db
    .select({ version: cloudLibraryVersions.version })
    .from(cloudLibraryVersions)
    .where(
      and(
        eq(cloudLibraryVersions.projectId, sql.placeholder('projectId')),
        eq(cloudLibraryVersions.accountId, sql.placeholder('accountId')),
      ),
    )
    .prepare('cloud_library_version'),
);

/** The person's library version (raised by triggers on every change of their folders, files, favourites). */
export async function libraryVersion(db: DbOrTx, projectId: string, accountId: string): Promise<number> {
  const [row] = await versionOf(db).execute({ projectId, accountId });
  return row?.version ?? 0;
}
