import { z } from 'zod';
import { unsubscribeInfoSchema } from '../../../contracts/notifications.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { UnsubscribeService } from './unsubscribe.ts';

const tags = ['notifications'];
const hashParamsSchema = z.object({ hash: z.string().min(1).max(100) });

/** The `unsubscribe/{hash}` page's calls (ROUTE-56) and the mails' one-click `List-Unsubscribe` target. */
export function unsubscribeRoutes(deps: { unsubscribe: UnsubscribeService }) {
  const { unsubscribe } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/unsubscribe/:hash',
      auth: 'public',
      ability: 'public',
      summary:
        'What an unsubscribe link switches off (the address half hidden); 404 for a link that is not ours',
      tags,
      schema: { params: hashParamsSchema, response: { 200: unsubscribeInfoSchema } },
      handler: async (request) => unsubscribe.info(request.params.hash),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/unsubscribe/:hash',
      auth: 'public',
      ability: 'public',
      summary:
        'Switch the link’s mails off without signing in (RFC 8058 one-click: a form body `List-Unsubscribe=One-Click`, or none)',
      tags,
      schema: {
        params: hashParamsSchema,
        body: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish(),
        response: { 204: z.null() },
      },
      handler: async (request, reply) => {
        await unsubscribe.unsubscribe(request.params.hash);
        return reply.status(204).send(null);
      },
    }),
  ];
}
