import { z } from 'zod';
import { courseIdParamsSchema } from '../../../contracts/courses.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CourseScopes } from './courses.access.ts';
import type { PodcastFeedService } from './podcast-feeds.service.ts';

const tags = ['courses'];
const feedTokenParams = z.object({ feedToken: z.string().max(200) });
// Until the web client asks for it, the answer's schema stays here (contracts/courses.ts when it does).
const podcastFeedResponseSchema = z.object({ data: z.object({ url: z.string() }) });

/**
 * Private podcast feeds of podcast courses (issue 19 "Podcasts", podcast-feeds.service.ts): the caller's feed URL
 * (made on the first ask, revocable), the feed itself and its episodes' media (the token in the path is the
 * credential).
 */
export function podcastRoutes(deps: { podcasts: PodcastFeedService; scopes: CourseScopes }) {
  const { podcasts } = deps;
  const course = deps.scopes.course();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/courses/:id/podcast-feed',
      auth: 'session',
      scope: course,
      ability: 'course:view',
      summary: "The caller's private podcast feed URL of a podcast course, made on the first ask",
      tags,
      schema: { params: courseIdParamsSchema, response: { 200: podcastFeedResponseSchema } },
      handler: async (request) => ({ data: await podcasts.feedUrl(request.access) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/courses/:id/podcast-feed',
      auth: 'session',
      scope: course,
      ability: 'course:view',
      summary: "Revoke the caller's podcast feed URL (the next ask makes a new one)",
      tags,
      schema: { params: courseIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await podcasts.revoke(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/podcasts/:feedToken.rss',
      auth: 'public',
      ability: 'public',
      summary: "A member's private podcast feed (RSS; 404 when the token is forged or revoked)",
      tags,
      schema: { params: feedTokenParams, response: { 200: z.string() } },
      handler: async (request, reply) => {
        const feed = await podcasts.feed(request.params.feedToken);
        return reply
          .header('cache-control', 'private, max-age=300')
          .header('x-robots-tag', 'noindex')
          .type('application/rss+xml; charset=utf-8')
          .send(feed);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/podcasts/:feedToken/:episode',
      auth: 'public',
      ability: 'public',
      summary: "An episode's media: 302 to a signed address of its bytes (Range supported there)",
      tags,
      schema: {
        params: feedTokenParams.extend({ episode: z.string().max(60) }),
        response: { 302: z.null() },
      },
      handler: async (request, reply) => {
        const location = await podcasts.episodeUrl(request.params.feedToken, request.params.episode);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    }),
  ];
}
