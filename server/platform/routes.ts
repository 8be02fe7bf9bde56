import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isAbility, type Ability } from '../../contracts/abilities.ts';
import type { AttemptLimiter, LimitWindow } from './attempt-limiter.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { InFlight } from './in-flight.ts';

/**
 * How a route treats the session:
 * - `public`: no session needed and none used (health, docs, sign-in steps);
 * - `optional`: works for guests, richer with a session (app pages with guest access);
 * - `session`: a signed-in account is required, otherwise 401.
 */
export type AuthMode = 'public' | 'optional' | 'session';

/**
 * The ability a route needs: `public` (anyone), `authenticated` (any signed-in account) or a `subject:name`
 * ability (contracts/abilities) that the route's scope grants or refuses.
 */
export type RouteAbility = Ability;

/**
 * How the platform loads the caller's access for a route (DESIGN §6). Features define scopes (the project of
 * `:projectId`, the app of `:appId`, the tag of `:id` …) next to their policies; the platform runs them:
 *
 *   resolve   after validation, before the handler: loads what the caller may see, throws 401 / 404
 *   abilities what that access grants (`subject:name`); the route's declared ability must be among them (403)
 *
 * The handler receives the resolved access as `request.access`. Resource-specific rules that depend on the
 * request body (an owner lock, a target folder) stay in the feature's policy, called with that access.
 */
export type RouteScope<A> = {
  /** Shown in the route snapshot: `app(:appId)`, `tag(:id)` … */
  label: string;
  /** The ability subjects this scope can answer for (a route's ability must name one of them). */
  subjects: readonly string[];
  resolve(request: FastifyRequest): Promise<A>;
  abilities(access: A): readonly string[];
};

type Schema = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
};

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<S extends Schema, A = undefined> = FastifyRequest<{
  Params: Infer<S['params']>;
  Querystring: Infer<S['querystring']>;
  Body: Infer<S['body']>;
  Headers: Infer<S['headers']>;
}> & { access: A };

type ResponseOf<S extends Schema> = {
  [K in keyof S['response']]: Infer<S['response'][K]>;
}[keyof S['response']];

/**
 * Attempts counted per key before the handler runs (sign-in codes, passwords): several windows at once,
 * shared across instances through Redis. Declared here so the route snapshot shows every limited route.
 */
export type AttemptLimit = {
  bucket: string;
  keys: (request: FastifyRequest) => string[];
  windows?: LimitWindow[];
};

export type RouteDefinition<S extends Schema = Schema, A = undefined> = {
  method: HTTPMethods;
  url: string;
  auth: AuthMode;
  /** Required for every `subject:name` ability; absent for `public` and `authenticated` routes. */
  scope?: RouteScope<A>;
  ability: RouteAbility;
  summary: string;
  tags: string[];
  schema: S;
  /** Per-route rate limit: `max` requests per `timeWindow` per key (IP unless `keyGenerator` says otherwise). */
  rateLimit?: {
    max: number;
    timeWindow: string | number;
    keyGenerator?: (request: FastifyRequest) => string;
  };
  /** One limit, or several counted in order (an invitation counts per inviter and per invited address). */
  attempts?: AttemptLimit | readonly AttemptLimit[];
  bodyLimit?: number;
  handler: (request: RouteRequest<S, A>, reply: FastifyReply) => Promise<ResponseOf<S> | undefined | void>;
};

export type RouteDeclaration = {
  method: HTTPMethods;
  url: string;
  auth: AuthMode;
  ability: RouteAbility;
  /** The scope's label, or `-` for `public` / `authenticated` routes. */
  scope: string;
  /** `-`, or what limits the route: `rate 10/1 minute`, `attempts sign-in`. */
  limit: string;
};

export function defineRoute<S extends Schema, A = undefined>(
  definition: RouteDefinition<S, A>,
): RouteDefinition<S, A> {
  return definition;
}

const authModes: readonly AuthMode[] = ['public', 'optional', 'session'];

/**
 * Refuses a definition without an auth mode, a known ability, a scope that grants it, or a response schema,
 * so a forgotten declaration stops start-up instead of becoming an open route.
 */
