import { randomUUID } from 'node:crypto';
import { measureChatDelivery } from '../lib/chat-measurement.ts';
import { defineArea, type Scenario, type ScenarioContext, type ScenarioRequest } from '../lib/types.ts';
import { seedChat, type ChatSeed } from '../seed/chat.ts';

/*
 * Issue 17's read budgets, at 50 connections, each as a share of the ceiling's req/s in the same run: the
 * message history page and the chat list (50 chats with unread counts) ≥ 40 %. The app-wide message counter,
 * a deep history page and sending are reported without a budget of their own.
 */

type Page = { data?: Record<string, unknown>[]; meta?: { page?: number; total?: number } };

const shareBudget = { minShareOfCeiling: 0.4 };
const historyPageOne = 'GET chat messages (page 1)';

export const chatArea = defineArea({
  name: 'chat',
  seed: seedChat,
  summary: (data) => ({
    members: data.members,
    chats: data.chats,
    messages: data.messages,
    readerChats: data.readerChats,
    busyChatMessages: data.busyChatMessages,
  }),
  scenarios: (data, context) => chatScenarios(data, context),
  measurements: (data) => [
    {
      name: 'chat: 5,000 member sockets',
      run: (context) =>
        measureChatDelivery(
          {
            appId: data.appId,
            memberAccountIds: data.memberAccountIds,
            groups: data.groups,
            channel: { chatId: data.channelId, writer: 2, members: data.channelMembers },
            messagesPerSecond: 200,
            seconds: 10,
            channelRounds: 5,
          },
          context,
        ),
    },
  ],
});

export async function chatScenarios(data: ChatSeed, context: ScenarioContext): Promise<Scenario[]> {
  const reader = { authorization: await context.authorization(data.readerAccountId) };
  const messagesPage = (page: number) => (body: unknown) => {
    const { data: messages, meta } = body as Page;
    if (messages?.length !== 30 || meta?.page !== page || meta.total !== data.busyChatMessages) {
      return `expected 30 of ${data.busyChatMessages} messages on page ${page}, got ${messages?.length ?? 'none'} (${JSON.stringify(meta)})`;
    }
    return messages.every((message) => typeof message.body === 'string' && message.author)
      ? null
      : 'expected authors';
  };
  const reads: Scenario[] = [
    {
      name: 'GET chat list (page 1)',
      method: 'GET',
      path: `/api/apps/${data.appId}/chats`,
      headers: reader,
      check: (body) => {
        const { data: chats, meta } = body as Page;
        if (chats?.length !== 20 || meta?.total !== data.readerChats) {
          return `expected 20 of ${data.readerChats} chats, got ${chats?.length ?? 'none'} of ${meta?.total}`;
        }
        return chats.some((chat) => Number(chat.newMessageCounter) > 0) ? null : 'expected unread counts';
      },
      budget: shareBudget,
    },
    {
      name: historyPageOne,
      method: 'GET',
      path: `/api/chats/${data.busyChatId}/messages?page=1`,
      headers: reader,
      check: messagesPage(1),
      budget: shareBudget,
    },
    {
      name: 'GET chat messages (page 300)',
      method: 'GET',
      path: `/api/chats/${data.busyChatId}/messages?page=300`,
      headers: reader,
      check: messagesPage(300),
      budget: { maxSlowdown: { baseline: historyPageOne, factor: 2 } },
    },
    {
      name: 'GET message counter',
      method: 'GET',
      path: `/api/apps/${data.appId}/messages/counter`,
      headers: reader,
      check: (body) =>
        Number((body as { messages?: unknown }).messages) > 0 ? null : 'expected unread messages',
      budget: null,
    },
  ];
  return [...reads, await sending(data, context)];
}

/** Every connection writes as another moderator of groups 51–100, in their own chat, a new client id each time. */
async function sending(data: ChatSeed, context: ScenarioContext): Promise<Scenario> {
  const writers = await Promise.all(
    data.writers.map(async (writer) => ({
      ...writer,
      authorization: await context.authorization(writer.accountId),
    })),
  );
  let connection = 0;
  let written = 0;
  const requests = (): ScenarioRequest[] => {
    const writer = writers[connection++ % writers.length]!;
    return [
      {
        method: 'POST',
        path: `/api/chats/${writer.chatId}/messages`,
        headers: { authorization: writer.authorization, 'content-type': 'application/json' },
        setupRequest: (request) => {
          written++;
          return {
            ...request,
            body: JSON.stringify({
              clientId: randomUUID(),
              body: `<p>Nachricht ${written} an die Gruppe</p>`,
            }),
          };
        },
      },
    ];
  };
  return {
    name: 'POST chat message',
    method: 'POST',
    path: '/api/chats/:id/messages',
    requests,
    check: (body) =>
      typeof (body as { data?: { id?: unknown } }).data?.id === 'string' ? null : 'expected the new message',
    budget: null,
  };
}
