import { z } from 'zod';
import {
  contactListQuerySchema,
  contactListSchema,
  contactParamsSchema,
  contactProjectParamsSchema,
  generalProfileParamsSchema,
  generalProfilePatchBodySchema,
  generalProfileResponseSchema,
} from '../../../contracts/contacts.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { contactScope, generalProfileScope } from './contacts.scopes.ts';
import type { ContactService } from './contacts.service.ts';
import type { GeneralProfileService } from './general-profile.service.ts';

const tags = ['contacts'];

export function contactRoutes(deps: {
  contacts: ContactService;
  generalProfiles: GeneralProfileService;
  scopes: AccessScopes;
  db: Db;
}) {
  const { contacts, generalProfiles } = deps;
  const project = deps.scopes.project('projectId');
  const contact = contactScope(deps.db);
  const generalProfile = generalProfileScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/contacts',
      auth: 'session',
      scope: project,
      ability: 'project:view',
      summary: 'Everyone the project knows, with their profiles in the project’s apps',
      tags,
      schema: {
        params: contactProjectParamsSchema,
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema },
      },
      handler: async (request) => contacts.list(request.access, request.query),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/contacts/:contactId',
      auth: 'session',
      scope: contact,
      ability: 'contact:delete',
      summary: 'Forget a contact and remove their profiles from the project’s apps',
      tags,
      schema: { params: contactParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await contacts.delete(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:profileId/general',
      auth: 'session',
      scope: generalProfile,
      ability: 'profile:view_general',
      summary: 'The project-level view of a member (contacts/{memberId})',
      tags,
      schema: { params: generalProfileParamsSchema, response: { 200: generalProfileResponseSchema } },
      handler: async (request) => ({
        data: await generalProfiles.get(request.access),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/profiles/:profileId/general',
      auth: 'session',
      scope: generalProfile,
      ability: 'profile:edit',
      summary: 'Edit a member’s profile fields from the project (names and e-mail stay the person’s)',
      tags,
      schema: {
        params: generalProfileParamsSchema,
        body: generalProfilePatchBodySchema,
        response: { 200: generalProfileResponseSchema },
      },
      handler: async (request) => ({
        data: await generalProfiles.update(request.access, request.body),
      }),
    }),
  ];
}
