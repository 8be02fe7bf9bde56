import { z } from 'zod';
import {
  appMemberParamsSchema,
  followStateSchema,
  importBodySchema,
  importErrorsParamsSchema,
  importStartedSchema,
  inviteBodySchema,
  memberDropdownQuerySchema,
  memberDropdownSchema,
  memberLimits,
  memberListQuerySchema,
  memberListSchema,
  memberParamsSchema,
  memberPatchBodySchema,
  memberPostsQuerySchema,
  memberPostsSchema,
  memberResponseSchema,
  type InviteBody,
} from '../../../contracts/members.ts';
import { memberSpaceListQuerySchema, memberSpaceListSchema } from '../../../contracts/community-spaces.ts';
import type { Db } from '../../db/client.ts';
import type { LimitWindow } from '../../platform/attempt-limiter.ts';
import { defineRoute, type AttemptLimit } from '../../platform/routes.ts';
import { paramOf, type AccessScopes } from '../workspace/public.ts';
import type { ImportService } from './import.service.ts';
import type { InviteService } from './invite.service.ts';
import { memberScope } from './members.scopes.ts';
import type { MemberService } from './members.service.ts';

const tags = ['members'];

/** Invitation mails: a person is mailed at most 5 times an hour; an inviter sends at most 200 an hour. */
const perAddressWindows: LimitWindow[] = [
  { seconds: 60, max: 2 },
  { seconds: 3600, max: 5 },
];
const perInviterWindows: LimitWindow[] = [
  { seconds: 60, max: 30 },
  { seconds: 3600, max: 200 },
];
const perInviter: AttemptLimit = {
  bucket: 'member-invite',
  keys: ({ actor }) => [actor.kind === 'account' ? `account:${actor.accountId}` : 'guest'],
  windows: perInviterWindows,
};
const perAddress: AttemptLimit = {
  bucket: 'member-invite-address',
  keys: (request) => [`email:${(request.body as InviteBody).email}`],
  windows: perAddressWindows,
};
const perInvitedProfile: AttemptLimit = {
  bucket: 'member-invite-profile',
  // UUIDs arrive in either case; one profile is one counter.
  keys: (request) => [`profile:${paramOf(request, 'id').toLowerCase()}`],
  windows: perAddressWindows,
};

/** The JSON around a 5 MB CSV: quotes and line breaks are escaped, so allow for growth. */
const importBodyLimit = Math.ceil(memberLimits.importCsvBytes * 1.5);

