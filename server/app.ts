import { randomBytes } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { errorCodes } from '../contracts/errors.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { features } from './features.ts';
import type { ChatMessageSent, FeatureContext } from './platform/features.ts';
import { createAttemptLimiter } from './platform/attempt-limiter.ts';
import { authPlugin, type TokenService } from './platform/auth.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { AppError } from './platform/errors.ts';
import { registerDocs, registerRateLimit, registerSecurityHeaders } from './platform/http.ts';
import { createInFlight, type InFlight } from './platform/in-flight.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import {
  registerRoutes,
  type RouteDeclaration,
  type RouteDefinition,
  type RoutePipeline,
} from './platform/routes.ts';
import { registerCompression } from './platform/compression.ts';
import type { Realtime } from './platform/realtime.ts';
import { gatewayAuthorizer } from './features/realtime/public.ts';
import { isAppPageRequest, registerStaticWeb } from './platform/static-web.ts';
import type { UrlSigner } from './platform/storage/signed-url.ts';
import type { BlobStorage } from './platform/storage/storage.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  tokens: TokenService;
  codePepper: string;
  mailer: Mailer;
  jobs: Jobs;
  logger: Logger;
  redis?: Redis;
  realtime: Realtime;
  /** The cloud library's bytes and the signer of their addresses. */
  storage: BlobStorage;
  urlSigner: UrlSigner;
  /** Extra routes (tests use this to exercise the platform with routes of their own). */
  extraRoutes?: RouteDefinition<never, never>[];
  /** Tests only: told when a request passed its route's declared checks (the permission matrix uses it). */
  onAuthorized?: RoutePipeline['onAuthorized'];
  /** Tests only: a web build of their own instead of web/dist. */
  webRoot?: string;
};

// Declaration merging needs `interface`.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
    /** Route handlers still running; shutdown drains them before closing the database. */
    inFlight: InFlight;
  }
  interface FastifyContextConfig {
    declaration?: RouteDeclaration;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const requestIdPattern = /^[A-Za-z0-9._-]{8,80}$/;

/**
 * A request id unique across instances without a random draw per request: a random prefix per process and a
 * counter (a UUID per request was 3 % of a cached read's CPU).
 */
const requestIdPrefix = randomBytes(6).toString('base64url');
let requestCounter = 0;
const nextRequestId = () => `${requestIdPrefix}-${(requestCounter++).toString(36).padStart(6, '0')}`;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Typed as Fastify's base logger so the instance type stays the default one every plugin expects.
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQuery },
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : nextRequestId();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Socket.IO answers /ws on the same HTTP server, before Fastify's routes; its sockets close first on shutdown.
  deps.realtime.attach(app.server, gatewayAuthorizer({ db: deps.database.db, tokens: deps.tokens }));
  app.addHook('preClose', (done) => {
    deps.realtime.detach();
    done();
  });

  // Every /api route must come through defineRoute with an auth mode and an ability; anything else stops start-up.
  app.decorate('routeDeclarations', [] as RouteDeclaration[]);
  app.decorate('inFlight', createInFlight());
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api') || methods.every((method) => method === 'HEAD')) {
      return;
    }
    const declaration = route.config?.declaration ?? docsDeclaration(route.url, methods);
    if (!declaration) {
      throw new Error(
        `route ${methods.join(',')} ${route.url} was registered without defineRoute (auth mode and ability)`,
      );
    }
    app.routeDeclarations.push(declaration);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  // tus PATCH bodies stay unread here: the upload handler streams them to disk itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  // Mail clients' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await registerSecurityHeaders(app, {
    imageOrigins: features.flatMap((feature) => feature.imageOrigins?.(config) ?? []),
  });
  registerCompression(app);
  await registerRateLimit(app, deps.redis);
  await registerDocs(app, config.version);
  await app.register(authPlugin, { tokens: deps.tokens });

  const base: FeatureContext = { ...deps, db: deps.database.db, redis: deps.redis };
  const context: FeatureContext = { ...base, chatMessageSent: chatMessageSentListeners(base) };
  const limiter = createAttemptLimiter(deps.redis);
  registerRoutes(
    app,
    [...features.flatMap((feature) => feature.routes?.(context) ?? []), ...(deps.extraRoutes ?? [])],
    { inFlight: app.inFlight, limiter, onAuthorized: deps.onAuthorized },
  );

  const pageHeads = features.flatMap((feature) => (feature.pageHead ? [feature.pageHead(context)] : []));
  const sendAppPage = config.serveWeb
    ? await registerStaticWeb(app, {
        serviceHost: config.serviceHost,
        ...(deps.webRoot ? { root: deps.webRoot } : {}),
        pageHead: async (request) => {
          for (const resolve of pageHeads) {
            const head = await resolve(request);
            if (head) {
              return head;
            }
          }
          return null;
        },
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (sendAppPage && isAppPageRequest(request)) {
      // Client-side routes: the SPA decides what exists (and shows its own not-found page).
      return sendAppPage(request, reply);
    }
    const error = new AppError(404, errorCodes.notFound);
    return reply.status(404).send(error.toBody());
  });

  return app;
}

function docsDeclaration(url: string, methods: string[]): RouteDeclaration | undefined {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) {
    return {
      method: methods.filter((method) => method !== 'HEAD').join(',') as 'GET',
      url,
      auth: 'public',
      ability: 'public',
      scope: '-',
      limit: '-',
    };
  }
  return undefined;
}

/** `?ids[]=a&ids[]=b` (the style many clients send) reads like `?ids=a&ids=b`. */
function parseQuery(query: string): Record<string, unknown> {
  const parsed = parseQueryString(query);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const existing = result[name] as string | string[] | undefined;
      const values: string[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
      result[name] = [
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
        ...values,
      ];
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** Tells every feature that listens (`onChatMessageSent`) of a committed chat message; never throws. */
function chatMessageSentListeners(context: FeatureContext): (event: ChatMessageSent) => Promise<void> {
  const listeners = features.flatMap((feature) =>
    feature.onChatMessageSent ? [feature.onChatMessageSent(context)] : [],
  );
  return async (event) => {
    await Promise.all(
      listeners.map((listener) =>
        listener(event).catch((error: unknown) =>
          context.logger.warn({ err: error, chatId: event.chatId }, 'a listener of chat messages failed'),
        ),
      ),
    );
  };
}
