import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDeclaration } from './routes.ts';
import { caller, signedInTestAccount } from '../test/identity.ts';
import {
  apiRoutes,
  createTenantFixture,
  fillUrl,
  openApiOf,
  paramNames,
  requestSchemasOf,
  sampleOf,
  typeOf,
  type JsonSchema,
  type OpenApi,
  type TenantFixture,
} from '../test/route-table.ts';
import { createTestServer, testDriver, type TestServer } from '../test/test-server.ts';

/*
 * Issue 12 point 10: bad input never becomes a 5xx. Every route of the route table — routes added later too —
 * gets input derived from its own OpenAPI schemas, sent by the signed-in owner of a real project with real
 * ids in the path, so each request passes the session check and meets validation:
 *   wrong types per body and query field, huge strings, NUL and lone UTF-16 surrogates in strings and keys,
 *   malformed and oddly shaped JSON, raw text bodies, bad path parameters, bad headers (app id, masquerade,
 *   tus upload metadata).
 * No answer may be a 5xx; text PostgreSQL cannot store must be refused as 400 INVALID_TEXT.
 */

type Variant = {
  name: string;
  url: string;
  payload?: string;
  headers?: Record<string, string>;
  /** The input holds text that cannot be stored, where the platform guard must see it. */
  unstorable?: boolean;
};

const nul = 'Na\u0000me';
const loneSurrogate = 'Na\uD800me';
const huge = 'x'.repeat(50_000);
const json = { 'content-type': 'application/json' };
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A value of another type than the schema's. */
const wrongTypes: Record<string, unknown> = {
  string: 12345,
  number: 'keine Zahl',
  integer: 'keine Zahl',
  boolean: 'vielleicht',
  array: 'kein Array',
  object: ['kein', 'Objekt'],
};
const wrongTypeFor = (schema: JsonSchema | undefined): unknown =>
  wrongTypes[typeOf(schema) ?? ''] ?? { unerwartet: true };

