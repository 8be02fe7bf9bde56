import type { FastifyRequest } from 'fastify';
import { gifListSchema, gifSearchQuerySchema, gifTrendingQuerySchema } from '../../../contracts/gifs.ts';
import { pickLanguage } from '../../../contracts/language.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { GifService } from './gifs.service.ts';

const tags = ['gifs'];

/**
 * The catalogue is public, but every call spends the provider's quota: signed-in people only, and at most a
 * minute's worth of scrolling and typing per account (the panel debounces, so 60 is generous).
 */
const perAccount = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.actor.kind === 'account' ? `gifs:${request.actor.accountId}` : `gifs-ip:${request.ip}`,
};

export function gifRoutes(deps: { gifs: GifService }) {
  const { gifs } = deps;
  return [
    defineRoute({
      method: 'GET',
      url: '/api/gifs/trending',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Trending GIFs for the GIF panel (503 FEATURE_DISABLED without a provider key)',
      tags,
      rateLimit: perAccount,
      schema: { querystring: gifTrendingQuerySchema, response: { 200: gifListSchema } },
      handler: async (request) => gifs.trending(request.query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/gifs/search',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Search GIFs in the request’s language (503 FEATURE_DISABLED without a provider key)',
      tags,
      rateLimit: perAccount,
      schema: { querystring: gifSearchQuerySchema, response: { 200: gifListSchema } },
      handler: async (request) =>
        gifs.search(request.query, pickLanguage(request.headers['accept-language'])),
    }),
  ];
}
