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
import { defineRoute } from '../../platform/routes.ts';
import type { ContactService } from './contacts.service.ts';
import type { GeneralProfileService } from './general-profile.service.ts';

const tags = ['contacts'];

export function contactRoutes(deps: { contacts: ContactService; generalProfiles: GeneralProfileService }) {
  const { contacts, generalProfiles } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/contacts',
      auth: 'session',
      ability: 'project:view',
      summary: 'Everyone the project knows, with their profiles in the project’s apps',
      tags,
      schema: {
        params: contactProjectParamsSchema,
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema },
      },
      handler: async (request) => contacts.list(request.actor, request.params.projectId, request.query),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/contacts/:contactId',
      auth: 'session',
      ability: 'project:edit',
      summary: 'Forget a contact and remove their profiles from the project’s apps',
      tags,
      schema: { params: contactParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await contacts.delete(request.actor, request.params.contactId);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/profiles/:profileId/general',
      auth: 'session',
      ability: 'profile:view_general',
      summary: 'The project-level view of a member (contacts/{memberId})',
      tags,
      schema: { params: generalProfileParamsSchema, response: { 200: generalProfileResponseSchema } },
      handler: async (request) => ({
        data: await generalProfiles.get(request.actor, request.params.profileId),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/profiles/:profileId/general',
      auth: 'session',
      ability: 'profile:edit',
      summary: 'Edit a member’s profile fields from the project (names and e-mail stay the person’s)',
      tags,
      schema: {
        params: generalProfileParamsSchema,
        body: generalProfilePatchBodySchema,
        response: { 200: generalProfileResponseSchema },
      },
      handler: async (request) => ({
        data: await generalProfiles.update(request.actor, request.params.profileId, request.body),
      }),
    }),
  ];
}
