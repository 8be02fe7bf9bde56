import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudEntity } from '../../../../../contracts/cloud';
import { expectNoAxeViolations } from '../../../../test/axe';
import { bodyOf, callsTo, json, signInForTest } from '../../../../test/fixtures';
import { anna, chatApp, testChat, testMessage } from '../../chat-test-data';
import {
  cloudApp,
  groupChat,
  renderConversation,
  rootId,
  testEntity,
  testGif,
  testVote,
} from './attachment-test-data';

vi.mock('socket.io-client', async () => (await import('../../chat-socket.fixture')).fakeSocketModule());

// The library's lazy module: a picker that hands over what the test put there, and the upload client.
const cloud = vi.hoisted(() => ({
  picked: [] as CloudEntity[],
  startUpload: vi.fn(),
}));
vi.mock('../../../cloud', () => ({
  CloudPicker: (props: {
    opened: boolean;
    initialTab?: string;
    hasCloudAccess?: boolean;
    onApply: (files: CloudEntity[]) => void;
    onGif?: (
      gif: typeof testGif & { previewUrl: string; previewWidth: number; previewHeight: number },
    ) => void;
    onClose: () => void;
  }) =>
    props.opened ? (
      <div role="dialog" aria-label="Dateien wählen" data-testid="fake-picker" data-tab={props.initialTab}>
        <button
          type="button"
          onClick={() => {
            props.onApply(cloud.picked);
            props.onClose();
          }}
        >
          Übernehmen
        </button>
        <button
          type="button"
          onClick={() => {
            props.onGif?.({ ...testGif, previewUrl: testGif.url, previewWidth: 200, previewHeight: 113 });
            props.onClose();
          }}
        >
          GIF wählen
        </button>
      </div>
    ) : null,
  startUpload: cloud.startUpload,
}));

const chat = testChat(1);
const messagesPath = `/api/chats/${chat.id}/messages`;

/** The server's answer to a send: the message as stored, with what the request carried. */
const storeMessage = (init: RequestInit | undefined) => {
  const body = bodyOf(init);
  return json(201, {
    data: testMessage(2, { author: anna, clientId: String(body.clientId), body: String(body.body) }),
  });
};

