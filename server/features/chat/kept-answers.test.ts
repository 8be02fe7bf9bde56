import { describe, expect, it } from 'vitest';
import type { Chat, ChatList } from '../../../contracts/chat.ts';
import type { ChatMessageList } from '../../../contracts/chat-messages.ts';
import { createChatWorld, useChatTestServer, type ChatWorld } from '../../test/chat-world.ts';
import type { TestPerson } from '../../test/community-world.ts';
import { testDriver } from '../../test/test-server.ts';

/*
 * The history and the chat list are answered from kept answers while nothing they show changed
 * (kept-answers.ts): every change a reader can see must show on the very next read. Each step reads twice
 * (the second read is the kept answer), changes one thing through the API, and reads again.
 */

const chat = useChatTestServer();
const { ok, send } = chat;

async function groupOf(w: ChatWorld, by: TestPerson, members: TestPerson[]) {
  const body = { kind: 'group', name: 'Lesekreis', profileIds: members.map((m) => m.profileId) };
  return (await ok<{ data: Chat }>('POST', `/api/apps/${w.app.id}/chats`, by, body, 201)).data;
}

describe(`kept chat answers show every change at once (${testDriver})`, () => {
  it('history: a sent, edited and deleted message, a moderator and a cleared chat', async () => {
    const w = await createChatWorld(chat.server());
    const group = await groupOf(w, w.anna, [w.ben]);
    const history = async (person: TestPerson) => {
      const first = await ok<ChatMessageList>('GET', `/api/chats/${group.id}/messages`, person);
      expect(await ok<ChatMessageList>('GET', `/api/chats/${group.id}/messages`, person)).toEqual(first);
      return first;
    };
    expect((await history(w.ben)).data).toEqual([]);

    const sent = await send(group.id, w.anna, '<p>Erste Nachricht</p>');
    expect((await history(w.ben)).data.map((m) => m.id)).toEqual([sent.id]);
    expect((await history(w.ben)).data[0]!.permissions.can).not.toContain('delete');

    await ok('PATCH', `/api/chat-messages/${sent.id}`, w.anna, { body: '<p>Geändert</p>' });
    expect((await history(w.ben)).data[0]!.body).toContain('Geändert');

    await ok('PATCH', `/api/chats/${group.id}/group`, w.anna, { name: 'Neuer Name' });
    const second = await send(group.id, w.anna, '<p>Zweite</p>');
    await ok('DELETE', `/api/chat-messages/${second.id}`, w.anna, undefined, 204);
    const afterDelete = (await history(w.ben)).data;
    expect(afterDelete.find((m) => m.id === second.id)?.isDeleted ?? true).toBe(true);

    await ok('DELETE', `/api/chats/${group.id}/clear`, w.ben, undefined, 204);
    expect((await history(w.ben)).data).toEqual([]);
    expect((await history(w.anna)).data.length).toBeGreaterThan(0);
  });

  it('list: a new message, reading, renaming, a new chat, leaving and blocking', async () => {
    const w = await createChatWorld(chat.server());
    const group = await groupOf(w, w.anna, [w.ben]);
    const list = async (person: TestPerson) => {
      const first = await ok<ChatList>('GET', `/api/apps/${w.app.id}/chats`, person);
      expect(await ok<ChatList>('GET', `/api/apps/${w.app.id}/chats`, person)).toEqual(first);
      return first.data;
    };
    const mine = async (person: TestPerson, id = group.id) => (await list(person)).find((c) => c.id === id);
    expect((await mine(w.ben))?.newMessageCounter).toBe(0);

    await send(group.id, w.anna, '<p>Neu</p>');
    expect(await mine(w.ben)).toMatchObject({ newMessageCounter: 1, lastMessage: { excerpt: 'Neu' } });

    await ok('PATCH', '/api/chats/read', w.ben, { chatIds: [group.id] }, 204);
    expect((await mine(w.ben))?.newMessageCounter).toBe(0);

    await ok('PATCH', `/api/chats/${group.id}/group`, w.anna, { name: 'Umbenannt' });
    expect((await mine(w.ben))?.name).toBe('Umbenannt');

    const pair = (
      await ok<{ data: Chat }>(
        'POST',
        `/api/apps/${w.app.id}/chats`,
        w.clara,
        { kind: 'private', profileId: w.ben.profileId },
        201,
      )
    ).data;
    expect(await mine(w.ben, pair.id)).toBeDefined();

    await ok('POST', `/api/chats/${pair.id}/block`, w.ben);
    expect((await mine(w.ben, pair.id))?.isBlocked).toBe(true);

    await ok('POST', `/api/chats/${group.id}/leave`, w.ben, undefined, 204);
    expect(await mine(w.ben)).toBeUndefined();
  });
});
