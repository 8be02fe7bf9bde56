import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CloudEntity, CloudList, NameConflict } from '../../../contracts/cloud';
import { ApiError } from '../../api/api-error';
import { json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { cloudListQuery, defaultListFilters, itemsOfPages } from './cloud-api';
import { cloudEntity } from './cloud-entity.fixture';
import type { CloudLocation, CloudScope } from './cloud-scope';
import type { UploadCallbacks, UploadInput } from './upload-client';
import { UploadConflictDialog } from './upload-conflict-dialog';
import { uploadStateOf } from './upload-queue';
import { useCloudUploads, withUploadedFile, type CloudUploads } from './use-cloud-uploads';

// The transport is replaced at the client boundary; the queue, the size check, the notifications and the
// cached lists are the real ones.
const transport = vi.hoisted(() => ({
  calls: [] as {
    input: UploadInput;
    callbacks: UploadCallbacks;
    resolve: (entity: CloudEntity) => void;
    reject: (error: unknown) => void;
  }[],
}));

vi.mock('./upload-client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  startUpload: (_scope: CloudScope, input: UploadInput, callbacks: UploadCallbacks) =>
    new Promise((resolve, reject) => transport.calls.push({ input, callbacks, resolve, reject })),
}));

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const folderId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98';
const folder: CloudLocation = { kind: 'folder', id: folderId };
const megabyte = 1024 * 1024;

