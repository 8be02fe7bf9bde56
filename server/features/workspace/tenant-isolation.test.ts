import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import type { RouteDeclaration } from '../../platform/routes.ts';
import { insertCloudFile, insertCloudFolder } from '../../test/cloud.ts';
import { caller, insertTestAccount, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createInvitation } from '../../test/workspace.ts';
import { ensureContact } from '../contacts/contacts.repo.ts';

/*
 * The tenant-isolation suite (issue 4, DESIGN §5). It runs over the route table, so every route added later
 * is covered without touching this file — unless it has a path parameter this file cannot fill, which fails
 * the suite on purpose (add the parameter to `paramValue`).
 *
 * Tenant A is a project with an app, members, an invited person, a tag, a custom field, an invite link, a
 * team member, contacts, a task and an import. Every route is called with A's ids
 *   - as anonymous: session routes answer 401;
 *   - as the owner of another project (B): the answer is 401/403/404, or exactly what the same call answers
 *     for ids that do not exist (a 400 for a body both reject) — so nothing confirms that A's record exists;
 * and no answer to either caller contains A's private data (addresses, tokens, the project's name, the CSV).
 */

type Fixture = {
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
  secrets: string[];
};

/** Abilities every visitor of an app has (spec §6 guest view of an app). */
const publicAppAbilities = new Set<string>(['public', 'app:view']);

/** Routes whose path parameter is itself a secret credential: holding it is the permission. */
const credentialParams = new Set(['invitationToken', 'code']);

function paramValue(url: string, name: string, ids: Record<string, string>): string {
  if (credentialParams.has(name)) {
    return randomToken();
  }
  if (name === 'id') {
    const resource = /\/([a-z-]+)\/:id(?:\/|$)/.exec(url)?.[1];
    const byResource: Record<string, string | undefined> = {
      projects: ids.projectId,
      profiles: ids.profileId,
      tags: ids.tagId,
      'custom-fields': ids.customFieldId,
      invitations: ids.invitationLinkId,
      teams: ids.teamMemberId,
      contacts: ids.contactId,
      apps: ids.appId,
      files: ids.fileId,
      folders: ids.folderId,
      searches: ids.savedSearchId,
    };
    const value = resource ? byResource[resource] : undefined;
    if (!value) {
      throw new Error(`tenant-isolation: no fixture for :id of ${url}; add its resource to paramValue`);
    }
    return value;
  }
  const byName: Record<string, string | undefined> = {
    projectId: ids.projectId,
    appId: ids.appId,
    taskId: ids.taskId,
    profileId: ids.profileId,
    memberId: ids.profileId,
    tagId: ids.tagId,
    teamMemberId: ids.teamMemberId,
    customFieldId: ids.customFieldId,
    invitationId: ids.invitationLinkId,
    contactId: ids.contactId,
    service: 'home',
    folderId: ids.folderId,
    targetFolderId: ids.folderId,
    targetId: ids.folderId,
    fileId: ids.fileId,
    variant: 'original',
    uploadId: 'upload-of-tenant-a',
  };
  const value = byName[name];
  if (!value) {
    throw new Error(`tenant-isolation: no fixture for :${name} of ${url}; add it to paramValue`);
  }
  return value;
}

function fillUrl(url: string, ids: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_, name: string) => paramValue(url, name, ids));
}

type JsonSchema = {
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
  minItems?: number;
  default?: unknown;
};