export function assertDeclared(
  definition: Partial<RouteDefinition<Schema, unknown>>,
): asserts definition is RouteDefinition<Schema, unknown> {
  const where = `${String(definition.method)} ${String(definition.url)}`;
  if (!definition.auth || !authModes.includes(definition.auth)) {
    throw new Error(`route ${where} declares no auth mode (one of ${authModes.join(', ')})`);
  }
  if (!definition.ability || typeof definition.ability !== 'string') {
    throw new Error(`route ${where} declares no ability`);
  }
  if (!isAbility(definition.ability)) {
    throw new Error(
      `route ${where} declares an unknown ability "${String(definition.ability)}" (see contracts/abilities.ts)`,
    );
  }
  const subject = subjectOf(definition.ability);
  if (subject && !definition.scope) {
    throw new Error(`route ${where} declares ${definition.ability} without a scope that could grant it`);
  }
  if (subject && definition.scope && !definition.scope.subjects.includes(subject)) {
    throw new Error(
      `route ${where}: scope ${definition.scope.label} does not answer for "${subject}" abilities (${definition.ability})`,
    );
  }
  if (!subject && definition.scope) {
    throw new Error(`route ${where} is ${definition.ability} but declares scope ${definition.scope.label}`);
  }
  if (definition.ability === 'authenticated' && definition.auth !== 'session') {
    throw new Error(`route ${where} needs a signed-in account: declare auth 'session'`);
  }
  if (!definition.schema?.response || Object.keys(definition.schema.response).length === 0) {
    throw new Error(`route ${where} declares no response schema (the response schema is the allow-list)`);
  }
}

/** `app` of `app:view`; undefined for the route-level `public` and `authenticated`. */
function subjectOf(ability: Ability): string | undefined {
  const colon = ability.indexOf(':');
  return colon === -1 ? undefined : ability.slice(0, colon);
}

function attemptLimitsOf(definition: RouteDefinition<Schema, unknown>): readonly AttemptLimit[] {
  const { attempts } = definition;
  if (!attempts) {
    return [];
  }
  return 'bucket' in attempts ? [attempts] : attempts;
}

export function declarationOf(definition: RouteDefinition<Schema, unknown>): RouteDeclaration {
  const limits = [
    definition.rateLimit ? `rate ${definition.rateLimit.max}/${String(definition.rateLimit.timeWindow)}` : '',
    ...attemptLimitsOf(definition).map((limit) => `attempts ${limit.bucket}`),
  ].filter(Boolean);
  return {
    method: definition.method,
    url: definition.url,
    auth: definition.auth,
    ability: definition.ability,
    scope: definition.scope?.label ?? '-',
    limit: limits.length > 0 ? limits.join(', ') : '-',
  };
}

export type RoutePipeline = {
  inFlight: InFlight;
  limiter: AttemptLimiter;
  /** Tests only: told each time a request passed the declared checks and is about to reach its handler. */
  onAuthorized?: (request: FastifyRequest, declaration: RouteDeclaration) => void;
};

/** Any defined route, whatever its schema and access types (lists of routes mix them). */
export type DeclaredRoute = Pick<RouteDefinition, 'method' | 'url' | 'auth' | 'ability'>;

export function registerRoutes(
  app: FastifyInstance,
  definitions: readonly DeclaredRoute[],
  pipeline: RoutePipeline,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const raw of definitions) {
    const definition = raw as unknown as RouteDefinition<Schema, unknown>;
    assertDeclared(definition);
    const declaration = declarationOf(definition);
    const options: RouteOptions = {
      method: definition.method,
      url: definition.url,
      schema: { ...definition.schema, summary: definition.summary, tags: definition.tags },
      config: {
        declaration,
        ...(definition.rateLimit ? { rateLimit: definition.rateLimit } : { rateLimit: false }),
      },
      ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
      // onRequest: the session is checked before the body is parsed or validated, so guests get 401, not 400.
      onRequest: async (request) => enforceAuth(request, definition),
      // preHandler: after validation (ids are well-formed), before the handler: scope, ability, then attempts
      // (counted only for callers the route admits, so nobody without the right can use up someone's limit).
      preHandler: async (request) =>
        pipeline.inFlight.track(async () => {
          if (definition.scope) {
            const access = await definition.scope.resolve(request);
            if (!definition.scope.abilities(access).includes(definition.ability)) {
              throw forbidden();
            }
            (request as FastifyRequest & { access: unknown }).access = access;
          }
          for (const limit of attemptLimitsOf(definition)) {
            await pipeline.limiter.hit(limit.bucket, limit.keys(request), limit.windows);
          }
          pipeline.onAuthorized?.(request, declaration);
        }),
      handler: (request, reply) =>
        pipeline.inFlight.track(() =>
          (definition.handler as (r: unknown, p: unknown) => Promise<unknown>)(request, reply),
        ),
    };
    typed.route(options);
  }
}

async function enforceAuth(
  request: FastifyRequest,
  definition: RouteDefinition<Schema, unknown>,
): Promise<void> {
  if (definition.auth === 'public') {
    return;
  }
  // A presented but invalid or expired token is a 401 even where guests are welcome, so the client refreshes
  // instead of silently showing the guest view.
  if (request.actor.kind === 'invalid-token') {
    throw unauthorized();
  }
  if (definition.auth === 'session' && request.actor.kind !== 'account') {
    throw unauthorized();
  }
}
