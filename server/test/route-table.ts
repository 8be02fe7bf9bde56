import { createECDH } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client.ts';
import type { AppRow, ProfileRow, ProjectRow } from '../features/workspace/public.ts';
import { createTenantBase } from '../features/workspace/workspace.fixture.ts';
import { randomToken } from '../platform/crypto.ts';
import { newId } from '../platform/ids.ts';
import type { RouteDeclaration } from '../platform/routes.ts';
import { features } from '../features.ts';
import type { TestServer } from './test-server.ts';

/*
 * What the suites that walk the whole route table share (tenant isolation, bad input, the route matrix): a
 * tenant with one record of every kind a path parameter can name, the filling of path parameters with its
 * ids, and request bodies derived from the OpenAPI schemas. Each feature adds its own records in
 * `features/<area>/<area>.fixture.ts` (found by name: a new feature adds the file, nothing here) and names its
 * path parameters in its manifest's `pathParams`. A route whose parameter nobody fills fails those suites on
 * purpose.
 */

/** Ids of the tenant's records by the names the manifests' `pathParams` use (projectId, folderId …). */
export type TenantIds = Record<string, string>;

export type TenantFixture = {
  ownerAccountId: string;
  projectId: string;
  appId: string;
  ids: TenantIds;
  /** The id a fixture named `key` (folderId …); a name no fixture gave fails the suite. */
  id(key: string): string;
  /** Private data of the tenant that no other tenant may ever see in an answer. */
  secrets: string[];
};

type Account = { id: string; email: string };

/** The tenant as the workspace creates it: an owner's project and app, a member, an invited person. */
export type TenantBase = {
  server: TestServer;
  db: Db;
  owner: Account;
  project: ProjectRow;
  app: AppRow;
  member: Account;
  memberProfile: ProfileRow;
  invited: Account;
};

/** A feature's rows in the tenant: the ids its path parameters need, and the texts no one else may see. */
export type TenantFixturePart = (tenant: TenantBase) => Promise<{ ids: TenantIds; secrets: string[] }>;

const featuresDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'features');

/** Every feature's `tenantFixture`, in the order of the manifest list (workspace first). */
async function fixtureParts(): Promise<{ area: string; part: TenantFixturePart }[]> {
  const parts: { area: string; part: TenantFixturePart }[] = [];
  for (const area of await readdir(featuresDir)) {
    const files = (await readdir(path.join(featuresDir, area))).filter((file) =>
      file.endsWith('.fixture.ts'),
    );
    for (const file of files) {
      const module = (await import(path.join(featuresDir, area, file))) as {
        tenantFixture?: TenantFixturePart;
      };
      if (!module.tenantFixture) {
        throw new Error(`features/${area}/${file} exports no tenantFixture`);
      }
      parts.push({ area, part: module.tenantFixture });
    }
  }
  const order = (area: string) => features.findIndex((feature) => feature.name === area);
  return parts.sort((a, b) => order(a.area) - order(b.area));
}

/** The workspace's tenant with every feature's records, owned by `owner` (a new account unless given). */
export async function createTenantFixture(server: TestServer, owner?: Account): Promise<TenantFixture> {
  const base = await createTenantBase(server, owner);
  const ids: TenantIds = {};
  const secrets: string[] = [];
  for (const { area, part } of await fixtureParts()) {
    const rows = await part(base);
    for (const [key, value] of Object.entries(rows.ids)) {
      if (ids[key] !== undefined) {
        throw new Error(
          `tenant fixture: ${area} names ${key}, which another feature's fixture already named`,
        );
      }
      ids[key] = value;
    }
    secrets.push(...rows.secrets);
  }
  return {
    ownerAccountId: base.owner.id,
    projectId: base.project.id,
    appId: base.app.id,
    ids,
    id(key) {
      const value = ids[key];
      if (value === undefined) {
        throw new Error(`tenant fixture: no feature's fixture names ${key}`);
      }
      return value;
    },
    secrets,
  };
}

/** Ids of the same kinds that belong to nobody. */
export const randomTenantIds = (like: TenantIds): TenantIds =>
  Object.fromEntries(Object.keys(like).map((key) => [key, newId()]));

/** Routes whose path parameter is itself a secret credential: holding it is the permission. */
export const credentialParams = new Set(['invitationToken', 'code', 'shareHash', 'feedToken']);

/** Every `/api` route of the table except the OpenAPI pages. */
export const apiRoutes = (server: TestServer): RouteDeclaration[] =>
  server.app.routeDeclarations.filter(
    (route) => !route.url.startsWith('/api/docs') && route.method !== ('HEAD' as string),
  );

export const paramNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

/** Path parameters that are not a record of the tenant: a credential, a service name, a variant … */
const fixedValues: Record<string, () => string> = {
  // Routes whose path parameter is itself a secret credential: holding it is the permission.
  credential: () => randomToken(),
  service: () => 'home',
  variant: () => 'original',
  uploadId: () => 'upload-of-tenant-a',
};

/**
 * Fills a path parameter from the features' manifests (`pathParams`: a name, or `resource/:id`), so a new
 * feature declares its parameters in its own folder. An unknown parameter fails the suites on purpose.
 */
