import { z } from 'zod';
import { chatParamsSchema, chatProfileParamsSchema } from '../../../contracts/chat.ts';
import { chatReadMarksSchema } from '../../../contracts/chat-read-marks.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { ChatMemberService } from './chat-members.service.ts';
import type { ChatScopes } from './chat.scopes.ts';

const tags = ['chats'];

/** Additions of issue 17's second cut: read markers ("seen by") and moderators removing members. */
export function chatMemberRoutes(deps: { members: ChatMemberService; scopes: ChatScopes }) {
  const { members, scopes } = deps;
  const chat = scopes.chat('id');
  return [
    defineRoute({
      method: 'GET',
      url: '/api/chats/:id/read-marks',
      auth: 'session',
      scope: chat,
      ability: 'chat:read_marks',
      summary:
        'Every member’s read mark (≤ 50; where the app shows read markers): “seen by” is each member whose mark ≥ the message’s seq',
      tags,
      schema: { params: chatParamsSchema, response: { 200: chatReadMarksSchema } },
      handler: async (request) => ({ data: await members.readMarks(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/chats/:id/profiles/:profileId',
      auth: 'session',
      scope: chat,
      ability: 'chat:delete_profile',
      summary:
        'Take a member out of a group chat (its moderators; the room and the person hear `chat:leave`)',
      tags,
      schema: { params: chatProfileParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await members.remove(request.access, request.params.profileId);
        return reply.status(204).send(null);
      },
    }),
  ];
}
