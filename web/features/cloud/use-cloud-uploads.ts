import { useCallback, useMemo, useState } from 'react';
import { notifications } from '@mantine/notifications';
import {
  notifyManager,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useStore } from 'zustand';
import type { CloudEntity, CloudList, CloudSort, NameConflict } from '../../../contracts/cloud';
import type { UploadConflict } from '../../../contracts/cloud-names';
import { cloudSortValues } from '../../../contracts/cloud';
import { formatBytes, partitionBySize, type UploadLimit } from '../../../contracts/upload-size';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { cloudKeys, uploadLimitsQuery } from './cloud-api';
import type { CloudScope } from './cloud-scope';
import { findNameConflicts } from './cloud-changes';
import { startUpload } from './upload-client';
import { applyChoices, createConflictPrompt, type ConflictPrompt } from './upload-conflicts';
import type { UploadFailure } from './upload-errors';
import {
  createUploadQueue,
  type UploadingItem,
  type UploadQueue,
  type UploadQueueDeps,
} from './upload-queue';

export type CloudUploads = {
  /** Every upload of this library, in every folder; the library shows those of its folder. */
  items: UploadingItem[];
  /** Checks the size limits, tells about refused files and queues the others for `folderId`. */
  addFiles: (files: File[], folderId: string) => void;
  retry: (guid: string) => void;
  remove: (guid: string) => void;
  abort: (guid: string) => void;
  /** Files whose names the folder holds: the questions (replace, keep both, skip) the library shows. */
  conflicts: ConflictPrompt;
};

// ---------- the new file in the cached lists ----------

const isCloudSort = (value: unknown): value is CloudSort =>
  typeof value === 'string' && (cloudSortValues as readonly string[]).includes(value);

/** The sort of a cached folder list, or null for a search result (a new file does not belong there). */
function plainListSort(queryKey: QueryKey): CloudSort | null {
  const filters = queryKey[queryKey.length - 1];
  if (typeof filters !== 'object' || filters === null || !('sort' in filters) || !isCloudSort(filters.sort)) {
    return null;
  }
  const narrowed = ['search', 'ext', 'dateFrom', 'dateTo'].some(
    (name) => (filters as Record<string, unknown>)[name] !== undefined,
  );
  return narrowed ? null : filters.sort;
}

function compareFiles(sort: CloudSort): (a: CloudEntity, b: CloudEntity) => number {
  const descending = sort.startsWith('-');
  const field = sort.replace(/^-/, '') as 'name' | 'updatedAt' | 'createdAt';
  const ascending =
    field === 'name'
      ? (a: CloudEntity, b: CloudEntity) =>
          a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' })
      : (a: CloudEntity, b: CloudEntity) => Date.parse(a[field]) - Date.parse(b[field]);
  return descending ? (a, b) => ascending(b, a) : ascending;
}

/**
 * A folder's loaded pages with a new file at its place (folders first, then files in the list's order).
 * When its place lies in a page not loaded yet, only the counts grow. The refetch that follows corrects
 * any difference to the server's order.
 */
export function withUploadedFile(
  data: InfiniteData<CloudList>,
  entity: CloudEntity,
  sort: CloudSort,
): InfiniteData<CloudList> {
  if (data.pages.some((page) => page.data.some((item) => item.id === entity.id))) {
    return data;
  }
  const compare = compareFiles(sort);
  let place: { page: number; index: number } | null = null;
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.data.findIndex((item) => !item.isFolder && compare(entity, item) < 0);
    if (index >= 0) {
      place = { page: pageIndex, index };
      break;
    }
  }
  const lastIndex = data.pages.length - 1;
  const last = data.pages[lastIndex];
  if (!place && last && last.meta.page >= last.meta.pages) {
    place = { page: lastIndex, index: last.data.length };
  }
  const at = place;
  return {
    ...data,
    pages: data.pages.map((page, pageIndex) => ({
      ...page,
      data:
        at && at.page === pageIndex
          ? [...page.data.slice(0, at.index), entity, ...page.data.slice(at.index)]
          : page.data,
      meta: { ...page.meta, files: page.meta.files + 1, total: page.meta.total + 1 },
    })),
  };
}

/** Puts the file into every cached unfiltered list of its folder (My files included, it is a folder too). */
export function addToLists(queryClient: QueryClient, scope: CloudScope, entity: CloudEntity): void {
  const lists = queryClient.getQueriesData<InfiniteData<CloudList> | CloudList>({
    queryKey: cloudKeys.lists(scope),
  });
  for (const [queryKey, data] of lists) {
    const sort = plainListSort(queryKey);
    if (!data || !('pages' in data) || sort === null || data.pages[0]?.meta.folder?.id !== entity.parentId) {
      continue;
    }
    queryClient.setQueryData<InfiniteData<CloudList>>(queryKey, withUploadedFile(data, entity, sort));
  }
}

// ---------- one queue per library ----------

