import { eq } from 'drizzle-orm';
import {
  cloudSavedSearches,
  contacts,
  customFields,
  invitationLinks,
  memberImports,
  tags,
  tasks,
  teamMembers,
} from '../db/schema/index.ts';
import { ensureContact } from '../features/contacts/contacts.repo.ts';
import { randomToken } from '../platform/crypto.ts';
import { newId } from '../platform/ids.ts';
import type { RouteDeclaration } from '../platform/routes.ts';
import { features } from '../features.ts';
import { insertCloudFile, insertCloudFolder } from './cloud.ts';
import { insertTestAccount } from './identity.ts';
import type { TestServer } from './test-server.ts';
import { addProfile, createAppWithProfile, createInvitation } from './workspace.ts';

/*
 * What the suites that walk the whole route table share (tenant isolation, bad input): a tenant with one
 * record of every kind a path parameter can name, the filling of path parameters with its ids, and request
 * bodies derived from the OpenAPI schemas. A route with a path parameter this file cannot fill fails those
 * suites on purpose (add the parameter to `paramValue`).
 */

export type TenantIds = {
  projectId: string;
  appId: string;
  profileId: string;
  tagId: string;
  customFieldId: string;
  invitationLinkId: string;
  teamMemberId: string;
  contactId: string;
  taskId: string;
  folderId: string;
  fileId: string;
  savedSearchId: string;
};

export type TenantFixture = {
  ownerAccountId: string;
  ids: TenantIds;
  /** Private data of the tenant that no other tenant may ever see in an answer. */
  secrets: string[];
};

/**
 * A project with an app, members, an invited person, a tag, a custom field, an invite link, a team member,
 * contacts, a task and an import, a folder, a file and a saved search, owned by `owner` (a new account unless given).
 */
export async function createTenantFixture(
  server: TestServer,
  owner?: { id: string; email: string },
): Promise<TenantFixture> {
  const db = server.runtime.database.db;
  const ownerAccount = owner ?? (await insertTestAccount(server)).account;
  const { project, app } = await createAppWithProfile(server, ownerAccount, {
    as: 'owner',
    appName: 'Geheime App A',
  });
  const member = (await insertTestAccount(server)).account;
  const profile = await addProfile(server, app, member, 'member');
  const invited = (await insertTestAccount(server)).account;
  await addProfile(server, app, invited, 'invited');
  const invitation = await createInvitation(server, app, invited.email);
  const [tag] = await db
    .insert(tags)
    .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Geheimtag-A' })
    .returning();
  const [field] = await db
    .insert(customFields)
    .values({ id: newId(), projectId: project.id, appId: app.id, type: 'text', label: 'Feld A', position: 1 })
    .returning();
  const linkToken = randomToken();
  const [link] = await db
    .insert(invitationLinks)
    .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Link A', token: linkToken })
    .returning();
  const teamEmail = `team.a.${newId()}@beispiel.de`;
  const [teamMember] = await db
    .insert(teamMembers)
    .values({ id: newId(), projectId: project.id, email: teamEmail, status: 'pending' })
    .returning();
  for (const person of [ownerAccount, member, invited]) {
    await ensureContact(db, {
      projectId: project.id,
      email: person.email,
      accountId: person.id,
      source: 'signup',
    });
  }
  const [task] = await db
    .insert(tasks)
    .values({ id: newId(), projectId: project.id, appId: app.id, createdBy: ownerAccount.id, type: 'import' })
    .returning();
  const csvSecret = `geheim.${newId()}@beispiel.de`;
  await db.insert(memberImports).values({
    id: newId(),
    projectId: project.id,
    appId: app.id,
    taskId: task!.id,
    createdByAccountId: ownerAccount.id,
    csv: `email\n${csvSecret}\n`,
    errorReport: `line,email,field,error\n2,${csvSecret},email,validation.email\n`,
  });
  const [contact] = await db.select().from(contacts).where(eq(contacts.email, member.email.toLowerCase()));
  const cloudOwner = { projectId: project.id, ownerAccountId: ownerAccount.id };
  const folder = await insertCloudFolder(db, { ...cloudOwner, name: 'Geheimordner-A' });
  const file = await insertCloudFile(db, { ...cloudOwner, folderId: folder.id, name: 'Geheimdatei-A.pdf' });
  const [savedSearch] = await db
    .insert(cloudSavedSearches)
    .values({
      id: newId(),
      projectId: project.id,
      accountId: ownerAccount.id,
      name: 'Geheimsuche-A',
      filters: {},
    })
    .returning();
  return {
    ownerAccountId: ownerAccount.id,
    ids: {
      projectId: project.id,
      appId: app.id,
      profileId: profile.id,
      tagId: tag!.id,
      customFieldId: field!.id,
      invitationLinkId: link!.id,
      teamMemberId: teamMember!.id,
      contactId: contact!.id,
      taskId: task!.id,
      folderId: folder.id,
      fileId: file.id,
      savedSearchId: savedSearch!.id,
    },
    secrets: [
      project.name,
      ownerAccount.email,
      member.email,
      invited.email,
      teamEmail,
      csvSecret,
      invitation.token,
      linkToken,
      'Geheimtag-A',
      'Geheimordner-A',
      'Geheimdatei-A',
      'Geheimsuche-A',
    ],
  };
}

/** Ids of the same kinds that belong to nobody. */
export const randomTenantIds = (): TenantIds =>
  Object.fromEntries(
    [
      'projectId',
      'appId',
      'profileId',
      'tagId',
      'customFieldId',
      'invitationLinkId',
      'teamMemberId',
      'contactId',
      'taskId',
      'folderId',
      'fileId',
      'savedSearchId',
    ].map((key) => [key, newId()]),
  ) as TenantIds;

/** Routes whose path parameter is itself a secret credential: holding it is the permission. */
export const credentialParams = new Set(['invitationToken', 'code']);

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
  const resource = name === 'id' ? /\/([a-z-]+)\/:id(?:\/|$)/.exec(url)?.[1] : undefined;
  const key = name === 'id' ? `${resource ?? '?'}/:id` : name;
  const feature = features.find((candidate) => candidate.pathParams?.[key] !== undefined);
  const fixtureKey = feature?.pathParams?.[key];
  if (!fixtureKey) {
    throw new Error(`route table: no feature declares the path parameter ${key} of ${url} (manifest pathParams)`);
  }
  const value = fixedValues[fixtureKey]?.() ?? ids[fixtureKey as keyof TenantIds];
  if (!value) {
    throw new Error(`route table: ${feature.name} maps ${key} to ${fixtureKey}, which the tenant fixture lacks`);
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
      if (schema.format === 'date-time') {
        return new Date(Date.now() + 86_400_000).toISOString();
      }
      if (schema.pattern && /^\^\\d\{\d+\}\$$/.test(schema.pattern)) {
        // A code of n digits (`^\d{6}$`).
        return '1'.repeat(Number(/\d+/.exec(schema.pattern)![0]));
      }
      return 'Beispiel'.padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
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