function bodyVariants(url: string, body: JsonSchema | undefined, ids: Record<string, string>): Variant[] {
  const raw = (name: string, payload: string, unstorable = false): Variant => ({
    name,
    url,
    payload,
    headers: json,
    unstorable,
  });
  const variants = [
    raw('malformed JSON', '{"name": "Anna", '),
    raw('JSON too deep', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    raw('a string instead of an object', '"Text"'),
    raw('null body', 'null'),
    raw('array body', '[1, 2, 3]'),
    {
      name: 'raw text body with NUL',
      url,
      payload: `email\n${nul}\n`,
      headers: { 'content-type': 'text/plain' },
      unstorable: true,
    },
  ];
  if (!body) {
    return variants;
  }
  const sample = (sampleOf(body, ids) ?? {}) as Record<string, unknown>;
  const properties = Object.entries(body.properties ?? {});
  const strings = properties.filter(([, schema]) => typeOf(schema) === 'string').map(([name]) => name);
  const withAll = (value: string) =>
    JSON.stringify({ ...sample, ...Object.fromEntries(strings.map((name) => [name, value])) });
  variants.push(raw('NUL in a key', JSON.stringify({ ...sample, [`feld${nul}`]: 'x' }), true));
  variants.push(
    raw('NUL in a nested string', JSON.stringify({ ...sample, verschachtelt: [{ text: nul }] }), true),
  );
  if (strings.length > 0) {
    variants.push(
      raw('NUL in every string field', withAll(nul), true),
      raw('lone surrogate in every string field', withAll(loneSurrogate), true),
    );
  }
  for (const [name, schema] of properties) {
    variants.push(raw(`wrong type for ${name}`, JSON.stringify({ ...sample, [name]: wrongTypeFor(schema) })));
    if (typeOf(schema) === 'string' || typeOf(schema?.items) === 'string') {
      const value = typeOf(schema) === 'string' ? huge : [huge];
      variants.push(raw(`huge ${name}`, JSON.stringify({ ...sample, [name]: value })));
    }
  }
  return variants;
}

function queryVariants(url: string, query: { name: string; schema?: JsonSchema }[]): Variant[] {
  const variants: Variant[] = [{ name: 'NUL in a query key', url: `${url}?feld%00=1`, unstorable: true }];
  if (query.length === 0) {
    return variants;
  }
  const keys = query.map(({ name }) => encodeURIComponent(name));
  const every = (value: (key: string) => string) => `${url}?${keys.map(value).join('&')}`;
  variants.push(
    { name: 'NUL in every query field', url: every((key) => `${key}=Na%00me`), unstorable: true },
    { name: 'huge query fields', url: every((key) => `${key}=${'x'.repeat(20_000)}`) },
    { name: 'repeated query fields', url: every((key) => `${key}=a&${key}=b&${key}[]=c`) },
    ...query.map(({ name, schema }) => ({
      name: `wrong type for query ${name}`,
      url: `${url}?${encodeURIComponent(name)}=${encodeURIComponent(String(wrongTypeFor(schema)))}`,
    })),
  );
  return variants;
}

function paramVariants(route: RouteDeclaration, fixture: TenantFixture): Variant[] {
  const bad: [string, string, boolean][] = [
    ['not an id', 'kein-uuid', false],
    ['NUL', 'a%00b', true],
    ['huge', 'x'.repeat(5000), false],
    ['invalid UTF-8', '%ED%A0%80', false],
  ];
  return paramNames(route.url).flatMap((param) =>
    bad.map(([name, value, unstorable]) => ({
      name: `${name} as :${param}`,
      url: fillUrl(route.url, fixture.ids, { [param]: value }),
      unstorable,
    })),
  );
}

function headerVariants(url: string, method: string): Variant[] {
  const variants: Variant[] = [
    {
      name: 'malformed app and masquerade headers',
      url,
      headers: { 'x-app-id': 'kein-uuid', 'x-masquerade-profile': 'x' },
    },
    { name: 'huge language header', url, headers: { 'accept-language': `de-${'x'.repeat(8000)}` } },
  ];
  if (method === 'POST') {
    const tus = { 'tus-resumable': '1.0.0', 'upload-length': '10' };
    variants.push(
      {
        name: 'tus metadata with NUL in the file name',
        url,
        headers: { ...tus, 'upload-metadata': `filename ${base64(nul)},filetype ${base64('text/plain')}` },
      },
      {
        name: 'tus metadata not base64',
        url,
        headers: { ...tus, 'upload-metadata': 'filename ***,filetype' },
      },
      {
        name: 'tus length out of range',
        url,
        headers: { ...tus, 'upload-length': '999999999999999999999999' },
      },
    );
  }
  return variants;
}

/** Routes that end the caller's session or delete what later routes need run last. */
const destructiveLast = (route: RouteDeclaration) =>
  (/account|session|sign-?out|logout/.test(route.url) ? 2 : 0) + (route.method === 'DELETE' ? 1 : 0);

describe(`bad input over the route table (${testDriver})`, () => {
  let server: TestServer;
  let fixture: TenantFixture;
  let openApi: OpenApi;
  let token = '';

  // Generous limits: the machines share two cores with other suites; alone, the walk takes well under a minute.
  beforeAll(async () => {
    server = await createTestServer();
    const owner = await signedInTestAccount(server);
    token = owner.token;
    fixture = await createTenantFixture(server, owner);
    openApi = await openApiOf(server);
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  const variantsOf = (route: RouteDeclaration): Variant[] => {
    const url = fillUrl(route.url, fixture.ids);
    const { body, query } = requestSchemasOf(openApi, route);
    return [
      ...(route.method === 'GET' ? [] : bodyVariants(url, body, fixture.ids)),
      ...queryVariants(url, query),
      ...paramVariants(route, fixture),
      ...headerVariants(url, route.method),
    ];
  };

  it('never answers bad input with a 5xx, and refuses unstorable text as 400 INVALID_TEXT', async () => {
    const failures: string[] = [];
    const untested: string[] = [];
    let sent = 0;
    const routes = apiRoutes(server).sort((a, b) => destructiveLast(a) - destructiveLast(b));
    for (const route of routes) {
      let reachedValidation = false;
      for (const variant of variantsOf(route)) {
        const where = `${route.method} ${route.url} (${variant.name})`;
        let response: LightMyRequestResponse;
        try {
          response = await caller(server).request({
            method: route.method,
            url: variant.url,
            token,
            headers: variant.headers ?? {},
            ...(variant.payload === undefined ? {} : { payload: variant.payload }),
          });
        } catch (error) {
          failures.push(`${where}: the request crashed: ${String(error)}`);
          continue;
        }
        sent += 1;
        const status = response.statusCode;
        // A feature switched off by configuration (the GIF service without an API key) answers 503 by design.
        const switchedOff = status === 503 && response.json<{ code: string }>().code === 'FEATURE_DISABLED';
        if (status >= 500 && !switchedOff) {
          failures.push(`${where} → ${status} ${response.body.slice(0, 200)}`);
        } else if (
          variant.unstorable &&
          !(status === 400 && response.json<{ code: string }>().code === 'INVALID_TEXT')
        ) {
          failures.push(`${where} → ${status}: expected 400 INVALID_TEXT`);
        }
        reachedValidation ||= status === 400;
      }
      if (!reachedValidation) {
        untested.push(`${route.method} ${route.url}`);
      }
    }
    expect(failures).toEqual([]);
    // Each route refused some bad input with 400: the owner got past the session check to validation.
    expect(untested).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 5);
  }, 600_000);
});
