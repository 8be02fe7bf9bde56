import { clientConfigSchema, healthSchema } from '../../../contracts/platform.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import { checkHealth } from './system.service.ts';

export function systemRoutes(deps: { config: Config; database: Database }) {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/health',
      auth: 'public',
      ability: 'public',
      summary: 'Liveness and database status',
      tags: ['system'],
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      handler: async (_request, reply) => {
        const health = await checkHealth(deps.database, deps.config.version);
        return reply.status(health.status === 'ok' ? 200 : 503).send(health);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/client-config',
      auth: 'public',
      ability: 'public',
      summary: 'What the web app needs before it renders: hosts and languages',
      tags: ['system'],
      schema: { response: { 200: clientConfigSchema } },
      handler: async () => ({
        serviceHost: deps.config.serviceHost,
        publicDomain: deps.config.publicDomain,
        defaultLanguage: 'de' as const,
        languages: ['de' as const, 'en' as const],
        version: deps.config.version,
        gifs: deps.config.gifs.apiKey !== undefined,
      }),
    }),
  ];
}
