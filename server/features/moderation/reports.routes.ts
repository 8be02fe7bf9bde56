import { z } from 'zod';
import { reportBodySchema, reportParamsSchema } from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import { reportScopes, reportTargetOfComment, reportTargetOfPost } from '../community/public.ts';
import type { ReportService } from './reports.service.ts';

const tags = ['moderation'];

/**
 * Reporting (issue 16): `POST /posts/{id}/report` and its communities spelling (the same post scope as every
 * post call) and `POST /comments/{id}/report`; the scopes answer 404 for what the caller does not see and the
 * `report` ability is a member's who did not write it. 204: nothing of the inbox is the reporter's to see.
 */
export function reportRoutes(deps: { db: DbOrTx; reports: ReportService }) {
  const { reports } = deps;
  const scopes = reportScopes(deps.db);
  const schema = {
    params: reportParamsSchema,
    body: reportBodySchema,
    response: { 204: z.null() },
  };
  return [
    ...scopes.posts.map(({ prefix, scope }) =>
      defineRoute({
        method: 'POST',
        url: `${prefix}/:id/report`,
        auth: 'session',
        scope,
        ability: 'post:report',
        summary:
          'Report a post (spam, abuse, off topic, other) once; enough reports hide it until a decision',
        tags,
        schema,
        handler: async (request, reply) => {
          await reports.report(request.access.app, reportTargetOfPost(request.access), request.body);
          return reply.status(204).send(null);
        },
      }),
    ),
    defineRoute({
      method: 'POST',
      url: '/api/comments/:id/report',
      auth: 'session',
      scope: scopes.comment,
      ability: 'comment:report',
      summary: 'Report a comment once; enough reports hide it until a decision',
      tags,
      schema,
      handler: async (request, reply) => {
        await reports.report(request.access.post.app, reportTargetOfComment(request.access), request.body);
        return reply.status(204).send(null);
      },
    }),
  ];
}
