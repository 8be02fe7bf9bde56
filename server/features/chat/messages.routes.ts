import { z } from 'zod';
import { chatParamsSchema } from '../../../contracts/chat.ts';
import {
  chatMessageCreateBodySchema,
  chatMessageListQuerySchema,
  chatMessageListSchema,
  chatMessagePatchBodySchema,
  chatMessageResponseSchema,
  chatVoteAnswerBodySchema,
} from '../../../contracts/chat-messages.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { ChatScopes } from './chat.scopes.ts';
import type { KeptChatAnswers } from './kept-answers.ts';
import type { MessageService } from './messages.service.ts';

const tags = ['chats'];

/** Row CHATS-05, GAPS 15 (send) and the message actions: history, catch-up, send, edit, delete, typing. */
export function messageRoutes(deps: { messages: MessageService; scopes: ChatScopes; kept: KeptChatAnswers }) {
  const { messages, scopes, kept } = deps;
  const chat = scopes.chat('id');
  const message = scopes.message('id');
  return [
    defineRoute({
      method: 'GET',
      url: '/api/chats/:id/messages',
      auth: 'session',
      scope: chat,
      ability: 'chat:view',
      summary:
        'Messages newest first (30 per page), or with `afterSeq` the ones after it, oldest first (≤ 100)',
      tags,
      schema: {
        params: chatParamsSchema,
        querystring: chatMessageListQuerySchema,
        response: { 200: chatMessageListSchema },
      },
      handler: async (request, reply) =>
        kept.history(reply, request.access, request.query, () =>
          messages.list(request.access, request.query),
        ),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/messages',
      auth: 'session',
      scope: chat,
      ability: 'chat:messages',
      summary: 'Send a message (idempotent by `clientId`: a retry answers the stored message with 200)',
      tags,
      schema: {
        params: chatParamsSchema,
        body: chatMessageCreateBodySchema,
        response: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
      },
      handler: async (request, reply) => {
        const sent = await messages.send(request.access, request.body);
        return reply.status(sent.created ? 201 : 200).send({ data: sent.message });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/typing',
      auth: 'session',
      scope: chat,
      ability: 'chat:messages',
      summary: 'Tell the chat that the caller types (at most every 3 s; not in chats over 100 members)',
      tags,
      schema: { params: chatParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await messages.typing(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/chat-messages/:id',
      auth: 'session',
      scope: message,
      ability: 'chat_message:edit',
      summary: 'Edit one’s own message',
      tags,
      schema: {
        params: chatParamsSchema,
        body: chatMessagePatchBodySchema,
        response: { 200: chatMessageResponseSchema },
      },
      handler: async (request) => ({ data: await messages.edit(request.access, request.body.body) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/chat-messages/:id/vote',
      auth: 'session',
      scope: message,
      ability: 'chat_message:answer',
      summary: 'Answer the poll a message carries (the whole choice; replaces an earlier one)',
      tags,
      schema: {
        params: chatParamsSchema,
        body: chatVoteAnswerBodySchema,
        response: { 200: chatMessageResponseSchema },
      },
      handler: async (request) => ({
        data: await messages.answer(request.access, request.body.optionIds),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/chat-messages/:id',
      auth: 'session',
      scope: message,
      ability: 'chat_message:delete',
      summary: 'Delete a message (its author, the chat’s moderators, the app’s admins)',
      tags,
      schema: { params: chatParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await messages.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
