import { describe, expect, it } from 'vitest';
import type { Chat } from '../../../contracts/chat.ts';
import type { ChatMessage, ChatMessageList } from '../../../contracts/chat-messages.ts';
import { newId } from '../../platform/ids.ts';
import { createOutsider, type TestPerson } from '../../test/community-world.ts';
import { apiCaller, type ApiMethod } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';
import { createChatWorld, nextEvent, useChatTestServer, type ChatWorld } from '../../test/chat-world.ts';

/*
 * Chat (issue 17): every route's refusals (401, another project, not in the chat, no ability, bad input) and
 * happy paths, one private chat per pair, idempotent sending, channels, unread counters, clear, block,
 * catch-up and the realtime delivery. One server (listening, for the socket test) per file, one app per test.
 */

const chat = useChatTestServer({ listen: true });
const server = () => chat.server();
const call = apiCaller(server);
const { ok, connect } = chat;
const world = () => createChatWorld(server());
type World = ChatWorld;

const privateChat = async (w: World, from: TestPerson, to: TestPerson) =>
  (
    await ok<{ data: Chat }>(
      'POST',
      `/api/apps/${w.app.id}/chats`,
      from,
      {
        kind: 'private',
        profileId: to.profileId,
      },
      201,
    )
  ).data;

const groupChat = async (w: World, by: TestPerson, members: TestPerson[], extra: object = {}) =>
  (
    await ok<{ data: Chat }>(
      'POST',
      `/api/apps/${w.app.id}/chats`,
      by,
      { kind: 'group', name: 'Wandergruppe', profileIds: members.map((m) => m.profileId), ...extra },
      201,
    )
  ).data;

const send = async (chatId: string, by: TestPerson, body = '<p>Hallo</p>', clientId = newId()) =>
  (await ok<{ data: ChatMessage }>('POST', `/api/chats/${chatId}/messages`, by, { clientId, body }, 201))
    .data;

const counter = async (w: World, person: TestPerson) =>
  (await ok<{ messages: number }>('GET', `/api/apps/${w.app.id}/messages/counter`, person)).messages;

const chatOf = async (chatId: string, person: TestPerson) =>
  (await ok<{ data: Chat }>('GET', `/api/chats/${chatId}`, person)).data;