export function memberRoutes(deps: {
  members: MemberService;
  invites: InviteService;
  imports: ImportService;
  scopes: AccessScopes;
  db: Db;
}) {
  const { members, invites, imports, scopes } = deps;
  const memberArea = scopes.memberArea();
  const member = memberScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profiles',
      auth: 'session',
      scope: memberArea,
      ability: 'app:view_profiles',
      summary: 'Members of the app by the member filter, newest first, with counts by member type',
      tags,
      schema: {
        params: appMemberParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: memberListSchema },
      },
      handler: async (request) => members.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/profiles',
      auth: 'session',
      scope: memberArea,
      ability: 'app:import_profiles',
      summary: 'Start a bulk member import from a CSV; answers the task to poll',
      tags,
      bodyLimit: importBodyLimit,
      schema: {
        params: appMemberParamsSchema,
        body: importBodySchema,
        response: { 202: importStartedSchema },
      },
      handler: async (request, reply) => {
        const started = await imports.start(request.access, request.body);
        return reply.status(202).send({ data: started });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/imports/:taskId/errors',
      auth: 'session',
      scope: memberArea,
      ability: 'app:import_profiles',
      summary: 'The error report of a failed member import (CSV: line, email, field, error)',
      tags,
      schema: { params: importErrorsParamsSchema, response: { 200: z.instanceof(Buffer) } },
      handler: async (request, reply) => {
        const report = await imports.errorReport(request.access, request.params.taskId);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="import-errors-${request.params.taskId}.csv"`)
          .send(Buffer.from(report, 'utf8'));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/profiles/dropdown',
      auth: 'session',
      scope: memberArea,
      ability: 'app:view_profiles',
      summary: 'Members for a dropdown: by name, 15 per page, or the given ids',
      tags,
      schema: {
        params: appMemberParamsSchema,
        querystring: memberDropdownQuerySchema,
        response: { 200: memberDropdownSchema },
      },
      handler: async (request) => members.dropdown(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/invite',
      auth: 'session',
      scope: memberArea,
      ability: 'app:settings_members',
      summary: 'Invite one person by e-mail (placeholder account, profile, tags, contact, invitation mail)',
      attempts: [perInviter, perAddress],
      tags,
      schema: {
        params: appMemberParamsSchema,
        body: inviteBodySchema,
        response: { 201: memberResponseSchema },
      },
      handler: async (request, reply) => {
        const member = await invites.invite(request.access, request.body);
        return reply.status(201).send({ data: member });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:id',
      auth: 'session',
      scope: member,
      ability: 'profile:view',
      summary: 'A member of an app (member page)',
      tags,
      schema: { params: memberParamsSchema, response: { 200: memberResponseSchema } },
      handler: async (request) => ({ data: await members.get(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/profiles/:id',
      auth: 'session',
      scope: member,
      ability: 'profile:moderate',
      summary: 'The member admin form: type, tags, flags (admins), block and punishment (admins, moderators)',
      tags,
      schema: {
        params: memberParamsSchema,
        body: memberPatchBodySchema,
        response: { 200: memberResponseSchema },
      },
      handler: async (request) => ({
        data: await members.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/profiles/:id',
      auth: 'session',
      scope: member,
      ability: 'profile:delete',
      summary: 'Remove a member from the app (the account stays)',
      tags,
      schema: { params: memberParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await members.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:id/posts',
      auth: 'session',
      scope: member,
      ability: 'profile:view',
      summary: 'Published posts of a member that the caller may read (member page), newest first',
      tags,
      schema: {
        params: memberParamsSchema,
        querystring: memberPostsQuerySchema,
        response: { 200: memberPostsSchema },
      },
      handler: async (request) => members.posts(request.access, request.query.page),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:id/spaces',
      auth: 'session',
      scope: member,
      ability: 'profile:view',
      summary: 'Spaces a member belongs to (member page), only those the caller sees',
      tags,
      schema: {
        params: memberParamsSchema,
        querystring: memberSpaceListQuerySchema,
        response: { 200: memberSpaceListSchema },
      },
      handler: async (request) => members.spaces(request.access, request.query.page),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/profiles/:id/invitation',
      auth: 'session',
      scope: member,
      ability: 'profile:resend_invitation',
      summary: 'Send an invited person a new invitation (the old link stops working)',
      attempts: [perInviter, perInvitedProfile],
      tags,
      schema: { params: memberParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await invites.resend(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:id/follow',
      auth: 'session',
      scope: member,
      ability: 'profile:view',
      summary: 'Whether the caller follows the member, and the member’s follower counts',
      tags,
      schema: { params: memberParamsSchema, response: { 200: followStateSchema } },
      handler: async (request) => ({ data: await members.followState(request.access) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/profiles/:id/follow',
      auth: 'session',
      scope: member,
      ability: 'profile:follow',
      summary: 'Follow a member',
      tags,
      schema: { params: memberParamsSchema, response: { 200: followStateSchema } },
      handler: async (request) => ({ data: await members.follow(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/profiles/:id/follow',
      auth: 'session',
      scope: member,
      ability: 'profile:follow',
      summary: 'Unfollow a member',
      tags,
      schema: { params: memberParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await members.unfollow(request.access);
        return reply.status(204).send(null);
      },
    }),
  ];
}
