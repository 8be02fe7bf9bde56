import { describe, expect, it, vi } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { ApiError } from '../../api/api-error';
import type { UploadCallbacks } from './upload-client';
import {
  createUploadQueue,
  enqueue,
  markAccepted,
  markFailed,
  markProgress,
  markStarted,
  requeue,
  startable,
  uploadStateOf,
  without,
  type UploadingItem,
} from './upload-queue';

const folderId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e01';
const fileOf = (name: string) => new File(['x'], name, { type: 'text/plain' });
const request = (name: string) => ({ file: fileOf(name), folderId, source: 'cloud' as const });

function guids() {
  let next = 0;
  return () => `guid-${++next}`;
}

const stateOf = (items: UploadingItem[], guid: string) =>
  uploadStateOf(items.find((item) => item.guid === guid)!);

describe('upload queue transitions', () => {
  it('goes queued → preparing → uploading with progress, and leaves the queue when done', () => {
    let items = enqueue([], [request('a.txt')], 'page', guids());
    expect(items[0]).toMatchObject({
      guid: 'guid-1',
      pickerId: 'page',
      folderId,
      progress: 0,
      inQueue: true,
    });
    expect(stateOf(items, 'guid-1')).toBe('queued');

    const controller = new AbortController();
    items = markStarted(items, 'guid-1', controller);
    expect(stateOf(items, 'guid-1')).toBe('preparing');
    expect(items[0]!.abortController).toBe(controller);

    items = markAccepted(items, 'guid-1');
    expect(stateOf(items, 'guid-1')).toBe('uploading');
    items = markProgress(items, 'guid-1', 42.4);
    expect(items[0]!.progress).toBe(42);
    items = markProgress(items, 'guid-1', 180);
    expect(items[0]!.progress).toBe(100);

    expect(without(items, 'guid-1')).toEqual([]);
  });

  it('progress alone also ends the preparing step', () => {
    let items = markStarted(
      enqueue([], [request('a.txt')], 'page', guids()),
      'guid-1',
      new AbortController(),
    );
    items = markProgress(items, 'guid-1', 5);
    expect(stateOf(items, 'guid-1')).toBe('uploading');
  });

  it('marks a failure, and a retry puts the item back at the end of the queue', () => {
    let items = enqueue([], [request('a.txt'), request('b.txt')], 'page', guids());
    items = markProgress(markStarted(items, 'guid-1', new AbortController()), 'guid-1', 60);
    items = markFailed(items, 'guid-1', { kind: 'quota', limitBytes: null });
    expect(stateOf(items, 'guid-1')).toBe('failed');
    expect(items[0]).toMatchObject({ abortController: null, failure: { kind: 'quota' } });

    items = requeue(items, 'guid-1');
    expect(items.map((item) => item.guid)).toEqual(['guid-2', 'guid-1']);
    expect(items[1]).toMatchObject({ inQueue: true, isFailed: false, progress: 0, failure: null });
    // Only failed items are retried.
    expect(requeue(items, 'guid-2')).toEqual(items);
  });

  it('lets at most three run and starts the oldest queued first', () => {
    let items = enqueue(
      [],
      ['a', 'b', 'c', 'd', 'e'].map((name) => request(name)),
      'page',
      guids(),
    );
    expect(startable(items).map((item) => item.guid)).toEqual(['guid-1', 'guid-2', 'guid-3']);
    for (const guid of ['guid-1', 'guid-2', 'guid-3']) {
      items = markStarted(items, guid, new AbortController());
    }
    expect(startable(items)).toEqual([]);
    // A failed upload frees its slot.
    items = markFailed(items, 'guid-2', { kind: 'network', limitBytes: null });
    expect(startable(items).map((item) => item.guid)).toEqual(['guid-4']);
  });

  it('marks only the latest batch as new', () => {
    const newGuid = guids();
    let items = enqueue([], [request('a.txt')], 'page', newGuid);
    expect(items[0]!.isNew).toBe(true);
    items = enqueue(items, [request('b.txt'), request('c.txt')], 'page', newGuid);
    expect(items.map((item) => item.isNew)).toEqual([false, true, true]);
  });
});

type Pending = {
  item: UploadingItem;
  callbacks: Required<UploadCallbacks>;
  resolve: (entity: CloudEntity) => void;
  reject: (error: unknown) => void;
};