describe(`chat routes: refusals (${testDriver})`, () => {
  it('answers 401 signed out and 404 to a member of another project on every route', async () => {
    const w = await world();
    const outsider = await createOutsider(server());
    const group = await groupChat(w, w.anna, [w.ben], { isPublic: false });
    const message = await send(group.id, w.anna);
    const routes: [ApiMethod, string, object?][] = [
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'private', profileId: w.ben.profileId }],
      ['GET', `/api/apps/${w.app.id}/chats`],
      ['GET', `/api/apps/${w.app.id}/chats/public`],
      ['GET', `/api/apps/${w.app.id}/chats/dropdown`],
      ['GET', `/api/apps/${w.app.id}/messages/counter`],
      ['PATCH', '/api/chats', { chatIds: [group.id] }],
      ['PATCH', '/api/chats/read', { chatIds: [group.id] }],
      ['GET', `/api/chats/${group.id}`],
      ['DELETE', `/api/chats/${group.id}`],
      ['DELETE', `/api/chats/${group.id}/clear`],
      ['PATCH', `/api/chats/${group.id}/group`, { name: 'Neu' }],
      ['POST', `/api/chats/${group.id}/join`],
      ['POST', `/api/chats/${group.id}/join/profiles`, { profileIds: [w.clara.profileId] }],
      ['POST', `/api/chats/${group.id}/leave`],
      ['GET', `/api/chats/${group.id}/profiles`],
      ['GET', `/api/chats/${group.id}/messages`],
      ['POST', `/api/chats/${group.id}/messages`, { clientId: newId(), body: '<p>x</p>' }],
      ['POST', `/api/chats/${group.id}/typing`],
      ['POST', `/api/chats/${group.id}/block`],
      ['DELETE', `/api/chats/${group.id}/block`],
      ['PATCH', `/api/chat-messages/${message.id}`, { body: '<p>y</p>' }],
      ['DELETE', `/api/chat-messages/${message.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, outsider.token, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Clara is in the app but not in the (private) group: the chat and its message do not exist for her.
    for (const [method, url, payload] of routes.slice(5)) {
      expect((await call(method, url, w.clara.token, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of the above changed the chat.
    expect((await chatOf(group.id, w.anna)).lastSeq).toBe(1);
  });

  it('refuses what the caller’s standing does not allow (403)', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben]);
    const message = await send(group.id, w.anna);
    // Ben is a plain member: no settings, no adding, no deleting the chat or Anna's message, no blocking in a group.
    expect((await call('PATCH', `/api/chats/${group.id}/group`, w.ben.token, { name: 'X' })).statusCode).toBe(
      403,
    );
    const add = { profileIds: [w.clara.profileId] };
    expect((await call('POST', `/api/chats/${group.id}/join/profiles`, w.ben.token, add)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/chats/${group.id}`, w.ben.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/chats/${group.id}/block`, w.ben.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/chats/${group.id}/join`, w.ben.token)).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/chat-messages/${message.id}`, w.ben.token, { body: 'x' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/chat-messages/${message.id}`, w.ben.token)).statusCode).toBe(403);
    // Members create private and group chats, not public ones; invited people read no chats at all.
    const publicGroup = { kind: 'group', name: 'Offen', isPublic: true };
    expect((await call('POST', `/api/apps/${w.app.id}/chats`, w.ben.token, publicGroup)).statusCode).toBe(
      403,
    );
    const invited = await w.join('invited');
    expect((await call('GET', `/api/apps/${w.app.id}/chats`, invited.token)).statusCode).toBe(403);
    // A punished member reads but writes nothing.
    const punished = await w.sanctioned('punished');
    const privateBody = { kind: 'private', profileId: w.anna.profileId };
    expect((await call('POST', `/api/apps/${w.app.id}/chats`, punished.token, privateBody)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/apps/${w.app.id}/chats`, punished.token)).statusCode).toBe(200);
  });

  it('refuses bad input (400)', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben]);
    const other = await world();
    const bad: [ApiMethod, string, object?][] = [
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'private' }],
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'private', profileId: w.anna.profileId }],
      // Someone of another app is no one here.
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'private', profileId: other.anna.profileId }],
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'group', name: '' }],
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'group', name: 'X', profileIds: [newId()] }],
      ['POST', `/api/apps/${w.app.id}/chats`, { kind: 'channel', name: 'X' }],
      ['GET', `/api/apps/${w.app.id}/chats?page=0`],
      ['GET', `/api/apps/${w.app.id}/chats/dropdown?chatIds=nope`],
      ['GET', '/api/apps/app-1/chats'],
      ['PATCH', '/api/chats', { chatIds: [] }],
      ['PATCH', '/api/chats/read', { chatIds: ['x'] }],
      ['GET', '/api/chats/nope'],
      ['PATCH', `/api/chats/${group.id}/group`, { name: 'X', extra: 1 }],
      ['PATCH', `/api/chats/${group.id}/group`, { profileIds: [w.clara.profileId] }],
      ['PATCH', `/api/chats/${group.id}/group`, { profileIds: [] }],
      ['POST', `/api/chats/${group.id}/join/profiles`, { profileIds: [] }],
      ['POST', `/api/chats/${group.id}/join/profiles`, { profileIds: [other.ben.profileId] }],
      ['GET', `/api/chats/${group.id}/messages?afterSeq=-1`],
      ['GET', `/api/chats/${group.id}/messages?sort=createdAt`],
      ['POST', `/api/chats/${group.id}/messages`, { body: '<p>ohne id</p>' }],
      ['POST', `/api/chats/${group.id}/messages`, { clientId: newId(), body: '<p> </p>' }],
      ['POST', `/api/chats/${group.id}/messages`, { clientId: newId(), body: 'x'.repeat(10_001) }],
      [
        'POST',
        `/api/chats/${group.id}/messages`,
        { clientId: newId(), body: 'x', replyToMessageId: newId() },
      ],
      ['PATCH', '/api/chat-messages/nope', { body: 'x' }],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(method, url, w.anna.token, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
    }
    // A reply must be in the same chat.
    const elsewhere = await groupChat(w, w.anna, [w.clara]);
    const there = await send(elsewhere.id, w.anna);
    const reply = { clientId: newId(), body: '<p>x</p>', replyToMessageId: there.id };
    expect((await call('POST', `/api/chats/${group.id}/messages`, w.anna.token, reply)).statusCode).toBe(400);
    expect((await chatOf(group.id, w.anna)).lastSeq).toBe(0);
  });
});

describe(`chats (${testDriver})`, () => {
  it('makes one private chat per pair, also under concurrent creates, and tells both', async () => {
    const w = await world();
    const body = { kind: 'private', profileId: w.ben.profileId };
    const answers = await Promise.all([
      call('POST', `/api/apps/${w.app.id}/chats`, w.anna.token, body),
      call('POST', `/api/apps/${w.app.id}/chats`, w.anna.token, body),
      call('POST', `/api/apps/${w.app.id}/chats`, w.ben.token, {
        kind: 'private',
        profileId: w.anna.profileId,
      }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((answer) => answer.json<{ data: Chat }>().data.id));
    expect(ids.size).toBe(1);
    const chat = await chatOf([...ids][0]!, w.anna);
    expect(chat).toMatchObject({
      kind: 'private',
      name: 'Ben Berger',
      partner: { profileId: w.ben.profileId, name: 'Ben Berger', avatarUrl: null },
      membersCount: 2,
      role: 'member',
      newMessageCounter: 0,
      isBlocked: false,
      isBlockedByPartner: false,
    });
    expect(chat.permissions.can).toEqual(['view', 'clear', 'messages', 'block']);
    expect((await chatOf(chat.id, w.ben)).name).toBe('Anna Adler');
  });

  it('lists the caller’s chats by activity, searches by name and partner, and lists public ones', async () => {
    const w = await world();
    const withBen = await privateChat(w, w.anna, w.ben);
    const walkers = await groupChat(w, w.anna, [w.clara]);
    const open = await groupChat(w, w.owner, [], { name: 'Offene Runde', isPublic: true });
    await send(withBen.id, w.ben, '<p>Neu</p>');
    const mine = await ok<{ data: Chat[]; meta: object }>('GET', `/api/apps/${w.app.id}/chats`, w.anna);
    expect(mine.data.map((chat) => chat.id)).toEqual([withBen.id, walkers.id]);
    expect(mine.meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(mine.data[0]).toMatchObject({
      newMessageCounter: 1,
      lastMessage: { excerpt: 'Neu', author: { name: 'Ben Berger' }, isDeleted: false },
    });
    const byPartner = await ok<{ data: Chat[] }>('GET', `/api/apps/${w.app.id}/chats?search=berg`, w.anna);
    expect(byPartner.data.map((chat) => chat.id)).toEqual([withBen.id]);
    const byName = await ok<{ data: Chat[] }>('GET', `/api/apps/${w.app.id}/chats?search=wander`, w.anna);
    expect(byName.data.map((chat) => chat.id)).toEqual([walkers.id]);
    const listed = await ok<{ data: Chat[] }>('GET', `/api/apps/${w.app.id}/chats/public`, w.ben);
    expect(listed.data.map((chat) => [chat.id, chat.role, chat.permissions.can])).toEqual([
      [open.id, null, ['view', 'join']],
    ]);
    const dropdown = await ok<{ data: { id: string; name: string }[] }>(
      'GET',
      `/api/apps/${w.app.id}/chats/dropdown?chatIds=${walkers.id},${open.id}`,
      w.anna,
    );
    expect(dropdown.data.map((item) => item.name).sort()).toEqual(['Offene Runde', 'Wandergruppe']);
    const states = await ok<{ data: Chat[] }>('PATCH', '/api/chats', w.ben, {
      chatIds: [withBen.id, walkers.id],
    });
    // Ben is not in the walkers' chat: it is left out.
    expect(states.data.map((chat) => chat.id)).toEqual([withBen.id]);
  });

  it('lets people join public groups, moderators add people and change settings, members leave', async () => {
    const w = await world();
    const open = await groupChat(w, w.owner, [], { name: 'Offene Runde', isPublic: true });
    const joined = await ok<{ data: Chat }>('POST', `/api/chats/${open.id}/join`, w.anna);
    expect(joined.data).toMatchObject({ role: 'member', membersCount: 2 });
    const walkers = await groupChat(w, w.anna, [], { hideMembers: true });
    const added = await ok<{ data: Chat }>('POST', `/api/chats/${walkers.id}/join/profiles`, w.anna, {
      profileIds: [w.ben.profileId, w.clara.profileId, w.ben.profileId],
    });
    expect(added.data.membersCount).toBe(3);
    // Hidden members: plain members may not list them, moderators may.
    expect((await call('GET', `/api/chats/${walkers.id}/profiles`, w.ben.token)).statusCode).toBe(403);
    const members = await ok<{ data: { name: string; role: string }[] }>(
      'GET',
      `/api/chats/${walkers.id}/profiles`,
      w.anna,
    );
    expect(members.data.map((m) => [m.name, m.role])).toEqual([
      ['Anna Adler', 'moderator'],
      ['Ben Berger', 'member'],
      ['Clara Conrad', 'member'],
    ]);
    const edited = await ok<{ data: Chat }>('PATCH', `/api/chats/${walkers.id}/group`, w.anna, {
      name: 'Bergfreunde',
      profileIds: [w.anna.profileId, w.ben.profileId],
      hideMembers: false,
    });
    expect(edited.data.name).toBe('Bergfreunde');
    expect(edited.data.moderators.map((m) => m.name)).toEqual(['Anna Adler', 'Ben Berger']);
    expect((await chatOf(walkers.id, w.ben)).permissions.can).toContain('edit');
    // The last moderators leave: the longest member takes over.
    await ok('POST', `/api/chats/${walkers.id}/leave`, w.anna, undefined, 204);
    await ok('POST', `/api/chats/${walkers.id}/leave`, w.ben, undefined, 204);
    const left = await chatOf(walkers.id, w.clara);
    expect(left).toMatchObject({ membersCount: 1, role: 'moderator' });
    expect((await call('GET', `/api/chats/${walkers.id}`, w.anna.token)).statusCode).toBe(404);
    // The owner (an app admin) deletes a group chat they see; it is gone for everyone.
    await ok('DELETE', `/api/chats/${open.id}`, w.owner, undefined, 204);
    expect((await call('GET', `/api/chats/${open.id}`, w.anna.token)).statusCode).toBe(404);
  });
});

describe(`messages (${testDriver})`, () => {
  it('sends idempotently, sanitizes, replies, edits and deletes', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    const clientId = newId();
    const body = {
      clientId,
      body: '<p onclick="x()">Hallo <script>alert(1)</script><strong>Ben</strong></p>',
    };
    const first = await call('POST', `/api/chats/${chat.id}/messages`, w.anna.token, body);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `/api/chats/${chat.id}/messages`, w.anna.token, body);
    expect(again.statusCode).toBe(200);
    const message = first.json<{ data: ChatMessage }>().data;
    expect(again.json<{ data: ChatMessage }>().data.id).toBe(message.id);
    expect(message).toMatchObject({
      seq: 1,
      clientId,
      body: '<p>Hallo <strong>Ben</strong></p>',
      author: { name: 'Anna Adler' },
      permissions: { can: ['edit', 'delete'] },
    });
    // Concurrent retries of one send store it once.
    const retry = { clientId: newId(), body: '<p>Zweimal?</p>' };
    const retries = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/chats/${chat.id}/messages`, w.anna.token, retry)),
    );
    expect(retries.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const reply = await call('POST', `/api/chats/${chat.id}/messages`, w.ben.token, {
      clientId: newId(),
      body: '<p>Antwort</p>',
      replyToMessageId: message.id,
    });
    expect(reply.json<{ data: ChatMessage }>().data.replyTo).toEqual({
      id: message.id,
      excerpt: 'Hallo Ben',
      author: { profileId: w.anna.profileId, name: 'Anna Adler', avatarUrl: null },
      isDeleted: false,
    });
    const edited = await ok<{ data: ChatMessage }>('PATCH', `/api/chat-messages/${message.id}`, w.anna, {
      body: '<p>Hallo zusammen</p>',
    });
    expect(edited.data.editedAt).not.toBeNull();
    await ok('DELETE', `/api/chat-messages/${message.id}`, w.anna, undefined, 204);
    const list = await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.ben);
    expect(list.meta).toEqual({ page: 1, pages: 1, total: 3 });
    expect(list.data.map((m) => [m.seq, m.isDeleted, m.body])).toEqual([
      [3, false, '<p>Antwort</p>'],
      [2, false, '<p>Zweimal?</p>'],
      [1, true, ''],
    ]);
    expect(list.data[0]!.replyTo).toMatchObject({ isDeleted: true, excerpt: '', author: null });
    expect((await call('DELETE', `/api/chat-messages/${message.id}`, w.anna.token)).statusCode).toBe(404);
  });

  it('lets only moderators write in a channel; moderators delete members’ messages', async () => {
    const w = await world();
    const channel = await groupChat(w, w.anna, [w.ben], { isMemberAllowToChat: false });
    const refused = await call('POST', `/api/chats/${channel.id}/messages`, w.ben.token, {
      clientId: newId(),
      body: '<p>Darf ich?</p>',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call('POST', `/api/chats/${channel.id}/typing`, w.ben.token)).statusCode).toBe(403);
    expect((await chatOf(channel.id, w.ben)).permissions.can).not.toContain('messages');
    await send(channel.id, w.anna, '<p>Ankündigung</p>');
    const group = await groupChat(w, w.anna, [w.ben]);
    const bens = await send(group.id, w.ben);
    expect(
      (await ok<ChatMessageList>('GET', `/api/chats/${group.id}/messages`, w.anna)).data[0]!.permissions.can,
    ).toEqual(['delete']);
    await ok('DELETE', `/api/chat-messages/${bens.id}`, w.anna, undefined, 204);
  });

  it('keeps unread counters right after concurrent sends and a read', async () => {
    const w = await world();
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    const withBen = await privateChat(w, w.clara, w.ben);
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((n) => send(group.id, w.anna, `<p>A${n}</p>`)),
      ...[1, 2, 3].map((n) => send(group.id, w.clara, `<p>C${n}</p>`)),
      send(withBen.id, w.clara),
    ]);
    const seqs = (await ok<ChatMessageList>('GET', `/api/chats/${group.id}/messages`, w.ben)).data.map(
      (m) => m.seq,
    );
    expect(seqs).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await counter(w, w.ben)).toBe(9);
    expect((await chatOf(group.id, w.ben)).newMessageCounter).toBe(8);
    // Sending moves the sender's own mark: Clara has read up to her last message at least.
    const clara = await chatOf(group.id, w.clara);
    expect(clara.newMessageCounter).toBe(clara.lastSeq - clara.lastReadSeq);
    expect(await counter(w, w.anna)).toBe((await chatOf(group.id, w.anna)).newMessageCounter);
    await ok('PATCH', '/api/chats/read', w.ben, { chatIds: [group.id] }, 204);
    expect(await counter(w, w.ben)).toBe(1);
    expect((await chatOf(group.id, w.ben)).newMessageCounter).toBe(0);
    await ok('PATCH', '/api/chats/read', w.ben, { chatIds: [group.id, withBen.id] }, 204);
    expect(await counter(w, w.ben)).toBe(0);
  });

  it('clears a chat for one person only, and catches up after a sequence', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    for (let n = 1; n <= 4; n += 1) {
      await send(chat.id, n % 2 ? w.anna : w.ben, `<p>${n}</p>`);
    }
    const after = await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages?afterSeq=2`, w.ben);
    expect(after.data.map((m) => m.seq)).toEqual([3, 4]);
    expect(after.meta).toEqual({ page: 1, pages: 1, total: 2 });
    await ok('DELETE', `/api/chats/${chat.id}/clear`, w.anna, undefined, 204);
    expect((await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.anna)).data).toEqual([]);
    expect((await chatOf(chat.id, w.anna)).lastMessage).toBeNull();
    expect((await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.ben)).data).toHaveLength(4);
    await send(chat.id, w.ben, '<p>5</p>');
    const fresh = await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages?afterSeq=0`, w.anna);
    expect(fresh.data.map((m) => m.seq)).toEqual([5]);
    expect(await counter(w, w.anna)).toBe(1);
  });

  it('blocks: the blocked person cannot write, their messages disappear for the blocker, unblock restores', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    await send(chat.id, w.ben, '<p>Vorher</p>');
    const blocked = await ok<{ data: Chat }>('POST', `/api/chats/${chat.id}/block`, w.anna);
    expect(blocked.data).toMatchObject({ isBlocked: true, newMessageCounter: 0 });
    expect(blocked.data.permissions.can).toEqual(['view', 'clear', 'unblock']);
    const refused = await call('POST', `/api/chats/${chat.id}/messages`, w.ben.token, {
      clientId: newId(),
      body: '<p>Hallo?</p>',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('CHAT_BLOCKED');
    const own = await call('POST', `/api/chats/${chat.id}/messages`, w.anna.token, {
      clientId: newId(),
      body: '<p>Hallo</p>',
    });
    expect(own.json<{ code: string }>().code).toBe('CHAT_PARTNER_BLOCKED');
    expect((await chatOf(chat.id, w.ben)).isBlockedByPartner).toBe(true);
    expect((await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.anna)).data).toEqual([]);
    expect((await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.ben)).data).toHaveLength(1);
    await ok('DELETE', `/api/chats/${chat.id}/block`, w.anna);
    expect((await ok<ChatMessageList>('GET', `/api/chats/${chat.id}/messages`, w.anna)).data).toHaveLength(1);
    await send(chat.id, w.ben, '<p>Wieder da</p>');
  });

  it('answers typing with 204', async () => {
    const w = await world();
    const chat = await privateChat(w, w.anna, w.ben);
    await ok('POST', `/api/chats/${chat.id}/typing`, w.anna, undefined, 204);
    await ok('POST', `/api/chats/${chat.id}/typing`, w.anna, undefined, 204);
  });
});

