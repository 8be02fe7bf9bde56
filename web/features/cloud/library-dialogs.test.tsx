import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CloudEntity, CloudFolderNode } from '../../../contracts/cloud';
import { callsTo, json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CloudScopeContext, type CloudScope } from './cloud-scope';
import { CreateFolderDialog } from './create-folder-dialog';
import { DeleteDialog } from './delete-dialog';
import { MediaPreview } from './media-preview';
import { MoveDialog } from './move-dialog';
import { baseNameLength, RenameDialog } from './rename-dialog';

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };
const rootId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
const tripsId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e98';
const workId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e97';

function entity(index: number, change: Partial<CloudEntity> = {}): CloudEntity {
  return {
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${String(index).padStart(3, '0')}`,
    name: `foto-${index}.png`,
    isFolder: false,
    isDeleted: false,
    isFavorite: false,
    parentId: rootId,
    fileInfo: { name: 'f', originalName: 'f', mimeType: 'image/png', width: 640, height: 480, size: 1536 },
    url: `/api/cloud/blobs/${index}?sig=x`,
    thumbnails: null,
    type: 'image',
    extension: 'png',
    status: null,
    encodeProgress: null,
    durationMs: null,
    isCustomThumbnail: false,
    thumbId: null,
    isOwn: true,
    deletedAt: null,
    createdAt: '2024-05-10T08:00:00.000Z',
    updatedAt: '2024-05-10T08:00:00.000Z',
    permissions: { can: ['view', 'rename', 'move', 'delete', 'favorite', 'upload'] },
    ...change,
  };
}

const tree: CloudFolderNode = {
  id: rootId,
  name: 'My files',
  data: [
    { id: workId, name: 'Arbeit', data: [] },
    { id: tripsId, name: 'Ausflüge', data: [] },
  ],
};

function renderInScope(ui: ReactElement) {
  return renderWithProviders(<CloudScopeContext value={scope}>{ui}</CloudScopeContext>);
}

const validationFailed = (errors: Record<string, string>) =>
  json(400, { code: 'VALIDATION_FAILED', message: 'errors.VALIDATION_FAILED', errors });

describe('DeleteDialog', () => {
  it('sends live items to the bin and says so', async () => {
    const fetchMock = stubFetch({
      'PATCH /api/cloud/delete/soft': () => new Response(null, { status: 204 }),
    });
    const onDeleted = vi.fn();
    const file = entity(1);
    renderInScope(<DeleteDialog opened items={[file]} onClose={vi.fn()} onDeleted={onDeleted} />);
    const dialog = await screen.findByTestId('delete-dialog');
    expect(dialog.textContent).toContain('Papierkorb');
    expect(dialog.textContent).not.toContain('endgültig gelöscht');

    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PATCH /api/cloud/delete/soft')).toEqual([{ ids: [file.id] }]);
    expect(callsTo(fetchMock, 'PATCH /api/cloud/delete')).toEqual([]);
    expect(await screen.findByText('In den Papierkorb verschoben')).toBeTruthy();
  });

  it('deletes items from the bin for good, and warns with "endgültig"', async () => {
    const fetchMock = stubFetch({ 'PATCH /api/cloud/delete': () => new Response(null, { status: 204 }) });
    const onDeleted = vi.fn();
    const removed = [
      entity(1, { isDeleted: true }),
      entity(2, { isDeleted: true, isFolder: true, name: 'Alt' }),
    ];
    renderInScope(<DeleteDialog opened items={removed} onClose={vi.fn()} onDeleted={onDeleted} />);
    const dialog = await screen.findByTestId('delete-dialog');
    expect(dialog.textContent).toContain('2 Elemente werden endgültig gelöscht.');
    expect(within(dialog).getByTestId('delete-confirm').textContent).toContain('Endgültig löschen');

    fireEvent.click(within(dialog).getByTestId('delete-confirm'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(callsTo(fetchMock, 'PATCH /api/cloud/delete')).toEqual([{ ids: removed.map((item) => item.id) }]);
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    stubFetch({
      'PATCH /api/cloud/delete': () =>
        json(409, { code: 'NOT_IN_REMOVED', message: 'errors.NOT_IN_REMOVED' }),
    });
    const onDeleted = vi.fn();
    renderInScope(
      <DeleteDialog
        opened
        items={[entity(1, { isDeleted: true })]}
        onClose={vi.fn()}
        onDeleted={onDeleted}
      />,
    );
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    expect((await screen.findByTestId('delete-error')).textContent).toContain('Nur Elemente im Papierkorb');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

describe('RenameDialog', () => {
  it('selects the name without its extension', () => {
    expect(baseNameLength('Protokoll.final.pdf', false)).toBe('Protokoll.final'.length);
    expect(baseNameLength('.env', false)).toBe(4);
    expect(baseNameLength('README', false)).toBe(6);
    expect(baseNameLength('Fotos.2024', true)).toBe(10);
  });

  it('asks for a name before calling the server, then renames the file', async () => {
    const file = entity(3, { name: 'notizen.pdf' });
    const fetchMock = stubFetch({
      [`PATCH /api/files/${file.id}`]: () => json(200, { data: { ...file, name: 'Protokoll Juni.pdf' } }),
    });
    const onClose = vi.fn();
    renderInScope(<RenameDialog opened item={file} onClose={onClose} />);
    const dialog = await screen.findByTestId('rename-dialog');
    expect(dialog.textContent).toContain('Datei umbenennen');
    const input = within(dialog).getByRole('textbox');
    expect((input as HTMLInputElement).value).toBe('notizen.pdf');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(await within(dialog).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH /api/files/${file.id}`)).toEqual([]);

    fireEvent.change(input, { target: { value: ' Protokoll Juni.pdf ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, `PATCH /api/files/${file.id}`)).toEqual([{ name: 'Protokoll Juni.pdf' }]);
  });

  it('shows the server’s objection at the field', async () => {
    const folder = entity(4, { name: 'Alt', isFolder: true, type: null, fileInfo: null, url: null });
    stubFetch({
      [`PATCH /api/folders/${folder.id}`]: () => validationFailed({ name: 'validation.required' }),
    });
    const onClose = vi.fn();
    renderInScope(<RenameDialog opened item={folder} onClose={onClose} />);
    const dialog = await screen.findByTestId('rename-dialog');
    expect(dialog.textContent).toContain('Ordner umbenennen');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Neu' } });
    fireEvent.click(within(dialog).getByTestId('rename-submit'));
    expect(await within(dialog).findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('names in the rename and new-folder dialogs', () => {
  it('names refused characters while typing, and sends nothing', async () => {
    const file = entity(5, { name: 'plan.pdf' });
    const fetchMock = stubFetch({});
    renderInScope(<RenameDialog opened item={file} onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('rename-dialog');
    const input = within(dialog).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'a/b <script>.pdf' } });
    expect(await within(dialog).findByText('Diese Zeichen sind in Namen nicht möglich: / < >')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: '..' } });
    expect(await within(dialog).findByText(/„\.“ und „\.\.“ sind als Namen nicht möglich/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the extension of a file renamed without one, and says so', async () => {
    const file = entity(6, { name: 'IMG_2041.jpg', extension: 'jpg' });
    const fetchMock = stubFetch({
      [`PATCH /api/files/${file.id}`]: () => json(200, { data: { ...file, name: 'Urlaub.jpg' } }),
    });
    const onClose = vi.fn();
    renderInScope(<RenameDialog opened item={file} onClose={onClose} />);
    const dialog = await screen.findByTestId('rename-dialog');
    const input = within(dialog).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'Urlaub' } });
    expect(within(dialog).getByText('Die Endung „.jpg“ bleibt erhalten: „Urlaub.jpg“.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Urlaub.png' } });
    expect(within(dialog).getByText(/Die Endung ändert sich von „\.jpg“ zu „\.png“/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Urlaub' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(fetchMock, `PATCH /api/files/${file.id}`)).toEqual([{ name: 'Urlaub.jpg' }]);
  });

  it('shows the server’s refusals: the characters it names, and a taken name with a free one to use', async () => {
    let answer = 0;
    const fetchMock = stubFetch({
      [`POST /api/folders/${tripsId}`]: () =>
        (answer += 1) === 1
          ? json(400, {
              code: 'INVALID_NAME',
              message: 'errors.INVALID_NAME',
              errors: { name: 'validation.nameCharacters' },
              details: { reason: 'characters', characters: ['U+202E'] },
            })
          : answer === 2
            ? json(409, {
                code: 'NAME_TAKEN',
                message: 'errors.NAME_TAKEN',
                errors: { name: 'validation.nameTaken' },
                details: { name: 'Kurse 2026', kind: 'folder', suggestion: 'Kurse 2026 (2)' },
              })
            : json(201, { data: entity(7, { name: 'Kurse 2026 (2)', isFolder: true }) }),
    });
    const onCreated = vi.fn();
    renderInScope(<CreateFolderDialog opened parentId={tripsId} onClose={vi.fn()} onCreated={onCreated} />);
    const dialog = await screen.findByTestId('create-folder-dialog');
    const input = within(dialog).getByTestId('create-folder-name');
    fireEvent.change(input, { target: { value: 'Kurse 2026' } });
    fireEvent.click(within(dialog).getByTestId('create-folder-submit'));
    expect(await within(dialog).findByText('Diese Zeichen sind in Namen nicht möglich: U+202E')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('create-folder-submit'));
    expect(
      await within(dialog).findByText('In diesem Ordner gibt es schon ein Element mit diesem Namen.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('create-folder-suggestion'));
    expect((input as HTMLInputElement).value).toBe('Kurse 2026 (2)');
    fireEvent.click(within(dialog).getByTestId('create-folder-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(callsTo(fetchMock, `POST /api/folders/${tripsId}`).map((body) => body.name)).toEqual([
      'Kurse 2026',
      'Kurse 2026',
      'Kurse 2026 (2)',
    ]);
  });
});

describe('CreateFolderDialog', () => {
  it('requires a name and explains where no folder can be created', async () => {
    const fetchMock = stubFetch({
      [`POST /api/folders/${tripsId}`]: () =>
        json(403, { code: 'FOLDER_CREATE_FORBIDDEN', message: 'errors.FOLDER_CREATE_FORBIDDEN' }),
    });
    const onCreated = vi.fn();
    renderInScope(<CreateFolderDialog opened parentId={tripsId} onClose={vi.fn()} onCreated={onCreated} />);
    const dialog = await screen.findByTestId('create-folder-dialog');
    fireEvent.click(within(dialog).getByTestId('create-folder-submit'));
    expect(
      await within(dialog).findByText('Bitte geben Sie einen Namen für den neuen Ordner ein.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Ausflüge' } });
    fireEvent.click(within(dialog).getByTestId('create-folder-submit'));
    expect((await within(dialog).findByTestId('create-folder-error')).textContent).toContain(
      'Hier kann kein Ordner angelegt werden',
    );
    expect(callsTo(fetchMock, `POST /api/folders/${tripsId}`)).toEqual([{ name: 'Ausflüge' }]);
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('MoveDialog', () => {
  const treePath = `GET /api/projects/${scope.projectId}/cloud/tree`;

  it('opens where the items are, refuses that folder and moves them into another one', async () => {
    const items = [entity(1), entity(2)];
    const fetchMock = stubFetch({
      [treePath]: () => json(200, { data: tree }),
      [`PATCH /api/cloud/move/${tripsId}`]: () =>
        json(200, { data: items.map((item) => ({ ...item, parentId: tripsId })) }),
    });
    const onMoved = vi.fn();
    renderInScope(<MoveDialog opened items={items} onClose={vi.fn()} onMoved={onMoved} />);
    const dialog = await screen.findByTestId('move-dialog');
    expect((await within(dialog).findByTestId('move-current')).textContent).toContain('Meine Dateien');
    expect(within(dialog).getByTestId('move-refusal').textContent).toContain(
      'liegen bereits in diesem Ordner',
    );
    expect(within(dialog).getByTestId('move-confirm').hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('move-back').hasAttribute('disabled')).toBe(true);
    // Folders by name.
    expect(
      within(dialog)
        .getAllByTestId('move-folder')
        .map((row) => row.getAttribute('data-name')),
    ).toEqual(['Arbeit', 'Ausflüge']);

    fireEvent.click(within(dialog).getByText('Ausflüge'));
    expect(within(dialog).getByTestId('move-current').textContent).toContain('Ausflüge');
    expect(within(dialog).queryByTestId('move-refusal')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('move-confirm'));

    await waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(callsTo(fetchMock, `PATCH /api/cloud/move/${tripsId}`)).toEqual([
      { ids: items.map((item) => item.id) },
    ]);
    expect(await screen.findByText('Elemente verschoben')).toBeTruthy();
  });

  it('hides moved folders in bulk and shows the server’s refusal in the dialog', async () => {
    const items = [
      entity(5, { id: workId, name: 'Arbeit', isFolder: true }),
      entity(1, { parentId: workId }),
    ];
    stubFetch({
      [treePath]: () => json(200, { data: tree }),
      [`PATCH /api/cloud/move/${tripsId}`]: () =>
        json(409, {
          code: 'MOVE_TARGET_INVALID',
          message: 'errors.MOVE_TARGET_INVALID',
          details: { reason: 'already_there', ids: [items[1]!.id] },
        }),
    });
    const onMoved = vi.fn();
    renderInScope(<MoveDialog opened items={items} onClose={vi.fn()} onMoved={onMoved} />);
    const dialog = await screen.findByTestId('move-dialog');
    await within(dialog).findByTestId('move-current');
    expect(
      within(dialog)
        .getAllByTestId('move-folder')
        .map((row) => row.getAttribute('data-name')),
    ).toEqual(['Ausflüge']);

    fireEvent.click(within(dialog).getByText('Ausflüge'));
    fireEvent.click(within(dialog).getByTestId('move-confirm'));
    expect((await within(dialog).findByTestId('move-error')).textContent).toContain(
      'Ein Element liegt bereits in diesem Ordner',
    );
    expect(onMoved).not.toHaveBeenCalled();
  });
});

describe('MediaPreview', () => {
  const files = [
    entity(1),
    entity(2, { name: 'bericht.docx', type: 'other', extension: 'docx', fileInfo: null }),
  ];

  function renderPreview(index: number) {
    const handlers = {
      onIndexChange: vi.fn(),
      onClose: vi.fn(),
      onDelete: vi.fn(),
      onToggleFavorite: vi.fn(),
    };
    renderInScope(<MediaPreview items={files} index={index} onCrop={undefined} {...handlers} />);
    return handlers;
  }

  it('shows a picture with its position, moves on with the arrow keys and closes with Escape', async () => {
    const handlers = renderPreview(0);
    const preview = await screen.findByTestId('media-preview');
    expect(within(preview).getByTestId('preview-image').getAttribute('src')).toBe(files[0]!.url);
    expect(within(preview).getByTestId('preview-counter').textContent).toContain('1 / 2');
    expect(within(preview).queryByTestId('preview-prev')).toBeNull();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(handlers.onIndexChange).toHaveBeenCalledWith(1);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(handlers.onClose).toHaveBeenCalled();

    fireEvent.click(within(preview).getByTestId('preview-delete'));
    expect(handlers.onDelete).toHaveBeenCalledWith(files[0]);
  });

  it('offers a download for a file it cannot show', async () => {
    renderPreview(1);
    const preview = await screen.findByTestId('media-preview');
    expect(within(preview).getByTestId('preview-blank').textContent).toContain('.docx');
    expect(within(preview).getByTestId('preview-download-file')).toBeTruthy();
  });
});
