import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../contracts/errors.ts';
import { projects, type TeamSettings } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { RouteDeclaration } from '../../platform/routes.ts';
import { caller, uniqueEmail } from '../../test/identity.ts';
import {
  apiRoutes,
  createTenantFixture,
  credentialParams,
  fillUrl,
  openApiOf,
  paramNames,
  sampleBodyOf,
  sampleQueryOf,
  type OpenApi,
  type TenantFixture,
} from '../../test/route-table.ts';
import { createMatrixCallers, type MatrixCaller } from '../../test/route-matrix/callers.ts';
import { columnOfScope, columns } from '../../test/route-matrix/columns.ts';
import { holdingsOf, outcomeOf, type Host, type Role } from '../../test/route-matrix/expected.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/** Every feature's tenant rows (and, for the matrix, every role): more than the default hook time on a busy machine. */
const setUpTimeoutMs = 180_000;

/*
 * The route × role matrix (issue 12 point 1). Inside one tenant, every route of the route table is called by
 * every role (server/test/route-matrix/callers.ts) with a valid sample request, and the platform's answer is
 * compared with a hand-written expectation (server/test/route-matrix/expected.ts, columns.ts):
 *   - a role the declaration admits reaches the handler: the platform's `onAuthorized` hook sees the request;
 *   - any other role is refused before the handler with 401 (anonymous on session routes), 404 (the scope is
 *     invisible to it) or 403 (visible, ability missing).
 * The hook stops admitted requests right there (a 418), so no handler changes the fixture and every role
 * meets the same tenant. Routes added later are covered by themselves; a scope the expectations do not
 * know fails the suite with what to add. Cloud routes run on both hosts: the service host and an app
 * (header `x-app-id`).
 */

const halted = 418;
const concurrency = 8;
const routeLevelRoles: Role[] = ['guest', 'signed-in stranger', 'member', 'owner', 'admin as owner'];

type Call = { route: RouteDeclaration; role: Role; host: Host };

const subjectOf = (route: RouteDeclaration) => route.ability.split(':')[0]!;
const abilityNameOf = (route: RouteDeclaration) => route.ability.split(':')[1] ?? '';
const isRouteLevel = (route: RouteDeclaration) => !route.ability.includes(':');

/** Runs the calls `concurrency` at a time. */
async function runAll<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Fields that name a person to sign in, invite or change to get an address of their own per call, so the
 * per-address attempt limits count each call once.
 */
function withFreshAddresses(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return body;
  }
  const isAddress = (key: string) =>
    key === 'login' ||
    key === 'email' ||
    (key === 'value' && (body as { field?: unknown }).field === 'email');
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, isAddress(key) ? uniqueEmail() : value]),
  );
}