function paramValue(url: string, name: string, ids: TenantIds): string {
  // `:id` after one segment (`tags/:id`), or after two where one is not enough (`communities/posts/:id`).
  const match = name === 'id' ? /(?:\/([a-z-]+))?\/([a-z-]+)\/:id(?:\/|$)/.exec(url) : null;
  const longKey = match?.[1] ? `${match[1]}/${match[2]}/:id` : undefined;
  const declares = (candidate: string | undefined) =>
    candidate !== undefined && features.some((feature) => feature.pathParams?.[candidate] !== undefined);
  const key = name !== 'id' ? name : declares(longKey) ? longKey! : `${match?.[2] ?? '?'}/:id`;
  const feature = features.find((candidate) => candidate.pathParams?.[key] !== undefined);
  const fixtureKey = feature?.pathParams?.[key];
  if (!fixtureKey) {
    throw new Error(
      `route table: no feature declares the path parameter ${key} of ${url} (manifest pathParams)`,
    );
  }
  const value = fixedValues[fixtureKey]?.() ?? ids[fixtureKey];
  if (!value) {
    throw new Error(
      `route table: ${feature.name} maps ${key} to ${fixtureKey}, which the tenant fixture lacks`,
    );
  }
  return value;
}

/** The route's address with the tenant's ids; `override` replaces single parameters (already URL-encoded). */
export function fillUrl(url: string, ids: TenantIds, override: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => override[name] ?? paramValue(url, name, ids));
}

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  default?: unknown;
};

type OpenApiParameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OpenApiOperation = {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApi = { paths: Record<string, Record<string, OpenApiOperation>> };

export async function openApiOf(server: TestServer): Promise<OpenApi> {
  return (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}

/** A route's request schemas as the OpenAPI document states them (JSON Schema converted from the zod contracts). */
export function requestSchemasOf(openApi: OpenApi, route: RouteDeclaration) {
  const operation = openApi.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
  const parameters = operation?.parameters ?? [];
  return {
    body: operation?.requestBody?.content?.['application/json']?.schema,
    query: parameters.filter((parameter) => parameter.in === 'query'),
  };
}

const samplePushKey = createECDH('prime256v1').generateKeys().toString('base64url');

/** A plausible value for a JSON schema: enough to pass validation in most routes, so later checks are reached. */
export function sampleOf(schema: JsonSchema | undefined, ids: Record<string, string>, key = ''): unknown {
  if (!schema) {
    return undefined;
  }
  if (schema.const !== undefined) {
    return schema.const;
  }
  if (schema.enum?.length) {
    return schema.enum[0];
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const nonNull = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return sampleOf(nonNull, ids, key);
  }
  switch (typeOf(schema) ?? '') {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        result[name] = sampleOf(schema.properties?.[name], ids, name);
      }
      return result;
    }
    case 'array':
      return schema.minItems ? [sampleOf(schema.items, ids, key)] : [];
    case 'string':
      if (schema.format === 'uuid') {
        return ids[key] ?? newId();
      }
      if (schema.format === 'email' || /mail/i.test(key)) {
        return 'fremd@beispiel.de';
      }
      if (key === 'p256dh') {
        // A browser's push key: a point on P-256 (the server checks that it is one).
        return samplePushKey;
      }
      if (key === 'auth') {
        return 'AAAAAAAAAAAAAAAAAAAAAA';
      }
      if (/^(href|url|endpoint)$|Url$/.test(key)) {
        // A link field (validation.href / validation.url): a web address passes both rules.
        return 'https://beispiel.de/seite';
      }
      if (schema.format === 'date-time') {
        return new Date(Date.now() + 86_400_000).toISOString();
      }
      if (key === 'timeZone') {
        return 'Europe/Berlin';
      }
      if (schema.pattern?.startsWith('^\\d{4}-\\d{2}-\\d{2}')) {
        // A local date or wall time (events): the fixture's weekly event has an occurrence then.
        return schema.pattern.includes('T') ? '2030-03-04T19:00:00' : '2030-03-04';
      }
      if (schema.pattern && /^\^\\d\{\d+\}\$$/.test(schema.pattern)) {
        // A code of n digits (`^\d{6}$`).
        return '1'.repeat(Number(/\d+/.exec(schema.pattern)![0]));
      }
      return 'Beispiel'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      // An event's length is one of the duration options (15-minute steps).
      return key === 'durationInSeconds' ? 3600 : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default:
      return schema.default;
  }
}

/** The schema's main type (`string` of `["string", "null"]`). */
export function typeOf(schema: JsonSchema | undefined): string | undefined {
  return Array.isArray(schema?.type) ? schema.type.find((type) => type !== 'null') : schema?.type;
}

/** A sample body of the route, or undefined when it takes none. */
export function sampleBodyOf(
  openApi: OpenApi,
  route: RouteDeclaration,
  ids: Record<string, string>,
): unknown {
  const schema = requestSchemasOf(openApi, route).body;
  return schema ? sampleOf(schema, ids) : undefined;
}

/** The route's required query parameters with sample values (`?type=photo`), or undefined when it has none. */
export function sampleQueryOf(
  openApi: OpenApi,
  route: RouteDeclaration,
  ids: Record<string, string>,
): Record<string, string | string[]> | undefined {
  const required = requestSchemasOf(openApi, route).query.filter((parameter) => parameter.required);
  if (required.length === 0) {
    return undefined;
  }
  return Object.fromEntries(
    required.map((parameter) => {
      const value = sampleOf(parameter.schema, ids, parameter.name);
      return [parameter.name, Array.isArray(value) ? value.map(String) : String(value)];
    }),
  );
}
