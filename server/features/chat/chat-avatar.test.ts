import { describe, expect, it } from 'vitest';
import type { Chat, ChatList } from '../../../contracts/chat.ts';
import type { ChatGroupSettingsPayload } from '../../../contracts/chat-events.ts';
import { newId } from '../../platform/ids.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { createCommunityWorld, type TestPerson } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';
import { createChatWorld, nextEvent, useChatTestServer } from '../../test/chat-world.ts';

/*
 * A group chat's picture (issue 17, spec: a chat has `avatar`): set when the group is made or by its
 * moderators, one of their own live images of the app's project; the chat's answers (lists and one chat) carry
 * a signed address of its tile, and the room hears a change with `chat:settings`.
 */

const chat = useChatTestServer({ listen: true });
const server = () => chat.server();
const call = apiCaller(server);
const { ok, connect } = chat;

async function world() {
  const w = await createChatWorld(server(), 'Bilderrunde');
  /** A file of the person's library: by default an image with its tile made. */
  const file = (person: TestPerson, values: Partial<Parameters<typeof insertCloudFile>[1]> = {}) =>
    insertCloudFile(w.db, {
      projectId: w.project.id,
      ownerAccountId: person.accountId,
      name: 'gruppe.png',
      mimeType: 'image/png',
      type: 'image',
      variants: { tile: 'tile-key', preview: 'preview-key' },
      hiddenInCloud: true,
      source: 'avatar',
      ...values,
    });
  return { ...w, file };
}
type World = Awaited<ReturnType<typeof world>>;

const createGroup = (w: World, by: TestPerson, extra: object = {}) =>
  call('POST', `/api/apps/${w.app.id}/chats`, by.token, {
    kind: 'group',
    name: 'Wanderfreunde',
    profileIds: [w.ben.profileId],
    ...extra,
  });
const group = async (w: World, by: TestPerson, extra: object = {}) => {
  const response = await createGroup(w, by, extra);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Chat }>().data;
};
const editGroup = (chatId: string, by: TestPerson, body: object) =>
  call('PATCH', `/api/chats/${chatId}/group`, by.token, body);
const chatOf = async (chatId: string, person: TestPerson) =>
  (await ok<{ data: Chat }>('GET', `/api/chats/${chatId}`, person)).data;
const listed = async (url: string, person: TestPerson, chatId: string) =>
  (await ok<ChatList>('GET', url, person)).data.find((item) => item.id === chatId);
const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors?: Record<string, string> }>().errors;

const tileOf = (fileId: string) => `/api/cloud/blobs/${fileId}/tile`;

