import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CloudEntity } from '../../../contracts/cloud';
import type { UploadConflict } from '../../../contracts/cloud-names';
import type { UploadCallbacks, UploadSource } from './upload-client';
import { uploadFailureOf, type UploadFailure } from './upload-errors';

/**
 * The uploads of one library (spec §3 "uploading item", §4 "Upload"): each file waits in the queue
 * (`inQueue`), is prepared (the server checks folder, size and quota), sends its bytes (`progress` 0–100)
 * and on success leaves the queue for the folder's list. A failure keeps the tile (`isFailed`) to retry or
 * remove; aborting removes it. At most `maxParallelUploads` run at once, so a large batch does not split
 * the line into dozens of crawling requests and the first files arrive early.
 */

export const maxParallelUploads = 3;

export type UploadingItem = {
  guid: string;
  file: File;
  source: UploadSource;
  /** The library the upload was started in ('page', 'popup' …): each shows only its own. */
  pickerId: string;
  folderId: string;
  /** The person's choice when the folder holds the name already; none when it does not. */
  conflict?: UploadConflict | undefined;
  progress: number;
  inQueue: boolean;
  isPreparing: boolean;
  isFailed: boolean;
  /** Cancels the running upload; null while queued or failed. */
  abortController: AbortController | null;
  /** Added with the latest batch (the tile greets it with a short highlight). */
  isNew: boolean;
  failure: UploadFailure | null;
};

export type UploadState = 'queued' | 'preparing' | 'uploading' | 'failed';

export type UploadRequest = {
  file: File;
  folderId: string;
  source: UploadSource;
  conflict?: UploadConflict | undefined;
};

export function uploadStateOf(item: UploadingItem): UploadState {
  if (item.isFailed) {
    return 'failed';
  }
  if (item.inQueue) {
    return 'queued';
  }
  return item.isPreparing ? 'preparing' : 'uploading';
}

const isRunning = (item: UploadingItem) => !item.inQueue && !item.isFailed;

const update = (
  items: readonly UploadingItem[],
  guid: string,
  change: (item: UploadingItem) => UploadingItem,
) => items.map((item) => (item.guid === guid ? change(item) : item));

// ---------- pure transitions ----------

/** New files join the end of the queue; only they count as new. */
export function enqueue(
  items: readonly UploadingItem[],
  requests: readonly UploadRequest[],
  pickerId: string,
  newGuid: () => string = () => crypto.randomUUID(),
): UploadingItem[] {
  const added = requests.map<UploadingItem>((request) => ({
    guid: newGuid(),
    file: request.file,
    source: request.source,
    pickerId,
    folderId: request.folderId,
    conflict: request.conflict,
    progress: 0,
    inQueue: true,
    isPreparing: false,
    isFailed: false,
    abortController: null,
    isNew: true,
    failure: null,
  }));
  return [...items.map((item) => (item.isNew ? { ...item, isNew: false } : item)), ...added];
}

/** The queued items that may start now, oldest first, so that at most `limit` run. */
export function startable(items: readonly UploadingItem[], limit = maxParallelUploads): UploadingItem[] {
  const free = limit - items.filter(isRunning).length;
  return free > 0 ? items.filter((item) => item.inQueue && !item.isFailed).slice(0, free) : [];
}

export function markStarted(items: readonly UploadingItem[], guid: string, controller: AbortController) {
  return update(items, guid, (item) => ({
    ...item,
    inQueue: false,
    isPreparing: true,
    progress: 0,
    abortController: controller,
  }));
}

/** The server accepted the upload: bytes flow from now on. */
export function markAccepted(items: readonly UploadingItem[], guid: string) {
  return update(items, guid, (item) => (item.isPreparing ? { ...item, isPreparing: false } : item));
}

export function markProgress(items: readonly UploadingItem[], guid: string, progress: number) {
  const value = Math.max(0, Math.min(100, Math.round(progress)));
  return update(items, guid, (item) =>
    item.progress === value && !item.isPreparing ? item : { ...item, progress: value, isPreparing: false },
  );
}

