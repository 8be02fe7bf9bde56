import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Chat } from '../../../contracts/chat.ts';
import type { ChatMessage } from '../../../contracts/chat-messages.ts';
import type { ChatGroupSettingsPayload } from '../../../contracts/chat-events.ts';
import type { ChatReadMark, ChatReadPayload } from '../../../contracts/chat-read-marks.ts';
import type { ChatSettings } from '../../../contracts/chat-settings.ts';
import type { App } from '../../../contracts/workspace.ts';
import { chats } from '../../db/schema/index.ts';
import { createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller, type ApiMethod } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';
import { createChatWorld, nextEvent, useChatTestServer } from '../../test/chat-world.ts';

/*
 * Chat, second cut (issue 17): the app's chat settings (who starts which chat, voice messages, read markers),
 * read marks ("seen by") with `chat:read`, moderators removing members, and `chat:settings` after a group's
 * settings change. Every new route's refusals (401, another project, no ability, bad input) and happy paths.
 * One listening server per file (for the sockets), one app per test.
 */

const chat = useChatTestServer({ listen: true });
const server = () => chat.server();
const call = apiCaller(server);
const { ok, connect, send } = chat;

async function world() {
  const w = await createChatWorld(server(), 'Gesprächsrunde');
  const mo = await w.join('moderator', { firstName: 'Mo', lastName: 'Moser' });
  return { ...w, mo };
}
type World = Awaited<ReturnType<typeof world>>;

const settingsUrl = (w: World) => `/api/apps/${w.app.id}/chat-settings`;

const setSettings = async (w: World, values: Partial<ChatSettings>) =>
  (await ok<{ data: ChatSettings }>('PATCH', settingsUrl(w), w.owner, values)).data;

const createChat = (w: World, by: TestPerson, body: object) =>
  call('POST', `/api/apps/${w.app.id}/chats`, by.token, body);

const privateChat = async (w: World, from: TestPerson, to: TestPerson) =>
  (await createChat(w, from, { kind: 'private', profileId: to.profileId })).json<{ data: Chat }>().data;

const groupChat = async (w: World, by: TestPerson, members: TestPerson[], extra: object = {}) => {
  const body = { kind: 'group', name: 'Lesekreis', profileIds: members.map((m) => m.profileId), ...extra };
  const response = await createChat(w, by, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Chat }>().data;
};

const chatOf = async (chatId: string, person: TestPerson) =>
  (await ok<{ data: Chat }>('GET', `/api/chats/${chatId}`, person)).data;

const appCan = async (w: World, person: TestPerson) =>
  (await ok<{ data: App }>('GET', `/api/apps/${w.app.id}`, person)).data.permissions.can;

const readMarks = async (chatId: string, person: TestPerson) =>
  (await ok<{ data: ChatReadMark[] }>('GET', `/api/chats/${chatId}/read-marks`, person)).data;

const next = nextEvent;

