import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isAbility, type Ability } from '../../contracts/abilities.ts';
import { unauthorized } from './errors.ts';
import type { InFlight } from './in-flight.ts';

/**
 * How a route treats the session:
 * - `public`: no session needed and none used (health, docs, sign-in steps);
 * - `optional`: works for guests, richer with a session (app pages with guest access);
 * - `session`: a signed-in account is required, otherwise 401.
 */
export type AuthMode = 'public' | 'optional' | 'session';

/**
 * The ability a route needs. `public` and `authenticated` are checked here; `subject:ability` names
 * (contracts/abilities) are checked by the feature's policy on the loaded resource, and declared here so the
 * route snapshot shows every route's requirement in one place.
 */
export type RouteAbility = Ability;

type Schema = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
};

type Infer<T> = T extends z.ZodType ? z.output<T> : unknown;

export type RouteRequest<S extends Schema> = FastifyRequest<{
  Params: Infer<S['params']>;
  Querystring: Infer<S['querystring']>;
  Body: Infer<S['body']>;
  Headers: Infer<S['headers']>;
}>;

type ResponseOf<S extends Schema> = {
  [K in keyof S['response']]: Infer<S['response'][K]>;
}[keyof S['response']];

export type RouteDefinition<S extends Schema = Schema> = {
  method: HTTPMethods;
  url: string;
  auth: AuthMode;
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
  bodyLimit?: number;
  handler: (request: RouteRequest<S>, reply: FastifyReply) => Promise<ResponseOf<S> | undefined | void>;
};

export type RouteDeclaration = Pick<RouteDefinition, 'method' | 'url' | 'auth' | 'ability'> & {
  rateLimited: boolean;
};

export function defineRoute<S extends Schema>(definition: RouteDefinition<S>): RouteDefinition<S> {
  return definition;
}

const authModes: readonly AuthMode[] = ['public', 'optional', 'session'];

/** Refuses a definition without an auth mode or ability, so a forgotten declaration stops start-up. */
export function assertDeclared(definition: Partial<RouteDefinition>): asserts definition is RouteDefinition {
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
  if (!definition.schema?.response || Object.keys(definition.schema.response).length === 0) {
    throw new Error(`route ${where} declares no response schema (the response schema is the allow-list)`);
  }
}

export function registerRoutes(
  app: FastifyInstance,
  definitions: readonly RouteDefinition<never>[],
  inFlight: InFlight,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const raw of definitions) {
    const definition = raw as unknown as RouteDefinition;
    assertDeclared(definition);
    const declaration: RouteDeclaration = {
      method: definition.method,
      url: definition.url,
      auth: definition.auth,
      ability: definition.ability,
      rateLimited: Boolean(definition.rateLimit),
    };
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
      handler: (request, reply) =>
        inFlight.track(() =>
          (definition.handler as (r: unknown, p: unknown) => Promise<unknown>)(request, reply),
        ),
    };
    typed.route(options);
  }
}

async function enforceAuth(request: FastifyRequest, definition: RouteDefinition): Promise<void> {
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
  if (definition.ability === 'authenticated' && request.actor.kind !== 'account') {
    throw unauthorized();
  }
}
