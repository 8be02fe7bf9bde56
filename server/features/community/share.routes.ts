import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { shareParamsSchema, sharedPostResponseSchema } from '../../../contracts/community-share.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound, unauthorized } from '../../platform/errors.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { defineRoute, type RouteScope } from '../../platform/routes.ts';
import { findPictureIds, pictureUrl, type UrlSign } from '../cloud/public.ts';
import { loadAppAccess, paramOf } from '../workspace/public.ts';
import { postAccessOf, type PostAccess } from './community.access.ts';
import { presentPostIds, viewerOfPost } from './posts.views.ts';
import { findSharedPost } from './share-preview.ts';
import { findPostByShareHash } from './share.repo.ts';

const tags = ['community'];

/**
 * The post a share hash names in the app of `:appId`, for the caller: 404 for an unknown hash, an unpublished
 * post or one whose sharing is off; the post's own visibility then decides, except that a visitor without a
 * session whom it refuses gets 401 (the share page asks them to sign in; the hash itself is the secret).
 */
function sharedPostScope(db: DbOrTx): RouteScope<PostAccess> {
  return {
    label: 'post(:appId, :shareHash)',
    subjects: ['post'],
    async resolve(request: FastifyRequest) {
      const post = await findPostByShareHash(db, paramOf(request, 'appId'), paramOf(request, 'shareHash'));
      if (!post || post.publishedAt === null || post.isShareDisabled) {
        throw notFound();
      }
      const app = await loadAppAccess(db, request.actor, post.appId);
      try {
        return await postAccessOf(db, app, post);
      } catch (error) {
        if (request.actor.kind === 'anonymous' && error instanceof AppError && error.statusCode === 404) {
          throw unauthorized();
        }
        throw error;
      }
    },
    abilities: (access) => access.can.map((ability) => `post:${ability}`),
  };
}

/** The share link's API call and the picture its previews show. */
export function shareRoutes(deps: { db: DbOrTx; sign: UrlSign }) {
  const { db, sign } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/share/:shareHash',
      auth: 'optional',
      scope: sharedPostScope(db),
      ability: 'post:view',
      summary:
        'The post of a share link, for whoever may read it (401 to a visitor who must sign in first; 404 when sharing is off)',
      tags,
      schema: { params: shareParamsSchema, response: { 200: sharedPostResponseSchema } },
      handler: async (request) => {
        const [data] = await presentPostIds(db, sign, [request.access.post.id], viewerOfPost(request.access));
        if (!data) {
          throw notFound();
        }
        return { data };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/community/share/:shareHash/cover',
      auth: 'public',
      ability: 'public',
      summary:
        'The picture of a shared post’s link preview (its OpenGraph image, else its cover) as a tile: 302 to a signed address; 404 when the preview shows no content',
      tags,
      schema: { params: shareParamsSchema, response: { 302: z.null() } },
      handler: async (request, reply) => {
        const app = await loadAppAccess(db, { kind: 'anonymous' }, request.params.appId);
        const shared = await findSharedPost(db, app, request.params.shareHash);
        const fileId = shared ? (shared.post.ogImageId ?? shared.post.coverId) : null;
        const [live] = fileId ? [...(await findPictureIds(db, app.project.id, [fileId]))] : [];
        const location = live ? pictureUrl(sign, live, 'tile') : null;
        if (!location) {
          throw notFound();
        }
        // The signed address stays valid for at least six hours; an hour of caching stays inside that.
        return reply.header('cache-control', 'public, max-age=3600').redirect(location, 302);
      },
    }),
  ];
}

/** The share routes of the community's manifest. */
export const communityShareRoutes = ({ db, urlSigner }: FeatureContext) =>
  shareRoutes({ db, sign: (path) => urlSigner.sign(path) });
