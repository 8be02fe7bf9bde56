import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { errorCodes } from '../../contracts/errors.ts';
import { AppError } from './errors.ts';

/** Security headers and a CSP that allows only our own origin (DESIGN §9: nothing from a CDN). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { imageOrigins?: readonly string[] } = {},
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes and <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // GIF previews and inserted GIFs come straight from the provider's media host.
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
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