function failureMessage(failure: UploadFailure, fileName: string): string {
  switch (failure.kind) {
    case 'tooLarge':
      return failure.limitBytes === null
        ? i18n.t('cloudUpload.notice.tooLarge', { fileName })
        : i18n.t('validation.maxSizeFile', {
            fileName,
            maxSize: formatBytes(failure.limitBytes, currentLanguage()),
          });
    case 'quota':
      return i18n.t('cloudUpload.notice.quota', { fileName });
    case 'memberQuota':
      return i18n.t('cloudUpload.notice.memberQuota', { fileName });
    case 'nameTaken':
      return i18n.t('cloudUpload.notice.nameTaken', { fileName });
    case 'network':
      return i18n.t('cloudUpload.notice.network', { fileName });
    case 'forbidden':
      return i18n.t('cloudUpload.notice.forbidden', { fileName });
    case 'generic':
      return i18n.t('cloudUpload.notice.generic', { fileName });
  }
}

function queueDeps(queryClient: QueryClient, scope: CloudScope): UploadQueueDeps {
  return {
    upload: (item, callbacks) =>
      startUpload(
        scope,
        {
          file: item.file,
          folderId: item.folderId,
          hideInCloud: false,
          source: item.source,
          conflict: item.conflict,
        },
        callbacks,
      ),
    onUploaded: async (_item, entity) => {
      addToLists(queryClient, scope, entity);
      // The lists tell their screens in the query client's next notification round; the tile leaves right
      // after, so the file takes its place without a frame where neither shows.
      await new Promise<void>((resolve) => notifyManager.schedule(resolve));
      // Counts, the storage bar, Latest and the typed pseudo-folders come from the server.
      void queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
    },
    onFailed: (item, failure) => {
      notifications.show({
        id: `upload-failed:${item.guid}`,
        color: 'red',
        title: i18n.t('cloudUpload.notice.failedTitle'),
        message: failureMessage(failure, item.file.name),
        withBorder: true,
      });
    },
  };
}

// Module-wide, so uploads survive leaving the folder (and the page) and show again on return. Keyed by the
// query client too: each test, like each app, has its own.
const queues = new WeakMap<QueryClient, Map<string, UploadQueue>>();

function queueFor(queryClient: QueryClient, scope: CloudScope, pickerId: string): UploadQueue {
  let byLibrary = queues.get(queryClient);
  if (!byLibrary) {
    byLibrary = new Map();
    queues.set(queryClient, byLibrary);
  }
  const key = JSON.stringify([scope.projectId, scope.appId, pickerId]);
  let queue = byLibrary.get(key);
  if (!queue) {
    queue = createUploadQueue(pickerId, queueDeps(queryClient, scope));
    byLibrary.set(key, queue);
  }
  return queue;
}

const limitsQuery = () => ({ ...uploadLimitsQuery(), meta: { silent: true } });

/**
 * Asks the server which names the folder holds already and the person what to do about them (replace, keep
 * both, skip). When the question cannot be asked (offline), every file goes ahead without a choice: the
 * server then refuses a taken name itself, and the tile says so.
 */
async function chooseOnConflicts(
  scope: CloudScope,
  folderId: string,
  files: readonly File[],
  prompt: ConflictPrompt,
): Promise<{ file: File; conflict: UploadConflict | undefined }[]> {
  const found = await findNameConflicts(
    scope,
    folderId,
    files.map((file) => file.name),
  ).catch((): NameConflict[] => []);
  if (found.length === 0) {
    return files.map((file) => ({ file, conflict: undefined }));
  }
  return applyChoices(files, await prompt.getState().ask(found));
}

/**
 * The uploads of a library (`pickerId`: the page, the popup picker …). Files over their type's limit are
 * refused here with a notification naming the file and the limit (spec §5); the others are queued.
 */
export function useCloudUploads(scope: CloudScope, pickerId: string): CloudUploads {
  const queryClient = useQueryClient();
  const { projectId, appId, basePath } = scope;
  const library = useMemo(() => ({ projectId, appId, basePath }), [projectId, appId, basePath]);
  const queue = useMemo(() => queueFor(queryClient, library, pickerId), [queryClient, library, pickerId]);
  const items = useStore(queue, (state) => state.items);
  const [conflicts] = useState(createConflictPrompt);
  // Loaded ahead, so a drop is checked at once.
  useQuery(limitsQuery());

  const addFiles = useCallback(
    (files: File[], folderId: string) => {
      if (files.length === 0) {
        return;
      }
      void queryClient
        .ensureQueryData(limitsQuery())
        // Without the limits the server still refuses what is too large; the file tile then says so.
        .catch((): UploadLimit[] => [])
        .then((limits) => {
          const { accepted, rejected } = partitionBySize(limits, files, currentLanguage());
          for (const rejection of rejected) {
            notifications.show({
              color: 'red',
              title: i18n.t('cloudUpload.notice.tooLargeTitle'),
              message: i18n.t(rejection.messageKey, rejection.params),
              withBorder: true,
            });
          }
          return chooseOnConflicts(library, folderId, accepted, conflicts);
        })
        .then((chosen) =>
          queue
            .getState()
            .add(
              chosen.map(({ file, conflict }) => ({ file, folderId, source: 'cloud' as const, conflict })),
            ),
        );
    },
    [queryClient, queue, library, conflicts],
  );

  return useMemo(
    () => ({
      items,
      addFiles,
      retry: (guid: string) => queue.getState().retry(guid),
      remove: (guid: string) => queue.getState().remove(guid),
      abort: (guid: string) => queue.getState().abort(guid),
      conflicts,
    }),
    [addFiles, items, queue, conflicts],
  );
}
