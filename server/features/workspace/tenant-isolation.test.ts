import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDeclaration } from '../../platform/routes.ts';
import { caller, signUp } from '../../test/identity.ts';
import {
  apiRoutes,
  createTenantFixture,
  credentialParams,
  fillUrl,
  openApiOf,
  paramNames,
  randomTenantIds,
  sampleBodyOf,
  type OpenApi,
  type TenantFixture,
  type TenantIds,
} from '../../test/route-table.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

/** Every feature's tenant rows (and, for the matrix, every role): more than the default hook time on a busy machine. */
const setUpTimeoutMs = 180_000;

/*
 * The tenant-isolation suite (issue 4, DESIGN §5). It runs over the route table, so every route added later
 * is covered without touching this file — unless it has a path parameter `server/test/route-table.ts` cannot
 * fill, which fails the suite on purpose.
 *
 * Tenant A is a project with an app, members, an invited person, a tag, a custom field, an invite link, a
 * team member, contacts, a task and an import. Every route is called with A's ids
 *   - as anonymous: session routes answer 401;
 *   - as the owner of another project (B): the answer is 401/403/404, or exactly what the same call answers
 *     for ids that do not exist (a 400 for a body both reject) — so nothing confirms that A's record exists;
 * and no answer to either caller contains A's private data (addresses, tokens, the project's name, the CSV).
 */

/** Abilities every visitor of an app has (spec §6 guest view of an app). */
const publicAppAbilities = new Set<string>(['public', 'app:view']);

describe(`tenant isolation over the route table (${testDriver})`, () => {
  let server: TestServer;
  let fixture: TenantFixture;
  let foreignToken = '';
  let openApi: OpenApi;

  beforeAll(async () => {
    server = await createTestServer();
    fixture = await createTenantFixture(server);
    // Tenant B: someone with a project and an app of their own.
    const foreign = await signUp(server);
    foreignToken = foreign.accessToken;
    await createAppWithProfile(server, { id: foreign.account.id }, { as: 'owner' });
    openApi = await openApiOf(server);
  }, setUpTimeoutMs);

  afterAll(async () => {
    await server.close();
  });

  const routes = () => apiRoutes(server);

  const call = (route: RouteDeclaration, ids: TenantIds, token?: string) => {
    const payload = sampleBodyOf(openApi, route, ids);
    return caller(server).request({
      method: route.method,
      url: fillUrl(route.url, ids),
      ...(token ? { token } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  };

  const leaked = (body: string) => fixture.secrets.filter((secret) => body.includes(secret));

  it('covers every route that carries a tenant id', () => {
    // Fails for a parameter this suite cannot fill (see paramValue).
    const withParams = routes().filter((route) => route.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(0);
    for (const route of withParams) {
      fillUrl(route.url, fixture.ids);
    }
  });

  it('answers anonymous callers 401 on session routes and never shows them tenant data', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const params = paramNames(route.url);
      if (params.some((name) => credentialParams.has(name))) {
        continue;
      }
      const response = await call(route, fixture.ids);
      const where = `${route.method} ${route.url} → ${response.statusCode}`;
      if (route.auth === 'session' && response.statusCode !== 401) {
        failures.push(`${where}: expected 401`);
      }
      const leaks = leaked(response.body);
      if (leaks.length) {
        failures.push(`${where}: leaked ${leaks.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers another project's member as if tenant A's records did not exist", async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const params = paramNames(route.url);
      if (params.some((name) => credentialParams.has(name))) {
        continue;
      }
      const response = await call(route, fixture.ids, foreignToken);
      const where = `${route.method} ${route.url} → ${response.statusCode}`;
      const leaks = leaked(response.body);
      if (leaks.length) {
        failures.push(`${where}: leaked ${leaks.join(', ')}`);
      }
      if (params.length === 0) {
        continue;
      }
      if ([401, 403, 404].includes(response.statusCode)) {
        continue;
      }
      // An app's public face (its shell, switched-on services, profile fields) is what every visitor of the
      // app host sees; such routes may answer, as long as nothing private is in the answer (checked above).
      if (response.statusCode < 300 && (route.auth !== 'session' || publicAppAbilities.has(route.ability))) {
        continue;
      }
      const unknown = await call(route, randomTenantIds(fixture.ids), foreignToken);
      if (unknown.statusCode !== response.statusCode || response.statusCode < 400) {
        failures.push(
          `${where}: for unknown ids ${unknown.statusCode} — tenant A's records are distinguishable`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
