import { z } from 'zod';
import {
  customFieldCreateBodySchema,
  customFieldListSchema,
  customFieldMoveBodySchema,
  customFieldParamsSchema,
  customFieldPatchBodySchema,
  customFieldResponseSchema,
} from '../../../contracts/custom-fields.ts';
import { appParamsSchema } from '../../../contracts/profile.ts';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { AccessScopes } from '../workspace/public.ts';
import { customFieldScope } from './custom-fields.scopes.ts';
import type { CustomFieldService } from './custom-fields.service.ts';

const tags = ['settings'];

export function customFieldRoutes(deps: { customFields: CustomFieldService; scopes: AccessScopes; db: Db }) {
  const { customFields, scopes } = deps;
  const memberArea = scopes.memberArea();
  const field = customFieldScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/custom-fields',
      auth: 'session',
      scope: memberArea,
      ability: 'app:view',
      summary: 'The custom fields of the member profile form, in form order (members and managers)',
      tags,
      schema: { params: appParamsSchema, response: { 200: customFieldListSchema } },
      handler: async (request) => customFields.list(request.access),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/custom-fields',
      auth: 'session',
      scope: memberArea,
      ability: 'app:settings_app',
      summary: 'Add a custom field at the end of the form (at most 50 per app)',
      tags,
      schema: {
        params: appParamsSchema,
        body: customFieldCreateBodySchema,
        response: { 201: customFieldResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await customFields.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/custom-fields/:id',
      auth: 'session',
      scope: field,
      ability: 'custom_field:edit',
      summary: 'Change a custom field (a type change clears the members’ values of it)',
      tags,
      schema: {
        params: customFieldParamsSchema,
        body: customFieldPatchBodySchema,
        response: { 200: customFieldResponseSchema },
      },
      handler: async (request) => ({
        data: await customFields.update(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/custom-fields/:id',
      auth: 'session',
      scope: field,
      ability: 'custom_field:delete',
      summary: 'Delete a custom field and every member’s value of it',
      tags,
      schema: { params: customFieldParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await customFields.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/custom-fields/:id/move',
      auth: 'session',
      scope: field,
      ability: 'custom_field:move',
      summary: 'Move a custom field right after `prevId` (null: to the top)',
      tags,
      schema: {
        params: customFieldParamsSchema,
        body: customFieldMoveBodySchema,
        response: { 200: customFieldResponseSchema },
      },
      handler: async (request) => ({
        data: await customFields.move(request.access, request.body.prevId),
      }),
    }),
  ];
}
