import {
  commentCreateBodySchema,
  commentDeleteResultSchema,
  commentLikeStateSchema,
  commentListQuerySchema,
  commentListSchema,
  commentParamsSchema,
  commentPatchBodySchema,
  commentResponseSchema,
} from '../../../contracts/community-comments.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { createNotifier } from '../notifications/public.ts';
import { defineRoute } from '../../platform/routes.ts';
import { appHostOf } from '../apps/public.ts';
import { commentEntityScope, commentListScope, commentScope } from './comments.scopes.ts';
import { createCommentService, type CommentService } from './comments.service.ts';
import { keptCommunityAnswersOf } from './kept-answers.ts';

const tags = ['community'];

/** POSTS-COMMENTS-30..35: comments on posts, replies, edits, deletes and likes. */
export function commentRoutes(deps: { comments: CommentService; db: DbOrTx }) {
  const { comments } = deps;
  const kept = keptCommunityAnswersOf(deps.db);
  const comment = commentScope(deps.db);
  return [
    defineRoute({
      method: 'GET',
      url: '/api/comments',
      auth: 'optional',
      scope: commentListScope(deps.db),
      ability: 'comment:view',
      summary:
        'Comments of a post or an event (10 top-level per page, oldest or trends, first 50 replies inline; `parentCommentId`: its replies), or a member’s comments (`entityType=profile`)',
      tags,
      schema: { querystring: commentListQuerySchema, response: { 200: commentListSchema } },
      handler: async (request, reply) => {
        const { access, query } = request;
        // A post's comments are kept under its version; an event's are read each time.
        const post = access.kind === 'entity' ? access.entity.post : null;
        return post
          ? kept.comments(reply, post, query, () => comments.list(access, query))
          : comments.list(access, query);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/comments',
      auth: 'session',
      scope: commentEntityScope(deps.db),
      ability: 'post:comment',
      summary: 'Comment on a post or an event, or reply to one of its top-level comments (`parentCommentId`)',
      tags,
      schema: { body: commentCreateBodySchema, response: { 201: commentResponseSchema } },
      handler: async (request, reply) => {
        const data = await comments.create(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/comments/:id',
      auth: 'session',
      scope: comment,
      ability: 'comment:edit',
      summary: 'Change the body of one’s own comment',
      tags,
      schema: {
        params: commentParamsSchema,
        body: commentPatchBodySchema,
        response: { 200: commentResponseSchema },
      },
      handler: async (request) => ({ data: await comments.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/comments/:id',
      auth: 'session',
      scope: comment,
      ability: 'comment:delete',
      summary: 'Delete a comment (its author or a moderator); one with replies stays as “deleted”',
      tags,
      schema: { params: commentParamsSchema, response: { 200: commentDeleteResultSchema } },
      handler: async (request) => ({ data: await comments.remove(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/comments/:id/like',
      auth: 'session',
      scope: comment,
      ability: 'comment:like',
      summary: 'Like a comment (idempotent)',
      tags,
      schema: { params: commentParamsSchema, response: { 200: commentLikeStateSchema } },
      handler: async (request) => ({ data: await comments.like(request.access, true) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/comments/:id/like',
      auth: 'session',
      scope: comment,
      ability: 'comment:like',
      summary: 'Take back one’s like of a comment (idempotent)',
      tags,
      schema: { params: commentParamsSchema, response: { 200: commentLikeStateSchema } },
      handler: async (request) => ({ data: await comments.like(request.access, false) }),
    }),
  ];
}

/** The comment routes of the community's manifest. Images in comments: our cloud, on our own origins. */
export function communityCommentRoutes({ db, config, urlSigner, realtime, jobs, logger }: FeatureContext) {
  const comments = createCommentService({
    db,
    notifier: createNotifier({ realtime, jobs, logger }),
    sign: (path) => urlSigner.sign(path),
    imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
  });
  return commentRoutes({ comments, db });
}
