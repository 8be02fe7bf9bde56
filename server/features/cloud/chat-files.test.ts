import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../../contracts/chat.ts';
import type { ChatMessage } from '../../../contracts/chat-messages.ts';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import { chatAttachments } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { createCommunityWorld, createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller, type ApiMethod } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppIn } from '../../test/workspace.ts';

/*
 * Chat attachments in the cloud library (issue 17, GAPS 8 and 14; docs/decisions/chat.md "Attachments in the
 * library"): the messages folder with isAnother shows a member the files their chats share; nobody else sees
 * them, in a list or by id. Chats and messages go through the chat API; the attachment rows are written here
 * (the message API's own `attachmentIds` has its tests in the chat feature).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;
const call = apiCaller(() => server);

type Listed = { data: CloudEntity[]; meta: { total: number; files: number; pages: number } };

async function ok<T>(
  method: ApiMethod,
  url: string,
  person: TestPerson,
  payload?: object,
  status = 200,
  headers?: Record<string, string>,
) {
  const response = await call(method, url, person.token, payload, headers);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return status === 204 ? (undefined as T) : response.json<T>();
}

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const names = (body: { data: { name: string }[] }) => body.data.map((item) => item.name);

/**
 * An app with Anna, Ben and Clara. Anna and Ben share a group chat: Anna's message carries a photo and a PDF she
 * picked from My files, Ben's carries a note. Clara is in the app but not in the chat; each has a private file.
 */