/** A plausible body for a JSON schema: enough to pass validation in most routes, so the access check is reached. */
function sampleOf(schema: JsonSchema | undefined, ids: Record<string, string>, key = ''): unknown {
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
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? '') {
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
        return ids[`${key}`] ?? newId();
      }
      if (schema.format === 'email' || /mail/i.test(key)) {
        return 'fremd@beispiel.de';
      }
      if (schema.format === 'date-time') {
        return new Date(Date.now() + 86_400_000).toISOString();
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

describe(`tenant isolation over the route table (${testDriver})`, () => {
  let server: TestServer;
  let fixture: Fixture;
  let foreignToken = '';
  let openApi: {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };

  beforeAll(async () => {
    server = await createTestServer();
    const db = server.runtime.database.db;
    const owner = (await insertTestAccount(server)).account;
    const { project, app } = await createAppWithProfile(server, owner, {
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
      .values({
        id: newId(),
        projectId: project.id,
        appId: app.id,
        type: 'text',
        label: 'Feld A',
        position: 1,
      })
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
    for (const person of [owner, member, invited]) {
      await ensureContact(db, {
        projectId: project.id,
        email: person.email,
        accountId: person.id,
        source: 'signup',
      });
    }
    const [task] = await db
      .insert(tasks)
      .values({ id: newId(), projectId: project.id, appId: app.id, createdBy: owner.id, type: 'import' })
      .returning();
    const csvSecret = `geheim.${newId()}@beispiel.de`;
    await db.insert(memberImports).values({
      id: newId(),
      projectId: project.id,
      appId: app.id,
      taskId: task!.id,
      createdByAccountId: owner.id,
      csv: `email\n${csvSecret}\n`,
      errorReport: `line,email,field,error\n2,${csvSecret},email,validation.email\n`,
    });
    const [contact] = await db.select().from(contacts).where(eq(contacts.email, member.email.toLowerCase()));
    const cloudOwner = { projectId: project.id, ownerAccountId: owner.id };
    const folder = await insertCloudFolder(db, { ...cloudOwner, name: 'Geheimordner-A' });
    const file = await insertCloudFile(db, { ...cloudOwner, folderId: folder.id, name: 'Geheimdatei-A.pdf' });
    const [savedSearch] = await db
      .insert(cloudSavedSearches)
      .values({ id: newId(), projectId: project.id, accountId: owner.id, name: 'Geheimsuche-A', filters: {} })
      .returning();
    fixture = {
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
      secrets: [
        project.name,
        owner.email,
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

    // Tenant B: someone with a project and an app of their own.
    const foreign = await signUp(server);
    foreignToken = foreign.accessToken;
    await createAppWithProfile(server, { id: foreign.account.id }, { as: 'owner' });

    openApi = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  afterAll(async () => {
    await server.close();
  });

  const idsOf = (f: Fixture): Record<string, string> => ({
    projectId: f.projectId,
    appId: f.appId,
    profileId: f.profileId,
    tagId: f.tagId,
    customFieldId: f.customFieldId,
    invitationLinkId: f.invitationLinkId,
    teamMemberId: f.teamMemberId,
    contactId: f.contactId,
    taskId: f.taskId,
    folderId: f.folderId,
    fileId: f.fileId,
    savedSearchId: f.savedSearchId,
  });
  const randomIds = (): Record<string, string> =>
    Object.fromEntries(Object.keys(idsOf(fixture)).map((key) => [key, newId()]));

  const routes = (): RouteDeclaration[] =>
    server.app.routeDeclarations.filter(
      (route) => !route.url.startsWith('/api/docs') && route.method !== ('HEAD' as string),
    );

  const bodyFor = (route: RouteDeclaration, ids: Record<string, string>) => {
    const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const operation = openApi.paths[openApiPath]?.[route.method.toLowerCase()];
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    return schema ? sampleOf(schema, ids) : undefined;
  };

  const call = (route: RouteDeclaration, ids: Record<string, string>, token?: string) => {
    const payload = bodyFor(route, ids);
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
      fillUrl(route.url, idsOf(fixture));
    }
  });

  it('answers anonymous callers 401 on session routes and never shows them tenant data', async () => {
    const failures: string[] = [];
    for (const route of routes()) {
      const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
      if (params.some((name) => credentialParams.has(name))) {
        continue;
      }
      const response = await call(route, idsOf(fixture));
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
      const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
      if (params.some((name) => credentialParams.has(name))) {
        continue;
      }
      const response = await call(route, idsOf(fixture), foreignToken);
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
      const unknown = await call(route, randomIds(), foreignToken);
      if (unknown.statusCode !== response.statusCode || response.statusCode < 400) {
        failures.push(
          `${where}: for unknown ids ${unknown.statusCode} — tenant A's records are distinguishable`,
        );
      }
    }
    expect(failures).toEqual([]);
  });
});
