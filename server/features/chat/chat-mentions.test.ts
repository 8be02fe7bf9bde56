import { describe, expect, it } from 'vitest';
import type { ChatPerson } from '../../../contracts/chat.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Notification, NotificationList } from '../../../contracts/notifications.ts';
import { createChatWorld, useChatTestServer, type ChatWorld } from '../../test/chat-world.ts';
import type { TestPerson } from '../../test/community-world.ts';
import { apiCaller } from '../../test/identity.ts';
import { testDriver } from '../../test/test-server.ts';

/*
 * Mentions in chat messages (issue 17): the composer's `@` list searches the chat's members, and a message that
 * mentions members tells them at once — only the chat's own members, never the writer, nobody who blocked the
 * writer; an edit tells only whom it newly mentions. One server per file, one app per test.
 */

const chat = useChatTestServer();
const server = () => chat.server();
const call = apiCaller(server);
const { ok, send } = chat;

type ChatMemberList = Paginated<ChatPerson>;

const mention = (person: TestPerson, label: string) =>
  `<span data-type="mention" data-id="${person.profileId}" data-label="${label}">@${label}</span>`;

async function groupChat(w: ChatWorld, by: TestPerson, members: TestPerson[]) {
  const body = { kind: 'group', name: 'Wandergruppe', profileIds: members.map((m) => m.profileId) };
  return (await ok<{ data: { id: string } }>('POST', `/api/apps/${w.app.id}/chats`, by, body, 201)).data;
}

const mentionItems = async (w: ChatWorld, person: TestPerson): Promise<Notification[]> =>
  (await ok<NotificationList>('GET', `/api/apps/${w.app.id}/notifications`, person)).data.filter(
    (item) => item.type === 'chat_mention',
  );

describe(`mentions in chat messages (${testDriver})`, () => {
  it('tells the mentioned members of the chat at once, not outsiders, the writer or who blocked the writer', async () => {
    const w = await createChatWorld(server());
    const dora = await w.join('member', { firstName: 'Dora', lastName: 'Dorn' });
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    // Ben blocks Anna in their private chat.
    const pair = (
      await ok<{ data: { id: string } }>(
        'POST',
        `/api/apps/${w.app.id}/chats`,
        w.ben,
        { kind: 'private', profileId: w.anna.profileId },
        201,
      )
    ).data;
    await ok('POST', `/api/chats/${pair.id}/block`, w.ben);

    const body = `<p>${mention(w.clara, 'Clara Conrad')}, ${mention(w.ben, 'Ben')}, ${mention(dora, 'Dora')} und ${mention(w.anna, 'Anna')}: Treffpunkt 9 Uhr?</p>`;
    const sent = await send(group.id, w.anna, body);
    expect(sent.body).toContain(`data-id="${w.clara.profileId}"`);

    const [item] = await mentionItems(w, w.clara);
    expect(item).toMatchObject({
      type: 'chat_mention',
      actors: [{ profileId: w.anna.profileId }],
      data: { chatId: group.id, chatKind: 'group', chatName: 'Wandergruppe' },
    });
    expect(item!.data.excerpt).toBe('@Clara Conrad, @Ben, @Dora und @Anna: Treffpunkt 9 Uhr?');
    for (const person of [w.ben, dora, w.anna]) {
      expect(await mentionItems(w, person)).toEqual([]);
    }
  });

  it('tells only whom an edit newly mentions', async () => {
    const w = await createChatWorld(server());
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    const sent = await send(group.id, w.anna, `<p>${mention(w.ben, 'Ben')} kommst du?</p>`);
    expect(await mentionItems(w, w.ben)).toHaveLength(1);

    await ok('PATCH', `/api/chat-messages/${sent.id}`, w.anna, {
      body: `<p>${mention(w.ben, 'Ben')} und ${mention(w.clara, 'Clara')}, kommt ihr?</p>`,
    });
    expect(await mentionItems(w, w.ben)).toHaveLength(1);
    expect(await mentionItems(w, w.clara)).toHaveLength(1);
  });

  it('searches the chat’s members by name for the `@` list, and refuses a search too long', async () => {
    const w = await createChatWorld(server());
    const group = await groupChat(w, w.anna, [w.ben, w.clara]);
    const found = await ok<ChatMemberList>('GET', `/api/chats/${group.id}/profiles?search=cla`, w.ben);
    expect(found.data.map((member) => member.name)).toEqual(['Clara Conrad']);
    expect(found.meta).toMatchObject({ page: 1, pages: 1, total: 1 });
    const all = await ok<ChatMemberList>('GET', `/api/chats/${group.id}/profiles`, w.ben);
    expect(all.meta.total).toBe(3);
    const tooLong = await call(
      'GET',
      `/api/chats/${group.id}/profiles?search=${'x'.repeat(101)}`,
      w.ben.token,
    );
    expect(tooLong.statusCode).toBe(400);
  });
});