async function world() {
  const w = await createCommunityWorld(server, { appName: 'Dateienecke' });
  const [anna, ben, clara] = [await w.join(), await w.join(), await w.join()];
  const mine = (person: TestPerson) => ({ projectId: w.project.id, ownerAccountId: person.accountId });
  const chatFile = { hiddenInCloud: true, source: 'chat' } as const;
  const files = {
    photo: await insertCloudFile(db(), {
      ...mine(anna),
      ...chatFile,
      name: 'anna-foto.png',
      type: 'image',
      mimeType: 'image/png',
      createdAt: day('2024-01-10'),
    }),
    picked: await insertCloudFile(db(), {
      ...mine(anna),
      name: 'anna-plan.pdf',
      createdAt: day('2024-02-10'),
    }),
    note: await insertCloudFile(db(), {
      ...mine(ben),
      ...chatFile,
      name: 'ben-notiz.txt',
      mimeType: 'text/plain',
      createdAt: day('2024-03-10'),
    }),
    annasPrivate: await insertCloudFile(db(), { ...mine(anna), ...chatFile, name: 'anna-geheim.pdf' }),
    clarasPrivate: await insertCloudFile(db(), { ...mine(clara), ...chatFile, name: 'clara-geheim.pdf' }),
  };
  const chat = (
    await ok<{ data: Chat }>(
      'POST',
      `/api/apps/${w.app.id}/chats`,
      anna,
      { kind: 'group', name: 'Wandergruppe', profileIds: [ben.profileId] },
      201,
    )
  ).data;
  const fromAnna = await send(chat.id, anna, [files.photo.id, files.picked.id]);
  const fromBen = await send(chat.id, ben, [files.note.id]);
  const host = { 'x-app-id': w.app.id };
  /** The messages folder as the person sees it on the app host (by name unless the query sorts). */
  const messages = async (person: TestPerson, query = 'isAnother=true') => {
    const sort = query.includes('sort=') ? '' : '&sort=name';
    const response = await call(
      'GET',
      `/api/projects/${w.project.id}/cloud/files?type=messages${sort}&${query}`,
      person.token,
      undefined,
      host,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Listed>();
  };
  return { ...w, anna, ben, clara, files, chat, fromAnna, fromBen, host, messages };
}

/** A message through the chat API; its attachment rows as the message API writes them. */
async function send(chatId: string, by: TestPerson, fileIds: string[]): Promise<ChatMessage> {
  const message = (
    await ok<{ data: ChatMessage }>(
      'POST',
      `/api/chats/${chatId}/messages`,
      by,
      { clientId: newId(), body: '<p>Anbei</p>' },
      201,
    )
  ).data;
  if (fileIds.length > 0) {
    await db()
      .insert(chatAttachments)
      .values(
        fileIds.map((fileId, index) => ({ messageId: message.id, fileId, chatId, position: index + 1 })),
      );
  }
  return message;
}

/** The single-file calls that read one file by id, with what a viewer of a shared file gets. */
const singleFileReads = (fileId: string): [ApiMethod, string, number][] => [
  ['GET', `/api/files/${fileId}`, 200],
  ['GET', `/api/files/${fileId}/download`, 302],
  ['POST', `/api/files/${fileId}/open`, 204],
  ['POST', `/api/files/${fileId}/favorite`, 204],
  ['DELETE', `/api/files/${fileId}/favorite`, 204],
];

describe(`chat files in the cloud library (${testDriver})`, () => {
  it('shows a member the files their chats share with isAnother, read only, and only their own without', async () => {
    const w = await world();
    const shared = await w.messages(w.ben);
    expect(names(shared)).toEqual(['anna-foto.png', 'anna-plan.pdf', 'ben-notiz.txt']);
    expect(shared.meta).toMatchObject({ total: 3, files: 3, pages: 1 });
    const byName = new Map(shared.data.map((item) => [item.name, item]));
    for (const name of ['anna-foto.png', 'anna-plan.pdf']) {
      expect(byName.get(name)).toMatchObject({ isOwn: false, permissions: { can: ['view', 'favorite'] } });
      expect(byName.get(name)!.url).toContain('/api/cloud/blobs/');
    }
    expect(byName.get('ben-notiz.txt')).toMatchObject({ isOwn: true });
    expect(byName.get('ben-notiz.txt')!.permissions.can).toContain('delete');

    // Without isAnother: the person's own chat files only (as before).
    expect(names(await w.messages(w.ben, ''))).toEqual(['ben-notiz.txt']);
    // Anna sees Ben's note, and with it the file she picked from My files for her message.
    expect(names(await w.messages(w.anna))).toEqual([
      'anna-foto.png',
      'anna-geheim.pdf',
      'anna-plan.pdf',
      'ben-notiz.txt',
    ]);
    expect(names(await w.messages(w.anna, ''))).toEqual(['anna-foto.png', 'anna-geheim.pdf']);
    // Clara shares no chat with them: her own file, nothing of theirs.
    expect(names(await w.messages(w.clara))).toEqual(['clara-geheim.pdf']);
    // The other typed folders stay the person's own, isAnother or not.
    const photos = await call(
      'GET',
      `/api/projects/${w.project.id}/cloud/files?type=photo&isAnother=true`,
      w.ben.token,
      undefined,
      w.host,
    );
    expect(photos.json().data).toEqual([]);
  });

  it('lets a member view and favour a shared file by id, and change nothing', async () => {
    const w = await world();
    const { photo } = w.files;
    const one = await call('GET', `/api/files/${photo.id}`, w.ben.token, undefined, w.host);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      id: photo.id,
      isOwn: false,
      permissions: { can: ['view', 'favorite'] },
    });
    const download = await call('GET', `/api/files/${photo.id}/download`, w.ben.token, undefined, w.host);
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toContain(`/api/cloud/blobs/${photo.id}/original`);

    expect(
      (await call('POST', `/api/files/${photo.id}/favorite`, w.ben.token, undefined, w.host)).statusCode,
    ).toBe(204);
    const favorites = `/api/projects/${w.project.id}/cloud/files?type=favorite`;
    const favorite = await call('GET', favorites, w.ben.token, undefined, w.host);
    expect(favorite.json().data).toMatchObject([{ id: photo.id, isOwn: false, isFavorite: true }]);

    // Opening counts only the owner's own openings; the changes answer 404 as for anyone else's file.
    expect(
      (await call('POST', `/api/files/${photo.id}/open`, w.ben.token, undefined, w.host)).statusCode,
    ).toBe(204);
    const changes: [ApiMethod, string, object?][] = [
      ['PATCH', `/api/files/${photo.id}`, { name: 'umbenannt.png' }],
      ['DELETE', `/api/files/${photo.id}/soft`],
      ['DELETE', `/api/files/${photo.id}`],
      ['POST', '/api/cloud/delete/soft', { ids: [photo.id] }],
      ['PATCH', '/api/cloud/move', { ids: [photo.id] }],
    ];
    for (const [method, url, payload] of changes) {
      expect((await call(method, url, w.ben.token, payload, w.host)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    // Nor may Ben make Anna's photo the thumbnail of his own file.
    const thumbTry = await call(
      'PATCH',
      `/api/files/${w.files.note.id}`,
      w.ben.token,
      { thumbId: photo.id },
      w.host,
    );
    expect(thumbTry.statusCode).toBe(400);
    // Anna's file not in the chat stays hers alone.
    for (const [method, url] of singleFileReads(w.files.annasPrivate.id)) {
      expect((await call(method, url, w.ben.token, undefined, w.host)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
  });

  it('answers 404 to everyone outside the chat and 401 signed out, in lists and by id', async () => {
    const w = await world();
    const outsider = await createOutsider(server);
    const teamManager = await w.teamManager();
    const { photo } = w.files;
    for (const fileId of [photo.id, w.files.note.id]) {
      for (const [method, url] of singleFileReads(fileId)) {
        // Clara is in the app, not in the chat; a team manager without a profile is in no chat.
        for (const person of [w.clara, teamManager]) {
          const response = await call(method, url, person.token, undefined, w.host);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.headers.location).toBeUndefined();
          expect(response.body).not.toContain('/api/cloud/blobs/');
        }
        // Members seen on the service host (no app header) have no project library at all.
        expect((await call(method, url, w.ben.token)).statusCode, `${method} ${url}`).toBe(404);
        // Another project: neither with its own app's header nor without one.
        expect((await call(method, url, outsider.token)).statusCode).toBe(404);
        expect((await call(method, url, w.clara.token, undefined, { 'x-app-id': newId() })).statusCode).toBe(
          404,
        );
        expect((await call(method, url)).statusCode).toBe(401);
      }
    }
    expect(names(await w.messages(teamManager))).toEqual([]);
    const list = `/api/projects/${w.project.id}/cloud/files?type=messages&isAnother=true`;
    expect((await call('GET', list)).statusCode).toBe(401);
    expect((await call('GET', list, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', list, outsider.token, undefined, w.host)).statusCode).toBe(404);
    // Ben's profile in another app of the project is not his profile in the chat's app.
    const otherApp = await createAppIn(server, w.project);
    await addProfile(server, otherApp, { id: w.ben.accountId });
    const elsewhere = await call('GET', list, w.ben.token, undefined, { 'x-app-id': otherApp.id });
    expect(elsewhere.statusCode).toBe(200);
    expect(names(elsewhere.json())).toEqual(['ben-notiz.txt']);
    expect(
      (await call('GET', `/api/files/${photo.id}`, w.ben.token, undefined, { 'x-app-id': otherApp.id }))
        .statusCode,
    ).toBe(404);
  });

  it('keeps the filters, sorting and pages of the list', async () => {
    const w = await world();
    const list = (query: string) => w.messages(w.ben, `isAnother=true&${query}`);
    expect(names(await list('search=FOTO'))).toEqual(['anna-foto.png']);
    expect(names(await list('ext=pdf'))).toEqual(['anna-plan.pdf']);
    expect(names(await list('ext=txt&ext=png'))).toEqual(['anna-foto.png', 'ben-notiz.txt']);
    expect(names(await list('dateFrom=2024-02-10&dateTo=2024-03-09'))).toEqual(['anna-plan.pdf']);
    expect(names(await list('dateTo=2024-01-10'))).toEqual(['anna-foto.png']);
    expect(names(await list('sort=-createdAt'))).toEqual(['ben-notiz.txt', 'anna-plan.pdf', 'anna-foto.png']);
    const pages = [await list('sort=-name&limit=2&page=1'), await list('sort=-name&limit=2&page=2')];
    expect(pages.map(names)).toEqual([['ben-notiz.txt', 'anna-plan.pdf'], ['anna-foto.png']]);
    expect(pages[0]!.meta).toMatchObject({ total: 3, files: 3, pages: 2 });
    // A file attached to two messages shows once.
    await send(w.chat.id, w.anna, [w.files.photo.id]);
    expect(names(await list(''))).toEqual(['anna-foto.png', 'anna-plan.pdf', 'ben-notiz.txt']);
    // deleted=true is the person's own Removed, never someone else's.
    expect(names(await list('deleted=true'))).toEqual([]);
  });

  it('takes the files away with the message, the membership, the clear mark, the chat and the file', async () => {
    const w = await world();
    const { photo, picked, note } = w.files;
    const canOpen = async (person: TestPerson, fileId: string) =>
      (await call('GET', `/api/files/${fileId}`, person.token, undefined, w.host)).statusCode;
    // Ben keeps Anna's photo as a favourite: it leaves his favourites with the chat too.
    await call('POST', `/api/files/${photo.id}/favorite`, w.ben.token, undefined, w.host);
    const favorites = async (person: TestPerson) =>
      names(
        (
          await call(
            'GET',
            `/api/projects/${w.project.id}/cloud/files?type=favorite`,
            person.token,
            undefined,
            w.host,
          )
        ).json(),
      );
    expect(await favorites(w.ben)).toEqual(['anna-foto.png']);

    // Anna deletes her message: its files go, Ben's note stays.
    await ok('DELETE', `/api/chat-messages/${w.fromAnna.id}`, w.anna, undefined, 204);
    expect(names(await w.messages(w.ben))).toEqual(['ben-notiz.txt']);
    expect(await canOpen(w.ben, photo.id)).toBe(404);
    expect(await favorites(w.ben)).toEqual([]);

    // Sent again, then Anna moves the photo to Removed: gone for Ben, still in Anna's Removed.
    await send(w.chat.id, w.anna, [photo.id, picked.id]);
    expect(await canOpen(w.ben, photo.id)).toBe(200);
    await ok('DELETE', `/api/files/${picked.id}/soft`, w.anna, undefined, 204, w.host);
    expect(names(await w.messages(w.ben))).toEqual(['anna-foto.png', 'ben-notiz.txt']);
    expect(await canOpen(w.ben, picked.id)).toBe(404);

    // Ben clears the chat for himself: what came before his mark is gone for him, not for Anna.
    await ok('DELETE', `/api/chats/${w.chat.id}/clear`, w.ben, undefined, 204);
    expect(names(await w.messages(w.ben))).toEqual(['ben-notiz.txt']);
    expect(await canOpen(w.ben, photo.id)).toBe(404);
    expect(names(await w.messages(w.anna))).toEqual(['anna-foto.png', 'anna-geheim.pdf', 'ben-notiz.txt']);
    await send(w.chat.id, w.anna, [photo.id]);
    expect(names(await w.messages(w.ben))).toEqual(['anna-foto.png', 'ben-notiz.txt']);

    // Ben leaves: Anna's files go for him, his note goes for her.
    await ok('POST', `/api/chats/${w.chat.id}/leave`, w.ben, undefined, 204);
    expect(names(await w.messages(w.ben))).toEqual(['ben-notiz.txt']);
    expect(await canOpen(w.ben, photo.id)).toBe(404);
    expect(await canOpen(w.anna, note.id)).toBe(200);
    expect(await canOpen(w.clara, note.id)).toBe(404);

    // A chat deleted: nothing of it is shared any more.
    const group = (
      await ok<{ data: Chat }>(
        'POST',
        `/api/apps/${w.app.id}/chats`,
        w.anna,
        { kind: 'group', name: 'Zweite', profileIds: [w.clara.profileId] },
        201,
      )
    ).data;
    await send(group.id, w.anna, [photo.id]);
    expect(await canOpen(w.clara, photo.id)).toBe(200);
    expect(names(await w.messages(w.clara))).toEqual(['anna-foto.png', 'clara-geheim.pdf']);
    await ok('DELETE', `/api/chats/${group.id}`, w.anna, undefined, 204);
    expect(names(await w.messages(w.clara))).toEqual(['clara-geheim.pdf']);
    expect(await canOpen(w.clara, photo.id)).toBe(404);
  });

  it('hides the files of a blocked partner in a private chat, as the chat hides their messages', async () => {
    const w = await world();
    const privateChat = (
      await ok<{ data: Chat }>(
        'POST',
        `/api/apps/${w.app.id}/chats`,
        w.clara,
        { kind: 'private', profileId: w.ben.profileId },
        201,
      )
    ).data;
    await send(privateChat.id, w.ben, [w.files.note.id]);
    expect(names(await w.messages(w.clara))).toEqual(['ben-notiz.txt', 'clara-geheim.pdf']);
    await ok('POST', `/api/chats/${privateChat.id}/block`, w.clara);
    expect(names(await w.messages(w.clara))).toEqual(['clara-geheim.pdf']);
    expect(
      (await call('GET', `/api/files/${w.files.note.id}`, w.clara.token, undefined, w.host)).statusCode,
    ).toBe(404);
    await ok('DELETE', `/api/chats/${privateChat.id}/block`, w.clara);
    expect(names(await w.messages(w.clara))).toEqual(['ben-notiz.txt', 'clara-geheim.pdf']);
  });
});
