import {
  voteAnswerBodySchema,
  voteAppParamsSchema,
  voteCreateBodySchema,
  voteParamsSchema,
  voteResponseSchema,
} from '../../../contracts/community-posts.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { createVoteScopes } from './votes.scopes.ts';
import type { VoteService } from './votes.service.ts';

const tags = ['community'];

/** Polls (inferred calls, docs/DECISIONS.md "Community: posts, polls and the feed"): make, read, answer. */
export function voteRoutes(deps: { votes: VoteService; scopes: ReturnType<typeof createVoteScopes> }) {
  const { votes, scopes } = deps;
  const vote = scopes.vote('id');
  return [
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/votes',
      auth: 'session',
      scope: scopes.pollMaker('appId'),
      ability: 'vote:create',
      summary:
        'Make a poll (2–10 options, single or multiple choice, optional end) to attach to a post by voteId',
      tags,
      schema: {
        params: voteAppParamsSchema,
        body: voteCreateBodySchema,
        response: { 201: voteResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await votes.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/votes/:id',
      auth: 'optional',
      scope: vote,
      ability: 'vote:view',
      summary: 'A poll with its results and the caller’s choice (seen by whoever sees its post)',
      tags,
      schema: { params: voteParamsSchema, response: { 200: voteResponseSchema } },
      handler: async (request) => ({ data: await votes.get(request.access) }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/votes/:id/answers',
      auth: 'session',
      scope: vote,
      ability: 'vote:answer',
      summary: 'Answer a poll, or change the answer while it runs (single choice: exactly one option)',
      tags,
      schema: { params: voteParamsSchema, body: voteAnswerBodySchema, response: { 200: voteResponseSchema } },
      handler: async (request) => ({ data: await votes.answer(request.access, request.body) }),
    }),
  ];
}
