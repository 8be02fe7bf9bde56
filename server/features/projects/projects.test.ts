import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import { contacts, projects, teamMembers } from '../../db/schema/index.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addTeamMember, createAppIn, createProjectFor } from '../../test/workspace.ts';
import { tariffById } from './tariffs.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

/** An owner with a project, and a second account on its active team. */
async function projectWithTeam(options: { tariffId?: string; teamSettings?: object } = {}) {
  const owner = await signUp(server);
  const project = await createProjectFor(server, owner.account, { tariffId: options.tariffId });
  if (options.teamSettings) {
    await server.runtime.database.db
      .update(projects)
      .set({ teamSettings: options.teamSettings })
      .where(eq(projects.id, project.id));
  }
  const teammate = await signUp(server);
  await addTeamMember(server, project, { email: teammate.email, accountId: teammate.account.id });
  return { owner, project, teammate };
}

describe(`projects (${testDriver})`, () => {
  it('answers 401 to every call without a session', async () => {
    const { project } = await projectWithTeam();
    for (const [method, url] of [
      ['GET', '/projects'],
      ['POST', '/projects'],
      ['GET', `/projects/${project.id}`],
      ['PATCH', `/projects/${project.id}`],
      ['PATCH', `/projects/${project.id}/archive`],
      ['PATCH', `/projects/${project.id}/restore`],
      ['DELETE', `/projects/${project.id}/leave`],
      ['GET', `/projects/${project.id}/usage`],
      ['GET', `/projects/${project.id}/options`],
      ['GET', '/tariffs'],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 for another tenant’s project and 400 for a malformed id', async () => {
    const { project } = await projectWithTeam();
    const stranger = await signUp(server);
    for (const [method, url] of [
      ['GET', `/projects/${project.id}`],
      ['PATCH', `/projects/${project.id}`],
      ['PATCH', `/projects/${project.id}/archive`],
      ['PATCH', `/projects/${project.id}/restore`],
      ['DELETE', `/projects/${project.id}/leave`],
      ['GET', `/projects/${project.id}/usage`],
      ['GET', `/projects/${project.id}/options`],
    ] as const) {
      const response = await call(method, url, stranger.accessToken, method === 'PATCH' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    }
    expect((await call('GET', '/projects/not-a-uuid', stranger.accessToken)).statusCode).toBe(400);
    expect((await call('GET', '/projects/not-a-uuid/usage', stranger.accessToken)).statusCode).toBe(400);
  });

  it('creates a project on the default tariff with the owner as its first contact', async () => {
    const anna = await signUp(server);
    const bad = await call('POST', '/projects', anna.accessToken, { name: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: 'validation.required',
      extra: 'validation.unknownField',
    });

    const created = await call('POST', '/projects', anna.accessToken, { name: '  Akademie Nord  ' });
    expect(created.statusCode).toBe(201);
    const project = created.json().data;
    expect(project).toMatchObject({
      name: 'Akademie Nord',
      isArchive: false,
      isOwner: true,
      tariff: tariffById(server.config.defaultTariffId),
      appsCount: 0,
      permissions: { can: [...abilitiesBySubject.project] },
    });
    expect(project.usage.find((item: { key: string }) => item.key === 'contacts').used).toBe(1);
    const [contact] = await server.runtime.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.projectId, project.id));
    expect(contact).toMatchObject({ accountId: anna.account.id, email: anna.email, source: 'owner' });
    expect((await call('GET', `/projects/${project.id}`, anna.accessToken)).json().data).toEqual(project);
  });

  it('lists owned projects and those of the active team, with the archive as its own tab', async () => {
    const { owner, project, teammate } = await projectWithTeam();
    const ownOther = await createProjectFor(server, teammate.account);
    const archived = await createProjectFor(server, teammate.account, { isArchive: true });
    // A pending or inactive seat does not show the project; someone else's project never shows.
    const pendingElsewhere = await createProjectFor(server, owner.account);
    await addTeamMember(server, pendingElsewhere, { email: teammate.email, accountId: null }, 'pending');
    const inactiveElsewhere = await createProjectFor(server, owner.account);
    await addTeamMember(
      server,
      inactiveElsewhere,
      { email: teammate.email, accountId: teammate.account.id },
      'inactive',
    );

    const active = await call('GET', '/projects', teammate.accessToken);
    expect(active.statusCode).toBe(200);
    const body = active.json();
    expect(body.meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(body.data.map((item: { id: string }) => item.id).sort()).toEqual([project.id, ownOther.id].sort());
    const asTeam = body.data.find((item: { id: string }) => item.id === project.id);
    expect(asTeam).toMatchObject({
      isOwner: false,
      permissions: { can: ['view', 'view_apps', 'apps', 'view_files'] },
    });
    expect(asTeam.usage.map((item: { key: string }) => item.key)).toEqual([
      'apps',
      'contacts',
      'domains',
      'teamMembers',
    ]);

    const archive = (await call('GET', '/projects?isArchive=true', teammate.accessToken)).json();
    expect(archive.data.map((item: { id: string }) => item.id)).toEqual([archived.id]);
    expect((await call('GET', '/projects?isArchive=maybe', teammate.accessToken)).statusCode).toBe(400);
    expect((await call('GET', '/projects?page=0', teammate.accessToken)).statusCode).toBe(400);
    const later = (await call('GET', '/projects?page=2', teammate.accessToken)).json();
    expect(later).toEqual({ data: [], meta: { page: 2, pages: 1, total: 2 } });
  });

  it('renames with project edit: 403 for a team without it, allowed when the team settings grant it', async () => {
    const { owner, project, teammate } = await projectWithTeam();
    const refused = await call('PATCH', `/projects/${project.id}`, teammate.accessToken, { name: 'Neu' });
    expect(refused.statusCode).toBe(403);
    const bad = await call('PATCH', `/projects/${project.id}`, owner.accessToken, { name: 'x'.repeat(101) });
    expect(bad.json().errors).toEqual({ name: 'validation.validateMaxLength' });
    const renamed = await call('PATCH', `/projects/${project.id}`, owner.accessToken, { name: 'Neu' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Neu');

    const editing = await projectWithTeam({ teamSettings: { canEditProject: true } });
    const byTeam = await call('PATCH', `/projects/${editing.project.id}`, editing.teammate.accessToken, {
      name: 'Vom Team',
    });
    expect(byTeam.statusCode).toBe(200);
    expect(byTeam.json().data).toMatchObject({ name: 'Vom Team', isOwner: false });
  });

  it('archives and restores (owner only), moving the project between the lists', async () => {
    const { owner, project, teammate } = await projectWithTeam({ teamSettings: { canEditProject: true } });
    expect((await call('PATCH', `/projects/${project.id}/archive`, teammate.accessToken)).statusCode).toBe(
      403,
    );

    const archived = await call('PATCH', `/projects/${project.id}/archive`, owner.accessToken);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ id: project.id, isArchive: true });
    const ids = async (query: string) =>
      (await call('GET', `/projects${query}`, owner.accessToken))
        .json<{ data: { id: string }[] }>()
        .data.map((item) => item.id);
    expect(await ids('')).not.toContain(project.id);
    expect(await ids('?isArchive=true')).toContain(project.id);
    // Archiving again changes nothing.
    expect(
      (await call('PATCH', `/projects/${project.id}/archive`, owner.accessToken)).json().data.isArchive,
    ).toBe(true);

    expect((await call('PATCH', `/projects/${project.id}/restore`, teammate.accessToken)).statusCode).toBe(
      403,
    );
    const restored = await call('PATCH', `/projects/${project.id}/restore`, owner.accessToken);
    expect(restored.json().data.isArchive).toBe(false);
    expect(await ids('')).toContain(project.id);
  });

  it('lets active and pending team members leave, never the owner', async () => {
    const { owner, project, teammate } = await projectWithTeam();
    const left = await call('DELETE', `/projects/${project.id}/leave`, teammate.accessToken);
    expect(left.statusCode).toBe(204);
    expect((await call('GET', `/projects/${project.id}`, teammate.accessToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/${project.id}/leave`, teammate.accessToken)).statusCode).toBe(
      404,
    );

    const invited = await signUp(server);
    await addTeamMember(server, project, { email: invited.email.toUpperCase(), accountId: null }, 'pending');
    expect((await call('DELETE', `/projects/${project.id}/leave`, invited.accessToken)).statusCode).toBe(204);
    const seats = await server.runtime.database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.projectId, project.id)));
    expect(seats).toEqual([]);

    const ownerLeaves = await call('DELETE', `/projects/${project.id}/leave`, owner.accessToken);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().code).toBe('OWNER_LOCKED');
  });

  it('reports usage against the tariff in the dashboard’s order', async () => {
    const { owner, project, teammate } = await projectWithTeam({ tariffId: 'starter' });
    await createAppIn(server, project);
    await createAppIn(server, project, { isArchive: true });
    const usage = await call('GET', `/projects/${project.id}/usage`, teammate.accessToken);
    expect(usage.statusCode).toBe(200);
    expect(usage.json()).toEqual({
      data: [
        { key: 'apps', used: 1, limit: 1 },
        { key: 'contacts', used: 0, limit: 500 },
        { key: 'domains', used: 0, limit: 0 },
        { key: 'teamMembers', used: 1, limit: 1 },
      ],
    });
    const detail = (await call('GET', `/projects/${project.id}`, owner.accessToken)).json().data;
    expect(detail.usage).toEqual(usage.json().data);
    expect(detail.appsCount).toBe(1);
  });

  it('answers the project’s options from its tariff and team settings', async () => {
    const { project, teammate } = await projectWithTeam({
      tariffId: 'starter',
      teamSettings: { canViewFiles: false },
    });
    const options = await call('GET', `/projects/${project.id}/options`, teammate.accessToken);
    expect(options.json()).toEqual({
      data: {
        discovery: false,
        smtp: false,
        teamSettings: {
          canEditProject: false,
          canManageApps: true,
          canViewFiles: false,
          canManagePlans: false,
          canManagePaymentProviders: false,
        },
      },
    });
  });

  it('lists the tariffs with the current one only for a project the caller can see', async () => {
    const { project, teammate } = await projectWithTeam({ tariffId: 'pro' });
    const stranger = await signUp(server);
    const all = await call('GET', '/tariffs', stranger.accessToken);
    expect(all.json().data.map((tariff: { id: string }) => tariff.id)).toEqual([
      'starter',
      'pro',
      'business',
    ]);
    expect(all.json().currentTariffId).toBeNull();
    expect(
      (await call('GET', `/tariffs?projectId=${project.id}`, teammate.accessToken)).json().currentTariffId,
    ).toBe('pro');
    expect(
      (await call('GET', `/tariffs?projectId=${project.id}`, stranger.accessToken)).json().currentTariffId,
    ).toBeNull();
    expect((await call('GET', '/tariffs?projectId=nope', stranger.accessToken)).statusCode).toBe(400);
  });
});