function fakeQueue() {
  const pending: Pending[] = [];
  const onUploaded = vi.fn();
  const onFailed = vi.fn();
  const queue = createUploadQueue('page', {
    upload: (item, callbacks) =>
      new Promise<CloudEntity>((resolve, reject) => pending.push({ item, callbacks, resolve, reject })),
    onUploaded,
    onFailed,
  });
  const names = () => queue.getState().items.map((item) => `${item.file.name}:${uploadStateOf(item)}`);
  const find = (name: string) => pending.find((entry) => entry.item.file.name === name)!;
  return { queue, pending, onUploaded, onFailed, names, find };
}

const entityNamed = (name: string) => ({ id: name, name }) as CloudEntity;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('upload queue store', () => {
  it('runs three at a time and starts the next when one finishes', async () => {
    const { queue, pending, onUploaded, names, find } = fakeQueue();
    queue.getState().add(['a', 'b', 'c', 'd'].map((name) => request(name)));
    expect(pending).toHaveLength(3);
    expect(names()).toEqual(['a:preparing', 'b:preparing', 'c:preparing', 'd:queued']);

    find('b').callbacks.onAccepted();
    find('b').callbacks.onProgress(30);
    expect(names()[1]).toBe('b:uploading');
    expect(queue.getState().items[1]!.progress).toBe(30);

    find('a').resolve(entityNamed('a'));
    await settle();
    expect(onUploaded).toHaveBeenCalledWith(
      expect.objectContaining({ guid: find('a').item.guid }),
      entityNamed('a'),
    );
    expect(names()).toEqual(['b:uploading', 'c:preparing', 'd:preparing']);
    expect(pending).toHaveLength(4);
  });

  it('keeps a failed upload with its reason and uploads it again on retry', async () => {
    const { queue, pending, onFailed, names, find } = fakeQueue();
    queue.getState().add([request('a')]);
    find('a').reject(new ApiError({ status: 409, code: 'QUOTA_EXCEEDED', message: 'errors.QUOTA_EXCEEDED' }));
    await settle();
    expect(names()).toEqual(['a:failed']);
    expect(queue.getState().items[0]!.failure).toEqual({ kind: 'quota', limitBytes: null });
    expect(onFailed).toHaveBeenCalledTimes(1);

    queue.getState().retry(queue.getState().items[0]!.guid);
    expect(names()).toEqual(['a:preparing']);
    expect(pending).toHaveLength(2);
  });

  it('removes a failed upload', async () => {
    const { queue, find } = fakeQueue();
    queue.getState().add([request('a')]);
    find('a').reject(new Error('boom'));
    await settle();
    queue.getState().remove(queue.getState().items[0]!.guid);
    expect(queue.getState().items).toEqual([]);
  });

  it('aborting cancels the running upload, removes it and ignores what it reports afterwards', async () => {
    const { queue, pending, onFailed, onUploaded, names, find } = fakeQueue();
    queue.getState().add(['a', 'b', 'c', 'd'].map((name) => request(name)));
    const a = find('a');
    queue.getState().abort(a.item.guid);
    expect(a.callbacks.signal.aborted).toBe(true);
    // The freed slot goes to the queued file.
    expect(names()).toEqual(['b:preparing', 'c:preparing', 'd:preparing']);
    expect(pending).toHaveLength(4);

    a.callbacks.onProgress(50);
    a.reject(new DOMException('cancelled', 'AbortError'));
    await settle();
    expect(onFailed).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(names()).toHaveLength(3);
  });

  it('aborting a queued file removes it without starting it', () => {
    const { queue, pending, names } = fakeQueue();
    queue.getState().add(['a', 'b', 'c', 'd'].map((name) => request(name)));
    queue.getState().abort(queue.getState().items[3]!.guid);
    expect(names()).toEqual(['a:preparing', 'b:preparing', 'c:preparing']);
    expect(pending).toHaveLength(3);
  });

  it('keeps the tile until the file is in the lists', async () => {
    const { queue, onUploaded, find, names } = fakeQueue();
    let listed: () => void = () => undefined;
    onUploaded.mockImplementation(() => new Promise<void>((resolve) => (listed = resolve)));
    queue.getState().add([request('a')]);
    find('a').resolve(entityNamed('a'));
    await settle();
    expect(names()).toEqual(['a:preparing']);
    listed();
    await settle();
    expect(names()).toEqual([]);
  });
});