describe(`route × role matrix (${testDriver})`, () => {
  const reached = new Set<string>();
  let server: TestServer;
  let fixture: TenantFixture;
  let callers: Record<Role, MatrixCaller>;
  let openApi: OpenApi;
  let sequence = 0;

  beforeAll(async () => {
    server = await createTestServer({
      onAuthorized: (request: FastifyRequest) => {
        reached.add(request.id);
        // Admitted: stop before the handler so the fixture stays as it is for the next role.
        throw new AppError(halted, errorCodes.conflict);
      },
    });
    fixture = await createTenantFixture(server);
    callers = await createMatrixCallers(server, fixture);
    openApi = await openApiOf(server);
  }, setUpTimeoutMs);

  afterAll(async () => {
    await server?.close();
  });

  const routes = () =>
    apiRoutes(server).filter((route) => !paramNames(route.url).some((name) => credentialParams.has(name)));

  /** A body the route accepts, with the fixture's ids (bulk cloud calls name the owner's file). */
  function bodyOf(route: RouteDeclaration): unknown {
    const ids = { ...fixture.ids, targetFolderId: fixture.id('folderId') };
    const sample = withFreshAddresses(sampleBodyOf(openApi, route, ids));
    if (route.scope === 'cloud-items(body ids)' && sample && typeof sample === 'object') {
      const own = sample as Record<string, unknown>;
      return 'ids' in own
        ? { ...own, ids: [fixture.id('fileId')] }
        : { ...own, fileIds: [fixture.id('fileId')] };
    }
    return sample;
  }

  async function call({ route, role, host }: Call) {
    const who = callers[role];
    const requestId = `matrix-${++sequence}`;
    const payload = bodyOf(route);
    const query = sampleQueryOf(openApi, route, fixture.ids);
    const override: Record<string, string> =
      route.scope === 'member(:id)' ? { id: who.lookedAtProfileId } : {};
    const response = await caller(server).request({
      method: route.method,
      url: fillUrl(route.url, fixture.ids, override),
      headers: {
        'x-request-id': requestId,
        ...who.headers,
        ...(who.authorization ? { authorization: who.authorization } : {}),
        ...(host === 'app' ? { 'x-app-id': fixture.appId } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(query ? { query } : {}),
    });
    return { status: response.statusCode, reached: reached.has(requestId), body: response.body };
  }

  /** 'reach' or the refusal status the platform must answer this role on this route. */
  function expectationOf({ route, role, host }: Call): 'reach' | 401 | 403 | 404 {
    const anonymous = callers[role].authorization === undefined;
    if (anonymous && route.auth === 'session') {
      return 401;
    }
    if (isRouteLevel(route)) {
      return 'reach';
    }
    const outcome = outcomeOf(role, columnOfScope[route.scope]!, host);
    if (outcome === 'not-found') {
      return 404;
    }
    return outcome.includes(abilityNameOf(route)) ? 'reach' : 403;
  }

  async function check(calls: readonly Call[]): Promise<string[]> {
    const failures: string[] = [];
    await runAll(calls, async (entry) => {
      const expected = expectationOf(entry);
      const answer = await call(entry);
      const got = answer.reached ? 'reach' : answer.status;
      if (got !== expected) {
        const where = `${entry.role} → ${entry.route.method} ${entry.route.url}${entry.host === 'app' ? ' (app host)' : ''}`;
        const detail = answer.reached ? '' : ` ${answer.body.slice(0, 120)}`;
        failures.push(
          `${where} [${entry.route.scope} ${entry.route.ability}]: expected ${expected}, got ${got}${detail}`,
        );
      }
    });
    return failures.sort();
  }

  // Cloud routes, and routes whose scope reads the app from `x-app-id`, also run on an app host.
  const hostsOf = (route: RouteDeclaration): Host[] =>
    subjectOf(route) === 'cloud' || route.scope.includes('x-app-id') ? ['service', 'app'] : ['service'];

  /** Team members' rights are the project's: each team role is called while the project grants exactly them. */
  async function withTeamSettings<T>(settings: TeamSettings, run: () => Promise<T>): Promise<T> {
    const db = server.runtime.database.db;
    await db.update(projects).set({ teamSettings: settings }).where(eq(projects.id, fixture.projectId));
    try {
      return await run();
    } finally {
      await db.update(projects).set({ teamSettings: {} }).where(eq(projects.id, fixture.projectId));
    }
  }

  it('knows every scope of the route table', () => {
    const problems: string[] = [];
    for (const route of routes().filter((entry) => entry.scope !== '-')) {
      const column = columnOfScope[route.scope];
      if (!column) {
        problems.push(
          `${route.method} ${route.url}: scope "${route.scope}" has no expectation — add it to columnOfScope in server/test/route-matrix/columns.ts (a new kind of scope also needs a column there and every role's holdings in expected.ts)`,
        );
      } else if (columns[column] !== subjectOf(route)) {
        problems.push(
          `${route.method} ${route.url}: asks ${route.ability} but column "${column}" holds ${columns[column]} abilities — give scope "${route.scope}" a column for ${subjectOf(route)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it(
    'admits exactly the roles each declaration names, on every scoped route',
    { timeout: 600_000 },
    async () => {
      const scoped = routes().filter((route) => route.scope !== '-' && columnOfScope[route.scope]);
      const phases = new Map<string, { settings: TeamSettings; roles: Role[] }>();
      for (const role of Object.keys(holdingsOf) as Role[]) {
        const settings = holdingsOf[role].teamSettings ?? {};
        const key = JSON.stringify(settings);
        phases.set(key, { settings, roles: [...(phases.get(key)?.roles ?? []), role] });
      }
      const failures: string[] = [];
      for (const { settings, roles } of phases.values()) {
        const calls = scoped.flatMap((route) =>
          roles.flatMap((role) => hostsOf(route).map((host) => ({ route, role, host }))),
        );
        failures.push(...(await withTeamSettings(settings, () => check(calls))));
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'lets anyone reach public routes and every signed-in account reach authenticated ones',
    { timeout: 120_000 },
    async () => {
      const calls = routes()
        .filter(isRouteLevel)
        .flatMap((route) => routeLevelRoles.map((role): Call => ({ route, role, host: 'service' })));
      expect(await check(calls)).toEqual([]);
    },
  );

  it('has a scope on every route that asks a subject ability', () => {
    const unscoped = routes().filter((route) => !isRouteLevel(route) && route.scope === '-');
    expect(unscoped.map((route) => `${route.method} ${route.url} (${route.ability})`)).toEqual([]);
  });
});