describe(`chat realtime (${testDriver})`, () => {
  const next = nextEvent;

  it('delivers messages, typing (once per interval) and counters to the members’ sockets only', async () => {
    const w = await world();
    const chat = await groupChat(w, w.anna, [w.ben]);
    const bens = await connect(w.ben, w.app.id);
    const claras = await connect(w.clara, w.app.id);
    const claraHeard: string[] = [];
    claras.onAny((event: string) => claraHeard.push(event));

    const heard = next<ChatMessage>(bens, 'chat:message');
    const sent = await send(chat.id, w.anna, '<p>Live</p>');
    expect(await heard).toMatchObject({ id: sent.id, seq: 1, body: '<p>Live</p>', chatId: chat.id });
    // A message is counted by the member's client; a read is told to all their sockets.
    const count = next<{ chatId: string; newMessageCounter: number; messages: number }>(bens, 'chat:counter');
    await ok('PATCH', '/api/chats/read', w.ben, { chatIds: [chat.id] }, 204);
    expect(await count).toEqual({ chatId: chat.id, newMessageCounter: 0, messages: 0 });

    const typing: unknown[] = [];
    bens.on('chat:typing', (payload: unknown) => typing.push(payload));
    await ok('POST', `/api/chats/${chat.id}/typing`, w.anna, undefined, 204);
    await ok('POST', `/api/chats/${chat.id}/typing`, w.anna, undefined, 204);

    // Clara is added while connected: her socket enters the room and hears the next message.
    const created = next<Chat>(claras, 'chat:create');
    await ok('POST', `/api/chats/${chat.id}/join/profiles`, w.anna, { profileIds: [w.clara.profileId] });
    expect((await created).id).toBe(chat.id);
    const claraMessage = next<ChatMessage>(claras, 'chat:message');
    const benMessage = next<ChatMessage>(bens, 'chat:message');
    await send(chat.id, w.anna, '<p>Willkommen</p>');
    expect((await claraMessage).seq).toBe(2);
    expect((await benMessage).seq).toBe(2);
    expect(typing).toEqual([
      { chatId: chat.id, person: { profileId: w.anna.profileId, name: 'Anna Adler', avatarUrl: null } },
    ]);
    expect(claraHeard).not.toContain('chat:typing');
    expect(claraHeard).not.toContain('chat:counter');
    expect(claraHeard.filter((event) => event === 'chat:message')).toHaveLength(1);
  });
});