describe(`group chat pictures (${testDriver})`, () => {
  it('shows the group’s picture as a signed tile in the chat and the lists, changed and removed by a moderator', async () => {
    const w = await world();
    const first = await w.file(w.anna);
    const created = await group(w, w.anna, { avatarId: first.id });
    expect(created.avatarUrl).toContain(tileOf(first.id));
    // Signed: the address carries its signature, and the bare path opens nothing.
    expect(new URL(created.avatarUrl!, 'http://x').search).not.toBe('');
    const bare = await server().app.inject({ method: 'GET', url: tileOf(first.id) });
    expect(bare.statusCode).toBe(404);

    const mine = `/api/apps/${w.app.id}/chats`;
    expect((await chatOf(created.id, w.ben)).avatarUrl).toContain(tileOf(first.id));
    expect((await listed(mine, w.ben, created.id))?.avatarUrl).toContain(tileOf(first.id));
    const dropdown = await ok<{ data: { id: string; avatarUrl: string | null }[] }>(
      'GET',
      `/api/apps/${w.app.id}/chats/dropdown`,
      w.ben,
    );
    expect(dropdown.data.find((item) => item.id === created.id)?.avatarUrl).toContain(tileOf(first.id));

    // A change reaches the room the way the name does.
    const bens = await connect(w.ben, w.app.id);
    const second = await w.file(w.anna, { name: 'neu.png' });
    const heard = nextEvent<ChatGroupSettingsPayload>(bens, 'chat:settings');
    const changed = await ok<{ data: Chat }>('PATCH', `/api/chats/${created.id}/group`, w.anna, {
      avatarId: second.id,
    });
    expect(changed.data.avatarUrl).toContain(tileOf(second.id));
    expect((await heard).avatarUrl).toContain(tileOf(second.id));
    expect((await listed(mine, w.anna, created.id))?.avatarUrl).toContain(tileOf(second.id));

    // Changing something else keeps the picture.
    const renameHeard = nextEvent<ChatGroupSettingsPayload>(bens, 'chat:settings');
    const renamed = await ok<{ data: Chat }>('PATCH', `/api/chats/${created.id}/group`, w.anna, {
      name: 'Bergfreunde',
    });
    expect(renamed.data.avatarUrl).toContain(tileOf(second.id));
    expect(await renameHeard).toMatchObject({ name: 'Bergfreunde', avatarUrl: renamed.data.avatarUrl });

    const removedHeard = nextEvent<ChatGroupSettingsPayload>(bens, 'chat:settings');
    const removed = await ok<{ data: Chat }>('PATCH', `/api/chats/${created.id}/group`, w.anna, {
      avatarId: null,
    });
    expect(removed.data.avatarUrl).toBeNull();
    expect((await removedHeard).avatarUrl).toBeNull();
    expect((await chatOf(created.id, w.ben)).avatarUrl).toBeNull();
    expect((await listed(mine, w.ben, created.id))?.avatarUrl).toBeNull();
  });

  it('shows a public group’s picture to people of the app outside it', async () => {
    const w = await world();
    const picture = await w.file(w.owner);
    const open = await group(w, w.owner, {
      name: 'Offene Runde',
      profileIds: [],
      isPublic: true,
      avatarId: picture.id,
    });
    const seen = await listed(`/api/apps/${w.app.id}/chats/public`, w.clara, open.id);
    expect(seen?.role).toBeNull();
    expect(seen?.avatarUrl).toContain(tileOf(picture.id));
  });

  it('takes no picture for a private chat; a group without one has none', async () => {
    const w = await world();
    const plain = await group(w, w.anna);
    expect(plain.avatarUrl).toBeNull();
    const refused = await call('POST', `/api/apps/${w.app.id}/chats`, w.anna.token, {
      kind: 'private',
      profileId: w.ben.profileId,
      avatarId: (await w.file(w.anna)).id,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses what is not one of the caller’s own live images of the project (400 naming the field)', async () => {
    const w = await world();
    const other = await createCommunityWorld(server(), { appName: 'Anderes Projekt' });
    const refused = {
      'someone else’s': (await w.file(w.ben)).id,
      'not an image': (await w.file(w.anna, { name: 'plan.pdf', mimeType: 'application/pdf', type: 'other' }))
        .id,
      'a video': (await w.file(w.anna, { name: 'clip.mp4', mimeType: 'video/mp4', type: 'video' })).id,
      removed: (await w.file(w.anna, { deletedAt: new Date() })).id,
      'of another project': (await w.file(w.anna, { projectId: other.project.id })).id,
      unknown: newId(),
    };
    const existing = await group(w, w.anna);
    for (const [what, avatarId] of Object.entries(refused)) {
      const create = await createGroup(w, w.anna, { name: `Nicht mit ${what}`, avatarId });
      expect(create.statusCode, what).toBe(400);
      expect(errorsOf(create), what).toEqual({ avatarId: 'validation.invalidValue' });
      const edit = await editGroup(existing.id, w.anna, { name: 'Umbenannt', avatarId });
      expect(edit.statusCode, what).toBe(400);
      expect(errorsOf(edit), what).toEqual({ avatarId: 'validation.invalidValue' });
    }
    expect((await editGroup(existing.id, w.anna, { avatarId: 'kein-bild' })).statusCode).toBe(400);
    // Nothing of that was stored: no new group, the existing one unchanged.
    const mine = await ok<ChatList>('GET', `/api/apps/${w.app.id}/chats`, w.anna);
    expect(mine.data.map((item) => item.id)).toEqual([existing.id]);
    expect(await chatOf(existing.id, w.anna)).toMatchObject({ name: 'Wanderfreunde', avatarUrl: null });
  });

  it('lets only those who may edit the group change its picture (403)', async () => {
    const w = await world();
    const picture = await w.file(w.anna);
    const created = await group(w, w.anna, { avatarId: picture.id });
    const bens = await w.file(w.ben);
    // Ben is a plain member: the group edit's ability decides, before his picture is looked at.
    expect((await editGroup(created.id, w.ben, { avatarId: bens.id })).statusCode).toBe(403);
    expect((await editGroup(created.id, w.ben, { avatarId: null })).statusCode).toBe(403);
    // Clara is not in the private group at all.
    expect((await editGroup(created.id, w.clara, { avatarId: null })).statusCode).toBe(404);
    expect((await chatOf(created.id, w.ben)).avatarUrl).toContain(tileOf(picture.id));
    // Made a moderator, Ben may set his own picture.
    await ok('PATCH', `/api/chats/${created.id}/group`, w.anna, {
      profileIds: [w.anna.profileId, w.ben.profileId],
    });
    const changed = await ok<{ data: Chat }>('PATCH', `/api/chats/${created.id}/group`, w.ben, {
      avatarId: bens.id,
    });
    expect(changed.data.avatarUrl).toContain(tileOf(bens.id));
  });
});