beforeEach(() => {
  signInForTest();
  cloud.picked = [];
  cloud.startUpload.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openMenu(chatName = 'Ben Maier') {
  await screen.findByRole('textbox', { name: `Nachricht an ${chatName}` });
  fireEvent.click(screen.getByRole('button', { name: 'Anhang hinzufügen' }));
  return screen.findByRole('menu');
}

describe('the attachment menu', () => {
  it('offers a poll only in group chats', async () => {
    renderConversation(chat, [testMessage(1)]);
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Aus „Meine Dateien“' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Vom Gerät hochladen' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'GIF' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Umfrage' })).toBeNull();
  });

  it('offers no files without the app’s cloud ability, but GIFs', async () => {
    renderConversation(chat, [testMessage(1)], { app: chatApp });
    const menu = await openMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Vom Gerät hochladen' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'GIF' })).toBeTruthy();
    expect(screen.queryByTestId('attachment-file-input')).toBeNull();
  });

  it('builds a poll in a group chat, creates it and sends the message that carries it', async () => {
    const vote = testVote({ question: 'Welcher Tag?' });
    const fetchMock = renderConversation(groupChat(), [testMessage(1)], {
      routes: {
        [`POST /api/apps/${cloudApp.id}/votes`]: () => json(201, { data: vote }),
        [`POST ${messagesPath}`]: storeMessage,
      },
    });
    const menu = await openMenu('Yoga-Runde');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Umfrage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Umfrage erstellen' });
    // Empty, it says what is missing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Umfrage senden' }));
    expect(await within(dialog).findAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(3);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Frage' }), {
      target: { value: 'Welcher Tag?' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Antwort 1' }), {
      target: { value: 'Montag' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Antwort 2' }), {
      target: { value: 'montag' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Antwort hinzufügen' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Antwort 3' }), {
      target: { value: 'Freitag' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Umfrage senden' }));
    expect(await within(dialog).findByText('Dieser Wert ist bereits vorhanden.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Antwort 2' }), {
      target: { value: 'Dienstag' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Mehrere Antworten erlauben' }));
    await expectNoAxeViolations(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Umfrage senden' }));

    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST /api/apps/${cloudApp.id}/votes`)).toEqual([
      {
        question: 'Welcher Tag?',
        options: ['Montag', 'Dienstag', 'Freitag'],
        isMultiple: true,
        endsAt: null,
      },
    ]);
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]).toMatchObject({
      body: '',
      voteId: vote.id,
      attachmentIds: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Umfrage erstellen' })).toBeNull());
  });

  it('sends a GIF picked in the picker’s GIF tab at once', async () => {
    const fetchMock = renderConversation(chat, [testMessage(1)], {
      routes: { [`POST ${messagesPath}`]: storeMessage },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'GIF' }));
    const picker = await screen.findByTestId('fake-picker');
    expect(picker.dataset.tab).toBe('gif');
    fireEvent.click(within(picker).getByRole('button', { name: 'GIF wählen' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]).toMatchObject({
      body: '',
      gifId: testGif.id,
      isVoice: false,
    });
  });
});

describe('chosen files', () => {
  it('show as removable chips and go with the message as `attachmentIds`, text optional', async () => {
    cloud.picked = [testEntity(1), testEntity(2, { name: 'Plan.pdf', type: 'other', thumbnails: null })];
    const fetchMock = renderConversation(chat, [testMessage(1)], {
      routes: { [`POST ${messagesPath}`]: storeMessage },
    });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Aus „Meine Dateien“' }));
    fireEvent.click(
      within(await screen.findByTestId('fake-picker')).getByRole('button', { name: 'Übernehmen' }),
    );

    const chips = await screen.findByRole('list', { name: 'Anhänge der Nachricht' });
    expect(
      within(chips)
        .getAllByTestId('attachment-chip')
        .map((chip) => chip.textContent),
    ).toEqual([expect.stringContaining('Foto 1.jpg'), expect.stringContaining('Plan.pdf')]);
    await expectNoAxeViolations(screen.getByTestId('composer'));
    fireEvent.click(within(chips).getByRole('button', { name: 'Foto 1.jpg entfernen' }));
    expect(within(chips).getAllByTestId('attachment-chip')).toHaveLength(1);

    // Without text the message still goes: it carries the file.
    fireEvent.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]).toMatchObject({
      body: '',
      attachmentIds: [testEntity(2).id],
    });
    expect(screen.queryByRole('list', { name: 'Anhänge der Nachricht' })).toBeNull();
  });

  it(`takes at most ${10} files and says so`, async () => {
    cloud.picked = Array.from({ length: 12 }, (_, index) => testEntity(index + 1));
    renderConversation(chat, [testMessage(1)]);
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Aus „Meine Dateien“' }));
    fireEvent.click(
      within(await screen.findByTestId('fake-picker')).getByRole('button', { name: 'Übernehmen' }),
    );
    expect(await screen.findAllByTestId('attachment-chip')).toHaveLength(10);
    expect(await screen.findByText('Eine Nachricht kann höchstens 10 Dateien enthalten.')).toBeTruthy();
    const menu = await openMenu();
    expect(
      within(menu).getByRole('menuitem', { name: 'Vom Gerät hochladen' }).hasAttribute('data-disabled'),
    ).toBe(true);
  });

  it('uploads a file of the device hidden from My files, shows its progress, and sends it once uploaded', async () => {
    let finish: (entity: CloudEntity) => void = () => undefined;
    cloud.startUpload.mockImplementation(
      (_scope: unknown, _input: unknown, callbacks: { onProgress?: (percent: number) => void }) =>
        new Promise<CloudEntity>((resolve) => {
          callbacks.onProgress?.(40);
          finish = resolve;
        }),
    );
    const fetchMock = renderConversation(chat, [testMessage(1)], {
      routes: { [`POST ${messagesPath}`]: storeMessage },
    });
    await screen.findByRole('textbox', { name: 'Nachricht an Ben Maier' });
    const file = new File(['%PDF'], 'Plan.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('attachment-file-input'), { target: { files: [file] } });

    expect((await screen.findByTestId('attachment-chip')).textContent).toContain('Wird hochgeladen … 40 %');
    expect(cloud.startUpload).toHaveBeenCalledWith(
      { projectId: cloudApp.projectId, appId: cloudApp.id, basePath: null },
      { file, folderId: rootId, hideInCloud: true, source: 'chat' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Nachricht an Ben Maier' }), {
      target: { value: 'Der Plan' },
    });
    // Not before the file is there.
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', true);
    finish(testEntity(7, { name: 'Plan.pdf', type: 'other' }));
    await waitFor(() =>
      expect(screen.getByTestId('attachment-chip').textContent).not.toContain('hochgeladen'),
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nachricht an Ben Maier' }), { key: 'Enter' });
    await waitFor(() => expect(callsTo(fetchMock, `POST ${messagesPath}`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST ${messagesPath}`)[0]).toMatchObject({
      body: '<p>Der Plan</p>',
      attachmentIds: [testEntity(7).id],
    });
  });

  it('takes files pasted into the field or dropped on the composer, as the device’s', async () => {
    cloud.startUpload.mockImplementation(() => new Promise<CloudEntity>(() => undefined));
    renderConversation(chat, [testMessage(1)]);
    const field = await screen.findByRole('textbox', { name: 'Nachricht an Ben Maier' });
    const pasted = new File(['png'], 'Bildschirmfoto.png', { type: 'image/png' });
    fireEvent.paste(field, { clipboardData: { files: [pasted], types: ['Files'] } });
    await waitFor(() => expect(screen.getAllByTestId('attachment-chip')).toHaveLength(1));
    expect(cloud.startUpload).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ file: pasted, hideInCloud: true, source: 'chat' }),
      expect.anything(),
    );

    const composer = screen.getByTestId('composer');
    const dropped = new File(['%PDF'], 'Plan.pdf', { type: 'application/pdf' });
    const dataTransfer = { files: [dropped], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(composer, { dataTransfer });
    expect(composer.hasAttribute('data-dragging')).toBe(true);
    expect(screen.getByText('Dateien hier ablegen, um sie anzuhängen')).toBeTruthy();
    fireEvent.drop(composer, { dataTransfer });
    expect(composer.hasAttribute('data-dragging')).toBe(false);
    await waitFor(() => expect(screen.getAllByTestId('attachment-chip')).toHaveLength(2));
    expect(cloud.startUpload).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ file: dropped }),
      expect.anything(),
    );
    // Text dragged over the composer is not a file: the field takes it as usual.
    fireEvent.dragOver(composer, { dataTransfer: { files: [], types: ['text/plain'] } });
    expect(composer.hasAttribute('data-dragging')).toBe(false);
  });
});
