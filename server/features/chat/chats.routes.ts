import { z } from 'zod';
import {
  chatAddProfilesBodySchema,
  chatCreateBodySchema,
  chatDropdownQuerySchema,
  chatDropdownSchema,
  chatGroupPatchBodySchema,
  chatIdsBodySchema,
  chatListQuerySchema,
  chatListSchema,
  chatMemberListSchema,
  chatMembersQuerySchema,
  chatParamsSchema,
  chatResponseSchema,
  chatStatesSchema,
  messageCounterSchema,
} from '../../../contracts/chat.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { ChatMemberService } from './chat-members.service.ts';
import type { ChatReadService } from './chat-reads.service.ts';
import type { ChatScopes } from './chat.scopes.ts';
import type { ChatService } from './chats.service.ts';
import type { KeptChatAnswers } from './kept-answers.ts';

const tags = ['chats'];

/** Rows CHATS-01..04, 06..14 and GAPS 15 (create): the chats of an app and one chat. */
export function chatRoutes(deps: {
  chats: ChatService;
  members: ChatMemberService;
  reads: ChatReadService;
  scopes: ChatScopes;
  kept: KeptChatAnswers;
}) {
  const { chats, members, reads, scopes, kept } = deps;
  const app = scopes.app('appId');
  const chat = scopes.chat('id');
  return [
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/chats',
      auth: 'session',
      scope: app,
      ability: 'app:view_chats',
      summary:
        'Create a private chat (the pair’s existing one answers 200) or a group chat (needs the app’s create ability for the kind)',
      tags,
      schema: {
        params: appParamsSchema,
        body: chatCreateBodySchema,
        response: { 200: chatResponseSchema, 201: chatResponseSchema },
      },
      handler: async (request, reply) => {
        const { chat, created } = await chats.create(request.access, request.body);
        return reply.status(created ? 201 : 200).send({ data: chat });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/chats',
      auth: 'session',
      scope: app,
      ability: 'app:view_chats',
      summary: 'The caller’s chats, newest activity first (20 per page, search by name)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: chatListQuerySchema,
        response: { 200: chatListSchema },
      },
      handler: async (request, reply) =>
        kept.chatList(reply, request.access, request.query, () => chats.mine(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/chats/public',
      auth: 'session',
      scope: app,
      ability: 'app:view_chats',
      summary: 'The app’s public group chats, newest activity first (joined or not)',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: chatListQuerySchema,
        response: { 200: chatListSchema },
      },
      handler: async (request) => chats.publicChats(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/chats/dropdown',
      auth: 'session',
      scope: app,
      ability: 'app:view_chats',
      summary: 'The caller’s chats by name for a picker (15 per page), or exactly `chatIds`',
      tags,
      schema: {
        params: appParamsSchema,
        querystring: chatDropdownQuerySchema,
        response: { 200: chatDropdownSchema },
      },
      handler: async (request) => chats.dropdown(request.access, request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/messages/counter',
      auth: 'session',
      scope: app,
      ability: 'app:view_chats',
      summary: 'Unread messages over all the caller’s chats of the app (also sent live as `chat:counter`)',
      tags,
      schema: { params: appParamsSchema, response: { 200: messageCounterSchema } },
      handler: async (request) => reads.counter(request.access),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/chats',
      auth: 'session',
      scope: scopes.bodyChats(),
      ability: 'chat:view',
      summary: 'The current state of the listed chats the caller sees (GAPS 19: changes nothing)',
      tags,
      schema: { body: chatIdsBodySchema, response: { 200: chatStatesSchema } },
      handler: async (request) => ({ data: await chats.states(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/chats/read',
      auth: 'session',
      scope: scopes.bodyChats(),
      ability: 'chat:view',
      summary: 'Mark the listed chats read (the new counters go to the caller’s profile room)',
      tags,
      schema: { body: chatIdsBodySchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await reads.read(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chats/:id',
      auth: 'session',
      scope: chat,
      ability: 'chat:view',
      summary: 'One chat as the caller sees it',
      tags,
      schema: { params: chatParamsSchema, response: { 200: chatResponseSchema } },
      handler: async (request) => ({ data: await chats.get(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/chats/:id',
      auth: 'session',
      scope: chat,
      ability: 'chat:delete',
      summary: 'Delete a group chat for everyone (its moderators, the app’s admins)',
      tags,
      schema: { params: chatParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await chats.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/chats/:id/clear',
      auth: 'session',
      scope: chat,
      ability: 'chat:clear',
      summary: 'Clear the chat for the caller: the messages so far disappear from their view only',
      tags,
      schema: { params: chatParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await reads.clear(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/chats/:id/group',
      auth: 'session',
      scope: chat,
      ability: 'chat:edit',
      summary: 'Change a group chat’s name, settings and moderators (`profileIds`)',
      tags,
      schema: {
        params: chatParamsSchema,
        body: chatGroupPatchBodySchema,
        response: { 200: chatResponseSchema },
      },
      handler: async (request) => ({ data: await chats.editGroup(request.access, request.body) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/join',
      auth: 'session',
      scope: chat,
      ability: 'chat:join',
      summary: 'Join a public group chat',
      tags,
      schema: { params: chatParamsSchema, response: { 200: chatResponseSchema } },
      handler: async (request) => ({ data: await members.join(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/join/profiles',
      auth: 'session',
      scope: chat,
      ability: 'chat:add_profile',
      summary: 'Add people of the app to a group chat (its moderators)',
      tags,
      schema: {
        params: chatParamsSchema,
        body: chatAddProfilesBodySchema,
        response: { 200: chatResponseSchema },
      },
      handler: async (request) => ({
        data: await members.addProfiles(request.access, request.body.profileIds),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/leave',
      auth: 'session',
      scope: chat,
      ability: 'chat:leave',
      summary: 'Leave a group chat (the last moderator hands over to the longest member)',
      tags,
      schema: { params: chatParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await members.leave(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/chats/:id/profiles',
      auth: 'session',
      scope: chat,
      ability: 'chat:view',
      summary: 'The chat’s members (20 per page); a chat that hides them shows them to its moderators only',
      tags,
      schema: {
        params: chatParamsSchema,
        querystring: chatMembersQuerySchema,
        response: { 200: chatMemberListSchema },
      },
      handler: async (request) => members.members(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/chats/:id/block',
      auth: 'session',
      scope: chat,
      ability: 'chat:block',
      summary: 'Block the other person of a private chat: they can no longer write to the caller',
      tags,
      schema: { params: chatParamsSchema, response: { 200: chatResponseSchema } },
      handler: async (request) => ({ data: await members.block(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/chats/:id/block',
      auth: 'session',
      scope: chat,
      ability: 'chat:unblock',
      summary: 'Unblock the other person of a private chat',
      tags,
      schema: { params: chatParamsSchema, response: { 200: chatResponseSchema } },
      handler: async (request) => ({ data: await members.unblock(request.access) }),
    }),
  ];
}
