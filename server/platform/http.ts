import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { errorCodes } from '../../contracts/errors.ts';
import { videoEmbedOrigins } from '../../contracts/rich-text.ts';
import { AppError } from './errors.ts';

/** Security headers and a CSP that allows only our own origin (DESIGN §9: nothing from a CDN). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { imageOrigins?: readonly string[] } = {},
): Promise<void> {
  const headers = securityHeaders(options.imageOrigins ?? []);
  // The same headers on every answer (API, web app, errors): computed once at start-up, since nothing in
  // them depends on the request (@fastify/helmet rebuilt helmet per request: 5 % of a cached read's CPU).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/** What helmet sets, read once from a recording response. */
export function securityHeaders(imageOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes and <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // GIF previews and inserted GIFs come straight from the provider's media host.
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        // Rich text embeds videos only as the players of YouTube, Vimeo and Loom (contracts/rich-text.ts).
        frameSrc: ["'self'", ...videoEmbedOrigins],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  let finished = false;
  // helmet's middleware is synchronous: it has called back before it returns.
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) {
      throw error instanceof Error ? error : new Error('helmet refused its options');
    }
    finished = true;
  });
  if (!finished) {
    throw new Error('helmet did not finish synchronously');
  }
  return headers;
}

/**
 * Rate limits are declared per route (`rateLimit` in the definition). Counters live in memory, or in Redis
 * when REDIS_URL is set so every instance shares them.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'gemeinde:rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, errorCodes.rateLimited, {
        details: { retryAfterSeconds: Math.ceil(context.ttl / 1000), limit: context.max },
      }),
  });
}

/** OpenAPI generated from the route schemas, served at /api/docs (JSON at /api/docs/json). */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gemeinde API',
        version,
        description: 'Community, course and membership platform with a cloud file library.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
