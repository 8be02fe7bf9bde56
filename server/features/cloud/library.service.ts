import type { Logger } from 'pino';
import {
  cloudListSchema,
  type CloudFilters,
  type CloudFolderNode,
  type CloudList,
  type FileListQuery,
  type FolderContentQuery,
} from '../../../contracts/cloud.ts';
import type { Db } from '../../db/client.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import { notFound } from '../../platform/errors.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { ensureRootFolder, type CloudAccess } from './cloud.access.ts';
import type { FolderScopeAccess } from './cloud.scopes.ts';
import type { CloudFolderRow, UrlSign } from './cloud.presenter.ts';
import { createLibraryEdits } from './library-edits.service.ts';
import { createLibraryMoves } from './library-moves.service.ts';
import { planList, runList, type ListTarget } from './library.listing.ts';
import * as repo from './library.repo.ts';
import { folderPath, liveSubtree, type FolderStep } from './library-tree.repo.ts';
import { createSavedSearchService } from './saved-searches.service.ts';
import { memberStorageLimitBytes, storageLimitBytes, storageRoleOf } from './storage-usage.ts';

export type LibraryDeps = {
  db: Db;
  storage: Pick<BlobStorage, 'remove'>;
  sign: UrlSign;
  logger?: Pick<Logger, 'error'>;
};

const folderMeta = (folder: CloudFolderRow) => ({
  id: folder.id,
  name: folder.name,
  parentId: folder.parentId,
});

/** Builds the nested tree from the flat rows of one subtree (parents come with their children). */
function nest(rows: readonly FolderStep[], rootId: string, rootName: string): CloudFolderNode {
  const nodes = new Map<string, CloudFolderNode>();
  const root: CloudFolderNode = { id: rootId, name: rootName, data: [] };
  nodes.set(rootId, root);
  for (const row of rows) {
    if (!nodes.has(row.id)) {
      nodes.set(row.id, { id: row.id, name: row.name, data: [] });
    }
  }
  // Rows arrive by name, so each parent's children keep that order.
  for (const row of rows) {
    if (row.id !== rootId && row.parentId) {
      nodes.get(row.parentId)?.data.push(nodes.get(row.id)!);
    }
  }
  return root;
}

/**
 * Lists are cached in memory as finished JSON, under the person's library version (cloud_library_versions,
 * raised by triggers on every change of their folders, files and favourites): a repeated list costs the
 * access check and one primary-key read. Entries live a minute at most, well inside the life of the signed
 * addresses they carry. Lists that show other people's files (isAnother, favourites, the messages folder with
 * the chats' files) are not cached: their changes, and joining or leaving a chat, raise other versions.
 */
const listCacheTtlMs = 60_000;

const isCacheable = (access: CloudAccess, query: CloudFilters & { type?: string }) =>
  !(query.isAnother && (access.canSeeOthers || query.type === 'messages')) && query.type !== 'favorite';

/** The cloud library (spec §2, §7 "Cloud"): lists, tree, path, storage, and the changes (library-edits). */
export function createLibraryService(deps: LibraryDeps) {
  const { db, sign } = deps;
  const lists = createAnswerCache<string>({ maxEntries: 2000, ttlMs: listCacheTtlMs });

  async function libraryVersion(access: CloudAccess): Promise<number> {
    return repo.libraryVersion(db, access.project.id, access.accountId);
  }

  /** The list as JSON (the response schema applied, as the serializer would), from the cache when unchanged. */
  async function cachedJson(
    access: CloudAccess,
    query: CloudFilters & { type?: string },
    target: string,
    build: () => Promise<CloudList>,
  ): Promise<string> {
    const render = async () => JSON.stringify(cloudListSchema.parse(await build()));
    if (!isCacheable(access, query)) {
      return render();
    }
    // Read before building: a change during the build raises the version, so the next call misses.
    const version = await libraryVersion(access);
    const key = [
      access.mode,
      access.realAccountId,
      access.accountId,
      access.can.join(','),
      target,
      version,
      JSON.stringify(query),
    ].join('|');
    return lists.getOrLoad(key, render);
  }

  async function list(
    access: CloudAccess,
    target: ListTarget,
    query: CloudFilters,
    root: CloudFolderRow,
  ): Promise<CloudList> {
    const plan = planList(access, target, query);
    return runList(db, {
      access,
      sign,
      plan,
      page: query.page,
      limit: query.limit,
      meta: { rootId: root.id, folder: target.kind === 'folder' ? folderMeta(target.folder) : null },
    });
  }

  return {
    ...createLibraryEdits(deps),
    ...createLibraryMoves(deps),
    ...createSavedSearchService({ db }),

    /** latest, my, fast_access, removed (GAPS 8), as JSON. */
    async folderContent(access: CloudAccess, query: FolderContentQuery) {
      return cachedJson(access, query, 'pseudo', async () => {
        // The root exists from the first visit on: uploads from any view go there (GAPS 9).
        const root = await ensureRootFolder(db, access.project.id, access.accountId);
        const target: ListTarget =
          query.type === 'my' ? { kind: 'folder', folder: root } : { kind: 'pseudo', type: query.type };
        return list(access, target, query, root);
      });
    },

    /** photo, video, document, audio, favorite, messages (GAPS 8), as JSON. */
    async files(access: CloudAccess, query: FileListQuery) {
      return cachedJson(access, query, 'files', async () => {
        const root = await ensureRootFolder(db, access.project.id, access.accountId);
        return list(access, { kind: 'pseudo', type: query.type }, query, root);
      });
    },

    /** A real folder's content, as JSON (the folder itself is read only when the list is built). */
    async folder({ access, folderId }: FolderScopeAccess, query: CloudFilters) {
      return cachedJson(access, query, `folder:${folderId}`, async () => {
        const folder = await repo.findFolder(db, folderId);
        if (!folder) {
          throw notFound();
        }
        const root = await ensureRootFolder(db, access.project.id, access.accountId);
        return list(access, { kind: 'folder', folder }, query, root);
      });
    },

    async path({ folderId }: FolderScopeAccess) {
      return folderPath(db, folderId);
    },

    /** The caller's "My files" with every live folder below it (the move dialog). */
    async tree(access: CloudAccess): Promise<CloudFolderNode> {
      const root = await ensureRootFolder(db, access.project.id, access.accountId);
      return nest(await liveSubtree(db, root.id), root.id, root.name);
    },

    /**
     * Storage use (GAPS 4, Removed included): the project's team sees every person's files against the
     * tariff's quota; a member sees their own against their share (`memberStorageMb`), never the project's.
     */
    async storage(access: CloudAccess) {
      const role =
        access.mode === 'project' ? 'team' : await storageRoleOf(db, access.project, access.accountId);
      if (role === 'team') {
        const stats = await repo.storageStats(db, access.project.id);
        return { ...stats, scope: 'project' as const, limitBytes: storageLimitBytes(access.project) };
      }
      const stats = await repo.storageStats(db, access.project.id, access.accountId);
      return { ...stats, scope: 'own' as const, limitBytes: memberStorageLimitBytes(access.project) };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