describe(`app chat settings (${testDriver})`, () => {
  it('answers 401 signed out, 404 to another project, 403 without the app’s edit, 400 for bad input', async () => {
    const w = await world();
    const outsider = await createOutsider(server());
    const change = { readMarkers: true };
    for (const [method, payload] of [['GET'], ['PATCH', change]] as [ApiMethod, object?][]) {
      expect((await call(method, settingsUrl(w), undefined, payload)).statusCode, method).toBe(401);
      expect((await call(method, settingsUrl(w), outsider.token, payload)).statusCode, method).toBe(404);
      expect((await call(method, settingsUrl(w), w.anna.token, payload)).statusCode, method).toBe(403);
      expect((await call(method, settingsUrl(w), w.mo.token, payload)).statusCode, method).toBe(403);
    }
    const bad: object[] = [
      { privateChatCreators: ['admin'] },
      { groupChatCreators: 'member' },
      { publicGroupChatCreators: ['member', 'moderator', 'member'] },
      { voiceMessages: 'yes' },
      { readMarkers: null },
      { somethingElse: true },
    ];
    for (const payload of bad) {
      const response = await call('PATCH', settingsUrl(w), w.owner.token, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
    }
    expect((await call('GET', '/api/apps/nope/chat-settings', w.owner.token)).statusCode).toBe(400);
    // Nothing of the above changed the settings.
    expect((await ok<{ data: ChatSettings }>('GET', settingsUrl(w), w.owner)).data.readMarkers).toBe(false);
  });

  it('starts from the first cut’s rules and keeps what the app’s managers change', async () => {
    const w = await world();
    expect((await ok<{ data: ChatSettings }>('GET', settingsUrl(w), w.owner)).data).toEqual({
      privateChatCreators: ['member', 'moderator'],
      groupChatCreators: ['member', 'moderator'],
      publicGroupChatCreators: ['moderator'],
      voiceMessages: false,
      readMarkers: false,
    });
    const admin = await w.join('admin');
    const changed = await ok<{ data: ChatSettings }>('PATCH', settingsUrl(w), admin, {
      publicGroupChatCreators: ['moderator', 'member'],
      readMarkers: true,
    });
    expect(changed.data).toMatchObject({
      privateChatCreators: ['member', 'moderator'],
      publicGroupChatCreators: ['member', 'moderator'],
      readMarkers: true,
    });
    // A team member who manages apps edits them without a profile in the app.
    const team = await w.teamManager();
    await ok('PATCH', settingsUrl(w), team, { voiceMessages: true });
    expect((await ok<{ data: ChatSettings }>('GET', settingsUrl(w), w.owner)).data).toMatchObject({
      publicGroupChatCreators: ['member', 'moderator'],
      voiceMessages: true,
      readMarkers: true,
    });
    // The service's common settings stay apart and as they were.
    const common = await ok<{ data: Record<string, unknown> }>(
      'GET',
      `/api/apps/${w.app.id}/chat/settings`,
      w.owner,
    );
    expect(common.data).toEqual({ title: '', isVisibleToGuests: false });
  });

  it('decides who starts which kind of chat; the app’s admins always may', async () => {
    const w = await world();
    await setSettings(w, {
      privateChatCreators: ['moderator'],
      groupChatCreators: [],
      publicGroupChatCreators: ['member'],
    });
    const memberCan = await appCan(w, w.anna);
    expect(memberCan).not.toContain('create_private_chat');
    expect(memberCan).not.toContain('create_group_chat');
    expect(memberCan).toContain('create_public_group_chat');
    const moderatorCan = await appCan(w, w.mo);
    expect(moderatorCan).toContain('create_private_chat');
    expect(moderatorCan).not.toContain('create_group_chat');
    expect(moderatorCan).not.toContain('create_public_group_chat');

    const privateBody = { kind: 'private', profileId: w.ben.profileId };
    expect((await createChat(w, w.anna, privateBody)).statusCode).toBe(403);
    expect((await createChat(w, w.mo, privateBody)).statusCode).toBe(201);
    expect((await createChat(w, w.anna, { kind: 'group', name: 'Zu' })).statusCode).toBe(403);
    expect((await createChat(w, w.mo, { kind: 'group', name: 'Zu' })).statusCode).toBe(403);
    // A public group needs both: the group and the public ability.
    expect((await createChat(w, w.anna, { kind: 'group', name: 'Offen', isPublic: true })).statusCode).toBe(
      403,
    );
    await setSettings(w, { groupChatCreators: ['member'] });
    expect((await createChat(w, w.anna, { kind: 'group', name: 'Offen', isPublic: true })).statusCode).toBe(
      201,
    );
    // Admins and the owner keep every kind, whatever the settings say.
    await setSettings(w, { privateChatCreators: [], groupChatCreators: [], publicGroupChatCreators: [] });
    const admin = await w.join('admin');
    expect(await appCan(w, admin)).toEqual(
      expect.arrayContaining(['create_private_chat', 'create_group_chat', 'create_public_group_chat']),
    );
    expect((await createChat(w, admin, { kind: 'private', profileId: w.ben.profileId })).statusCode).toBe(
      201,
    );
    expect((await createChat(w, w.owner, { kind: 'group', name: 'Team', isPublic: true })).statusCode).toBe(
      201,
    );
    // Punished members still start nothing.
    await setSettings(w, { privateChatCreators: ['member'] });
    const punished = await w.sanctioned('punished');
    expect((await createChat(w, punished, { kind: 'private', profileId: w.ben.profileId })).statusCode).toBe(
      403,
    );
  });

  it('grants voice messages to whoever writes, while the app allows them', async () => {
    const w = await world();
    const chat = await groupChat(w, w.anna, [w.ben], { isMemberAllowToChat: false });
    expect((await chatOf(chat.id, w.anna)).permissions.can).not.toContain('voice_messages');
    await setSettings(w, { voiceMessages: true });
    expect((await chatOf(chat.id, w.anna)).permissions.can).toContain('voice_messages');
    // A channel: Ben does not write there, so no voice messages either.
    expect((await chatOf(chat.id, w.ben)).permissions.can).not.toContain('voice_messages');
  });
});

describe(`read marks (${testDriver})`, () => {
  it('refuses signed out, another project, people outside the chat, apps without read markers, bad input', async () => {
    const w = await world();
    const outsider = await createOutsider(server());
    const chat = await privateChat(w, w.anna, w.ben);
    const url = `/api/chats/${chat.id}/read-marks`;
    // The app does not show read markers (the default): nobody holds `read_marks`.
    expect((await chatOf(chat.id, w.anna)).permissions.can).not.toContain('read_marks');
    expect((await call('GET', url, w.anna.token)).statusCode).toBe(403);
    await setSettings(w, { readMarkers: true });
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, outsider.token)).statusCode).toBe(404);
    expect((await call('GET', url, w.clara.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/chats/nope/read-marks', w.anna.token)).statusCode).toBe(400);
    expect((await chatOf(chat.id, w.anna)).permissions.can).toContain('read_marks');
  });

  it('answers every member’s mark and tells the room when one moves', async () => {
    const w = await world();
    await setSettings(w, { readMarkers: true });
    const chat = await privateChat(w, w.anna, w.ben);
    await send(chat.id, w.anna, '<p>Eins</p>');
    await send(chat.id, w.anna, '<p>Zwei</p>');
    expect(await readMarks(chat.id, w.anna)).toEqual([
      { profileId: w.anna.profileId, name: 'Anna Adler', avatarUrl: null, lastReadSeq: 2 },
      { profileId: w.ben.profileId, name: 'Ben Berger', avatarUrl: null, lastReadSeq: 0 },
    ]);

    const annas = await connect(w.anna, w.app.id);
    const heard = next<ChatReadPayload>(annas, 'chat:read');
    await ok('PATCH', '/api/chats/read', w.ben, { chatIds: [chat.id] }, 204);
    expect(await heard).toEqual({ chatId: chat.id, profileId: w.ben.profileId, lastReadSeq: 2 });
    expect((await readMarks(chat.id, w.ben)).map((mark) => mark.lastReadSeq)).toEqual([2, 2]);

    // Sending moves the sender's mark; `chat:message` says so (author and seq), no `chat:read` besides.
    const annaHeard: string[] = [];
    annas.onAny((event: string) => annaHeard.push(event));
    const message = next<ChatMessage>(annas, 'chat:message');
    await send(chat.id, w.ben, '<p>Drei</p>');
    expect(await message).toMatchObject({ seq: 3, author: { profileId: w.ben.profileId } });
    const cleared = next<ChatReadPayload>(annas, 'chat:read');
    await ok('DELETE', `/api/chats/${chat.id}/clear`, w.ben, undefined, 204);
    expect(await cleared).toEqual({ chatId: chat.id, profileId: w.ben.profileId, lastReadSeq: 3 });
    expect(annaHeard.filter((event) => event === 'chat:read')).toHaveLength(1);
  });

  it('keeps to small groups, and to moderators where a group hides its members', async () => {
    const w = await world();
    await setSettings(w, { readMarkers: true });
    const group = await groupChat(w, w.anna, [w.ben]);
    expect(await readMarks(group.id, w.ben)).toHaveLength(2);
    await ok('PATCH', `/api/chats/${group.id}/group`, w.anna, { hideMembers: true });
    expect((await call('GET', `/api/chats/${group.id}/read-marks`, w.ben.token)).statusCode).toBe(403);
    expect(await readMarks(group.id, w.anna)).toHaveLength(2);
    // Over 50 members nobody sees read marks, and a read tells nobody.
    await w.db.update(chats).set({ membersCount: 51 }).where(eq(chats.id, group.id));
    expect((await call('GET', `/api/chats/${group.id}/read-marks`, w.anna.token)).statusCode).toBe(403);
    expect((await chatOf(group.id, w.anna)).permissions.can).not.toContain('read_marks');
  });
});

describe(`removing members and group settings (${testDriver})`, () => {
  it('refuses signed out, another project, outsiders, plain members, private chats and bad input', async () => {
    const w = await world();
    const outsider = await createOutsider(server());
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    const url = `/api/chats/${group.id}/profiles/${w.clara.profileId}`;
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('DELETE', url, outsider.token)).statusCode).toBe(404);
    expect((await call('DELETE', url, w.mo.token)).statusCode).toBe(404);
    expect((await call('DELETE', url, w.ben.token)).statusCode).toBe(403);
    const pair = await privateChat(w, w.anna, w.ben);
    expect(
      (await call('DELETE', `/api/chats/${pair.id}/profiles/${w.ben.profileId}`, w.anna.token)).statusCode,
    ).toBe(403);
    const bad = [
      `/api/chats/${group.id}/profiles/nope`,
      `/api/chats/nope/profiles/${w.ben.profileId}`,
      // Moderators leave; they do not remove themselves.
      `/api/chats/${group.id}/profiles/${w.anna.profileId}`,
    ];
    for (const badUrl of bad) {
      expect((await call('DELETE', badUrl, w.anna.token)).statusCode, badUrl).toBe(400);
    }
    // Someone who is not in the chat cannot be taken out of it.
    expect(
      (await call('DELETE', `/api/chats/${group.id}/profiles/${w.mo.profileId}`, w.anna.token)).statusCode,
    ).toBe(404);
    expect((await chatOf(group.id, w.anna)).membersCount).toBe(3);
  });

  it('takes a member out: the room and the person hear it, their sockets leave the room', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    expect((await chatOf(group.id, w.anna)).permissions.can).toContain('delete_profile');
    expect((await chatOf(group.id, w.ben)).permissions.can).not.toContain('delete_profile');
    const bens = await connect(w.ben, w.app.id);
    const claras = await connect(w.clara, w.app.id);
    const benHeard: string[] = [];
    bens.onAny((event: string) => benHeard.push(event));

    const benLeaves = next<{ chatId: string; profileId: string }>(bens, 'chat:leave');
    const claraHears = next<{ chatId: string; profileId: string }>(claras, 'chat:leave');
    await ok('DELETE', `/api/chats/${group.id}/profiles/${w.ben.profileId}`, w.anna, undefined, 204);
    expect(await benLeaves).toEqual({ chatId: group.id, profileId: w.ben.profileId });
    expect(await claraHears).toEqual({ chatId: group.id, profileId: w.ben.profileId });

    expect((await call('GET', `/api/chats/${group.id}`, w.ben.token)).statusCode).toBe(404);
    const members = await ok<{ data: { profileId: string }[] }>(
      'GET',
      `/api/chats/${group.id}/profiles`,
      w.anna,
    );
    expect(members.data.map((m) => m.profileId)).toEqual([w.anna.profileId, w.clara.profileId]);
    expect((await chatOf(group.id, w.anna)).membersCount).toBe(2);

    const claraMessage = next<ChatMessage>(claras, 'chat:message');
    await send(group.id, w.anna, '<p>Ohne Ben</p>');
    expect((await claraMessage).seq).toBe(1);
    expect(benHeard.filter((event) => event === 'chat:leave')).toHaveLength(1);
    expect(benHeard).not.toContain('chat:message');
  });

  it('tells the room when a moderator changes the group’s name, flags or moderators', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben]);
    const bens = await connect(w.ben, w.app.id);
    const heard = next<ChatGroupSettingsPayload>(bens, 'chat:settings');
    await ok('PATCH', `/api/chats/${group.id}/group`, w.anna, {
      name: 'Neuer Lesekreis',
      isMemberAllowToChat: false,
      profileIds: [w.anna.profileId, w.ben.profileId],
    });
    expect(await heard).toEqual({
      chatId: group.id,
      name: 'Neuer Lesekreis',
      avatarUrl: null,
      isPublic: false,
      isMemberAllowToChat: false,
      hideMembers: false,
      moderators: [
        { profileId: w.anna.profileId, name: 'Anna Adler', avatarUrl: null },
        { profileId: w.ben.profileId, name: 'Ben Berger', avatarUrl: null },
      ],
    });
  });
});