export function markFailed(items: readonly UploadingItem[], guid: string, failure: UploadFailure) {
  return update(items, guid, (item) => ({
    ...item,
    isFailed: true,
    isPreparing: false,
    inQueue: false,
    abortController: null,
    failure,
  }));
}

/** A failed upload goes back to the end of the line; it resumes where it stopped when it starts again. */
export function requeue(items: readonly UploadingItem[], guid: string): UploadingItem[] {
  const item = items.find((candidate) => candidate.guid === guid);
  if (!item?.isFailed) {
    return [...items];
  }
  return [
    ...items.filter((candidate) => candidate.guid !== guid),
    { ...item, isFailed: false, inQueue: true, isPreparing: false, progress: 0, failure: null },
  ];
}

/** Done, removed or aborted: the item leaves the queue. */
export function without(items: readonly UploadingItem[], guid: string): UploadingItem[] {
  return items.filter((item) => item.guid !== guid);
}

// ---------- the store ----------

export type UploadQueueDeps = {
  upload: (item: UploadingItem, callbacks: Required<UploadCallbacks>) => Promise<CloudEntity>;
  /** Puts the new file into the lists; the tile leaves once this resolves, so the two swap in one frame. */
  onUploaded: (item: UploadingItem, entity: CloudEntity) => void | Promise<void>;
  onFailed: (item: UploadingItem, failure: UploadFailure, error: unknown) => void;
  limit?: number;
};

export type UploadQueueState = {
  items: UploadingItem[];
  add: (requests: readonly UploadRequest[]) => void;
  retry: (guid: string) => void;
  /** Takes a failed (or queued) item away. */
  remove: (guid: string) => void;
  /** Cancels a queued or running upload; it disappears. */
  abort: (guid: string) => void;
};

export type UploadQueue = StoreApi<UploadQueueState>;

export function createUploadQueue(pickerId: string, deps: UploadQueueDeps): UploadQueue {
  return createStore<UploadQueueState>()((set, get) => {
    const setItems = (change: (items: readonly UploadingItem[]) => UploadingItem[]) =>
      set((state) => ({ items: change(state.items) }));
    const has = (guid: string) => get().items.some((item) => item.guid === guid);

    function run(item: UploadingItem): void {
      const controller = new AbortController();
      setItems((items) => markStarted(items, item.guid, controller));
      // An aborted or removed item is gone from the store: whatever its upload still reports is dropped.
      const current = () => has(item.guid) && !controller.signal.aborted;
      deps
        .upload(item, {
          signal: controller.signal,
          onAccepted: () => {
            if (current()) {
              setItems((items) => markAccepted(items, item.guid));
            }
          },
          onProgress: (percent) => {
            if (current()) {
              setItems((items) => markProgress(items, item.guid, percent));
            }
          },
        })
        .then(
          async (entity) => {
            if (current()) {
              await deps.onUploaded(item, entity);
              setItems((items) => without(items, item.guid));
            }
          },
          (error: unknown) => {
            if (current()) {
              const failure = uploadFailureOf(error);
              setItems((items) => markFailed(items, item.guid, failure));
              deps.onFailed(item, failure, error);
            }
          },
        )
        .catch((error: unknown) => {
          // Putting the file into the lists failed: the file exists, the next refetch shows it.
          console.error('Could not add the uploaded file to the library', error);
          setItems((items) => without(items, item.guid));
        })
        .finally(pump);
    }

    function pump(): void {
      for (const item of startable(get().items, deps.limit)) {
        run(item);
      }
    }

    return {
      items: [],
      add: (requests) => {
        if (requests.length === 0) {
          return;
        }
        setItems((items) => enqueue(items, requests, pickerId));
        pump();
      },
      retry: (guid) => {
        setItems((items) => requeue(items, guid));
        pump();
      },
      remove: (guid) => {
        get()
          .items.find((item) => item.guid === guid)
          ?.abortController?.abort();
        setItems((items) => without(items, guid));
        pump();
      },
      abort: (guid) => {
        get()
          .items.find((item) => item.guid === guid)
          ?.abortController?.abort();
        setItems((items) => without(items, guid));
        pump();
      },
    };
  });
}