function entity(index: number, change: Partial<CloudEntity> = {}): CloudEntity {
  const base = cloudEntity({ name: change.name ?? `datei-${index}.pdf` });
  return {
    ...base,
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${String(index).padStart(3, '0')}`,
    parentId: folderId,
    fileInfo: { ...base.fileInfo!, size: 2048 },
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    permissions: { can: [] },
    ...change,
  };
}

const meta = (page: number, pages: number, files: number, folders = 0) => ({
  page,
  pages,
  total: files + folders,
  files,
  folders,
  rootId,
  folder: { id: folderId, name: 'Kurs', parentId: rootId },
});

/**
 * The server: upload limits and the folder's list. It answers the list once; later asks (the refetch after
 * an upload) stay pending, so what the list shows afterwards came from the client's own insertion.
 */
function server(listed: CloudEntity[], conflicts: NameConflict[] = []) {
  let asked = 0;
  return stubFetch({
    [`POST /api/folders/${folderId}/conflicts`]: () => json(200, { data: conflicts }),
    'GET /api/cloud/upload/limits': () =>
      json(200, {
        data: [
          { limit: '20', types: ['image'] },
          { limit: '100', types: ['*'] },
        ],
      }),
    [`GET /api/folders/${folderId}/content`]: () =>
      (asked += 1) === 1
        ? json(200, { data: listed, meta: meta(1, 1, listed.length) })
        : new Promise<Response>(() => undefined),
  });
}

let uploads: CloudUploads;

function Library() {
  uploads = useCloudUploads(scope, 'page');
  const list = useInfiniteQuery(cloudListQuery(scope, folder, defaultListFilters));
  return (
    <div>
      <UploadConflictDialog prompt={uploads.conflicts} />
      {uploads.items.map((item) => (
        <p key={item.guid} data-testid="upload" data-state={uploadStateOf(item)}>
          {item.file.name}
        </p>
      ))}
      {itemsOfPages(list.data?.pages).map((item) => (
        <p key={item.id} data-testid="listed">
          {item.name}
        </p>
      ))}
    </div>
  );
}

const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const texts = (testId: string) => screen.queryAllByTestId(testId).map((element) => element.textContent);

async function renderLibrary(listed: CloudEntity[], conflicts: NameConflict[] = []) {
  transport.calls.length = 0;
  server(listed, conflicts);
  const result = renderWithProviders(<Library />);
  await screen.findAllByTestId('listed');
  return result;
}

describe('useCloudUploads', () => {
  it('refuses a file over its limit with a notification and uploads the others', async () => {
    await renderLibrary([entity(1)]);
    act(() =>
      uploads.addFiles(
        [
          fileOf('sonnenaufgang.png', 'image/png', 2 * megabyte),
          fileOf('riesenposter.png', 'image/png', 21 * megabyte),
          fileOf('kursunterlagen.zip', 'application/zip', 7 * megabyte),
        ],
        folderId,
      ),
    );
    expect(
      await screen.findByText('„riesenposter.png“ ist zu groß. Dateien dürfen höchstens 20 MB groß sein.'),
    ).toBeTruthy();
    await waitFor(() => expect(texts('upload')).toEqual(['sonnenaufgang.png', 'kursunterlagen.zip']));
    expect(transport.calls.map((call) => call.input)).toEqual([
      expect.objectContaining({ folderId, hideInCloud: false, source: 'cloud' }),
      expect.objectContaining({ folderId, hideInCloud: false, source: 'cloud' }),
    ]);
  });

  it('swaps a finished upload for its file in the folder list', async () => {
    await renderLibrary([entity(1, { name: 'alt.pdf', updatedAt: '2025-01-01T00:00:00.000Z' })]);
    act(() => uploads.addFiles([fileOf('neu.pdf', 'application/pdf', 1024)], folderId));
    await waitFor(() => expect(transport.calls).toHaveLength(1));
    act(() => transport.calls[0]!.callbacks.onProgress?.(40));
    expect(screen.getByTestId('upload').dataset.state).toBe('uploading');

    const created = entity(2, { name: 'neu.pdf', updatedAt: '2026-02-01T00:00:00.000Z' });
    act(() => transport.calls[0]!.resolve(created));
    await waitFor(() => expect(texts('upload')).toEqual([]));
    // Newest first (the default sort), before the file that was there.
    expect(texts('listed')).toEqual(['neu.pdf', 'alt.pdf']);
  });

  it('marks a failed upload with a notification, and uploads it again on retry', async () => {
    await renderLibrary([entity(1)]);
    act(() => uploads.addFiles([fileOf('bericht.pdf', 'application/pdf', 1024)], folderId));
    await waitFor(() => expect(transport.calls).toHaveLength(1));
    act(() =>
      transport.calls[0]!.reject(
        new ApiError({ status: 409, code: 'QUOTA_EXCEEDED', message: 'errors.QUOTA_EXCEEDED' }),
      ),
    );
    expect(await screen.findByText(/„bericht\.pdf“ passt nicht mehr in den Speicherplatz/)).toBeTruthy();
    expect(screen.getByTestId('upload').dataset.state).toBe('failed');

    act(() => uploads.retry(uploads.items[0]!.guid));
    await waitFor(() => expect(transport.calls).toHaveLength(2));
    expect(screen.getByTestId('upload').dataset.state).toBe('preparing');
  });

  it('asks about names the folder holds: keep both for all, and the others upload without a question', async () => {
    const taken = (name: string): NameConflict => ({
      name,
      existing: name,
      kind: 'file',
      suggestion: name.replace('.pdf', ' (2).pdf'),
    });
    await renderLibrary([entity(1)], [taken('bericht.pdf'), taken('skript.pdf')]);
    act(() =>
      uploads.addFiles(
        ['bericht.pdf', 'neu.pdf', 'skript.pdf'].map((name) => fileOf(name, 'application/pdf', 1024)),
        folderId,
      ),
    );
    const dialog = await screen.findByTestId('upload-conflict-dialog');
    expect(dialog.textContent).toContain('In diesem Ordner gibt es schon eine Datei namens „bericht.pdf“.');
    expect(dialog.textContent).toContain('„bericht (2).pdf“');
    expect(dialog.textContent).toContain('Konflikt 1 von 2');
    // Nothing uploads while the person decides.
    expect(transport.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText('Für den nächsten Konflikt genauso verfahren'));
    fireEvent.click(within(dialog).getByTestId('upload-conflict-keep-both'));
    await waitFor(() => expect(transport.calls).toHaveLength(3));
    expect(transport.calls.map((call) => [call.input.file.name, call.input.conflict])).toEqual([
      ['bericht.pdf', 'keep-both'],
      ['neu.pdf', undefined],
      ['skript.pdf', 'keep-both'],
    ]);
  });

  it('replaces one, skips another, and closing the question skips what is left', async () => {
    const taken = (name: string, kind: 'file' | 'folder' = 'file'): NameConflict => ({
      name,
      existing: name,
      kind,
      suggestion: `${name} (2)`,
    });
    await renderLibrary(
      [entity(1)],
      [taken('a.pdf'), taken('b.pdf'), taken('Kurs', 'folder'), taken('c.pdf')],
    );
    act(() =>
      uploads.addFiles(
        ['a.pdf', 'b.pdf', 'Kurs', 'c.pdf'].map((name) => fileOf(name, 'application/pdf', 1024)),
        folderId,
      ),
    );
    const dialog = await screen.findByTestId('upload-conflict-dialog');
    fireEvent.click(within(dialog).getByTestId('upload-conflict-replace'));
    await waitFor(() => expect(dialog.textContent).toContain('Konflikt 2 von 4'));
    fireEvent.click(within(dialog).getByTestId('upload-conflict-skip'));
    // A folder of that name: a file cannot replace it.
    await waitFor(() => expect(dialog.textContent).toContain('schon einen Ordner namens „Kurs“'));
    expect(within(dialog).queryByTestId('upload-conflict-replace')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('upload-conflict-keep-both'));
    await waitFor(() => expect(dialog.textContent).toContain('Konflikt 4 von 4'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(transport.calls).toHaveLength(2));
    expect(transport.calls.map((call) => [call.input.file.name, call.input.conflict])).toEqual([
      ['a.pdf', 'replace'],
      ['Kurs', 'keep-both'],
    ]);
  });

  it('keeps the uploads when the library is shown again', async () => {
    const { unmount, queryClient } = await renderLibrary([entity(1)]);
    act(() => uploads.addFiles([fileOf('skript.pdf', 'application/pdf', 1024)], folderId));
    await waitFor(() => expect(transport.calls).toHaveLength(1));
    unmount();
    renderWithProviders(<Library />, { queryClient });
    expect(texts('upload')).toEqual(['skript.pdf']);
  });
});

describe('withUploadedFile', () => {
  const folderEntity = entity(90, {
    isFolder: true,
    name: 'Ordner',
    fileInfo: null,
    type: null,
    extension: null,
  });
  const pages = (
    data: CloudEntity[][],
    loaded = data.length,
    pageCount = data.length,
  ): InfiniteData<CloudList> => ({
    pages: data
      .slice(0, loaded)
      .map((items, index) => ({ data: items, meta: meta(index + 1, pageCount, 10) })),
    pageParams: data.slice(0, loaded).map((_, index) => index + 1),
  });
  const names = (data: InfiniteData<CloudList>) =>
    data.pages.map((page) => page.data.map((item) => item.name));

  it('puts the newest file after the folders when sorted by date, newest first', () => {
    const data = pages([[folderEntity, entity(1, { name: 'a.pdf' })]]);
    const next = withUploadedFile(
      data,
      entity(2, { name: 'neu.pdf', updatedAt: '2026-03-01T00:00:00.000Z' }),
      '-updatedAt',
    );
    expect(names(next)).toEqual([['Ordner', 'neu.pdf', 'a.pdf']]);
    expect(next.pages[0]!.meta).toMatchObject({ files: 11, total: 11 });
  });

  it('finds the place by name across the loaded pages', () => {
    const data = pages([
      [entity(1, { name: 'anna.pdf' }), entity(2, { name: 'berta.pdf' })],
      [entity(3, { name: 'dora.pdf' })],
    ]);
    expect(names(withUploadedFile(data, entity(4, { name: 'clara.pdf' }), 'name'))).toEqual([
      ['anna.pdf', 'berta.pdf'],
      ['clara.pdf', 'dora.pdf'],
    ]);
    expect(names(withUploadedFile(data, entity(4, { name: 'emil.pdf' }), 'name'))[1]).toEqual([
      'dora.pdf',
      'emil.pdf',
    ]);
  });

  it('only counts a file whose place is on a page not loaded yet', () => {
    const data = pages([[entity(1, { name: 'anna.pdf' })], [entity(2, { name: 'berta.pdf' })]], 1);
    const next = withUploadedFile(data, entity(3, { name: 'zora.pdf' }), 'name');
    expect(names(next)).toEqual([['anna.pdf']]);
    expect(next.pages[0]!.meta.files).toBe(11);
  });

  it('leaves a list alone that holds the file already', () => {
    const data = pages([[entity(1)]]);
    expect(withUploadedFile(data, entity(1), '-updatedAt')).toBe(data);
  });
});
