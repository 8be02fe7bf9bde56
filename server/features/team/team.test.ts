import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, projects, teamMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { newId } from '../../platform/ids.ts';
import { listOutbox } from '../../platform/mail/mail.repo.ts';
import { insertTestAccount, uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addTeamMember, createAppWithProfile } from '../../test/workspace.ts';
import { loadProjectAccess } from '../workspace/public.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const db = () => server.runtime.database.db;
const asAccount = (accountId: string): Actor => ({ kind: 'account', accountId, sessionId: null });

async function call(method: Method, url: string, accountId?: string, payload?: object) {
  const headers = accountId ? { authorization: (await server.tokenFor(accountId)).authorization } : {};
  return server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A fresh project owned by a fresh account, with an active team member and a pending invitation. */
async function projectWithTeam() {
  const owner = await insertTestAccount(server);
  const { project } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const active = await insertTestAccount(server);
  const activeRow = await addTeamMember(server, project, {
    email: active.email,
    accountId: active.account.id,
  });
  const pendingEmail = uniqueEmail('pending');
  const pendingRow = await addTeamMember(
    server,
    project,
    { email: pendingEmail, accountId: null },
    'pending',
  );
  return { owner, project, active, activeRow, pendingEmail, pendingRow };
}

/** Every team call with input that passes validation, so only access decides the answer. */
const projectCalls = (projectId: string, teamMemberId: string): [Method, string, object?][] => [
  ['GET', `/api/projects/${projectId}/teams`],
  ['POST', `/api/projects/${projectId}/teams`, { email: uniqueEmail() }],
  ['GET', `/api/projects/${projectId}/teams/settings`],
  ['PATCH', `/api/projects/${projectId}/teams/settings`, { canViewFiles: false }],
  ['PATCH', `/api/teams/${teamMemberId}`, { status: 'inactive' }],
  ['DELETE', `/api/teams/${teamMemberId}`],
];

describe(`team (${testDriver})`, () => {
  it('answers 401 without a session', async () => {
    const { project, activeRow } = await projectWithTeam();
    const calls: [Method, string, object?][] = [
      ...projectCalls(project.id, activeRow.id),
      ['GET', '/api/teams/invitations'],
      ['POST', `/api/teams/${activeRow.id}/accept`],
      ['POST', `/api/teams/${activeRow.id}/decline`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 404 to outsiders, owners of other projects, pending and inactive members, and unknown ids', async () => {
    const { project, activeRow, pendingRow } = await projectWithTeam();
    const other = await projectWithTeam();
    const outsider = await insertTestAccount(server);
    const pending = await insertTestAccount(server);
    await addTeamMember(server, project, { email: pending.email, accountId: pending.account.id }, 'pending');
    const paused = await insertTestAccount(server);
    await addTeamMember(server, project, { email: paused.email, accountId: paused.account.id }, 'inactive');
    const callers = [outsider.account.id, other.owner.account.id, pending.account.id, paused.account.id];
    for (const accountId of callers) {
      for (const [method, url, payload] of [
        ...projectCalls(project.id, activeRow.id),
        ...projectCalls(newId(), newId()),
      ]) {
        const response = await call(method, url, accountId, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
      }
    }
    // Nothing changed.
    const rows = await db().select().from(teamMembers).where(eq(teamMembers.projectId, project.id));
    expect(rows.map((row) => row.id)).toContain(pendingRow.id);
    expect(rows.find((row) => row.id === activeRow.id)?.status).toBe('active');
  });

  it('answers 403 to an active team member for what only the owner may do', async () => {
    const { project, active, pendingRow } = await projectWithTeam();
    const calls = projectCalls(project.id, pendingRow.id).filter(([method, url]) => {
      return !(method === 'GET' && url.endsWith('/teams'));
    });
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, active.account.id, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    // Seeing the team is allowed, without item abilities.
    const list = await call('GET', `/api/projects/${project.id}/teams`, active.account.id);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().data.every((row: { permissions: { can: string[] } }) => row.permissions.can.length === 0),
    ).toBe(true);
  });

  it('answers 400 to bad input', async () => {
    const { owner, project, activeRow } = await projectWithTeam();
    const id = owner.account.id;
    const cases: [Method, string, object | undefined, Record<string, string>][] = [
      [
        'POST',
        `/api/projects/${project.id}/teams`,
        { email: 'keine-adresse' },
        { email: 'validation.email' },
      ],
      ['POST', `/api/projects/${project.id}/teams`, {}, { email: 'validation.required' }],
      [
        'POST',
        `/api/projects/${project.id}/teams`,
        { email: uniqueEmail(), role: 'admin' },
        { role: 'validation.unknownField' },
      ],
      [
        'POST',
        `/api/projects/${project.id}/teams`,
        { email: owner.email.toUpperCase() },
        { email: 'validation.invalidValue' },
      ],
      ['PATCH', `/api/teams/${activeRow.id}`, { status: 'pending' }, { status: 'validation.invalidValue' }],
      [
        'PATCH',
        `/api/projects/${project.id}/teams/settings`,
        { canViewFiles: 'ja' },
        { canViewFiles: 'validation.invalidType' },
      ],
      [
        'PATCH',
        `/api/projects/${project.id}/teams/settings`,
        { canDeleteEverything: true },
        { canDeleteEverything: 'validation.unknownField' },
      ],
    ];
    for (const [method, url, payload, errors] of cases) {
      const response = await call(method, url, id, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors });
    }
    for (const url of ['/api/projects/nicht-uuid/teams', '/api/teams/nicht-uuid/accept']) {
      const method = url.endsWith('accept') ? 'POST' : 'GET';
      expect((await call(method, url, id)).statusCode, url).toBe(400);
    }
  });

  it('lists the team oldest first, with the owner apart and names from linked accounts', async () => {
    const { owner, project, active, activeRow, pendingEmail, pendingRow } = await projectWithTeam();
    const response = await call('GET', `/api/projects/${project.id}/teams`, owner.account.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          id: activeRow.id,
          email: active.email,
          firstName: 'Ben',
          lastName: 'Test',
          status: 'active',
          createdAt: activeRow.createdAt.toISOString(),
          permissions: { can: ['edit', 'delete'] },
        },
        {
          id: pendingRow.id,
          email: pendingEmail,
          firstName: '',
          lastName: '',
          status: 'pending',
          createdAt: pendingRow.createdAt.toISOString(),
          permissions: { can: ['delete'] },
        },
      ],
      meta: { page: 1, pages: 1, total: 2 },
      owner: { email: owner.email, firstName: 'Ben', lastName: 'Test' },
    });
    const second = await call('GET', `/api/projects/${project.id}/teams?limit=1&page=2`, owner.account.id);
    expect(second.json()).toMatchObject({
      data: [{ id: pendingRow.id }],
      meta: { page: 2, pages: 2, total: 2 },
    });
  });

  it('invites an address with an account: pending and linked, a contact, a mail; the invitee accepts', async () => {
    const { owner, project } = await projectWithTeam();
    const invitee = await insertTestAccount(server);
    const created = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, {
      email: invitee.email.toUpperCase(),
    });
    expect(created.statusCode).toBe(201);
    const member = created.json().data;
    expect(member).toMatchObject({
      email: invitee.email,
      firstName: 'Ben',
      lastName: 'Test',
      status: 'pending',
      permissions: { can: ['delete'] },
    });
    const [row] = await db().select().from(teamMembers).where(eq(teamMembers.id, member.id));
    expect(row).toMatchObject({ accountId: invitee.account.id, invitedByAccountId: owner.account.id });
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, project.id), eq(contacts.email, invitee.email)));
    expect(contact).toMatchObject({ source: 'team', accountId: invitee.account.id });
    const [mail] = await listOutbox(db(), { to: invitee.email, limit: 1 });
    expect(mail?.template).toBe('team-invitation');
    expect(mail?.text).toContain(`${server.config.publicBaseUrl}/projects?teamInvitation=${member.id}`);
    expect(mail?.text).toContain(project.name);
    expect(mail?.subject).toContain('Ben Test');

    // Already on the team (whatever the case of the address).
    const again = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, {
      email: invitee.email.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_MEMBER' });

    // Pending: no access yet; the invitation shows on the invitee's projects list.
    await expect(loadProjectAccess(db(), asAccount(invitee.account.id), project.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    const invitations = await call('GET', '/api/teams/invitations', invitee.account.id);
    expect(invitations.json()).toEqual({
      data: [
        {
          id: member.id,
          projectId: project.id,
          projectName: project.name,
          invitedBy: { firstName: 'Ben', lastName: 'Test' },
          createdAt: member.createdAt,
        },
      ],
      meta: { page: 1, pages: 1, total: 1 },
    });

    // Nobody else can accept or decline it, not even the owner.
    const stranger = await insertTestAccount(server);
    for (const accountId of [stranger.account.id, owner.account.id]) {
      expect((await call('POST', `/api/teams/${member.id}/accept`, accountId)).statusCode).toBe(404);
      expect((await call('POST', `/api/teams/${member.id}/decline`, accountId)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/teams/invitations', stranger.account.id)).json().data).toEqual([]);

    const accepted = await call('POST', `/api/teams/${member.id}/accept`, invitee.account.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ data: { id: member.id, projectId: project.id } });
    const access = await loadProjectAccess(db(), asAccount(invitee.account.id), project.id);
    expect(access).toMatchObject({ isOwner: false, isActiveTeamMember: true });
    expect(access.can).toEqual(expect.arrayContaining(['view', 'view_apps', 'apps', 'view_files']));
    expect(access.can).not.toContain('team');
    // Accepting twice: the invitation is used.
    expect((await call('POST', `/api/teams/${member.id}/accept`, invitee.account.id)).statusCode).toBe(404);
    expect((await call('GET', '/api/teams/invitations', invitee.account.id)).json().data).toEqual([]);
  });

  it('invites an address without an account; whoever signs up with it later can accept', async () => {
    const { owner, project } = await projectWithTeam();
    const email = uniqueEmail('neu');
    const created = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, { email });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.json().data).toMatchObject({ firstName: '', lastName: '', status: 'pending' });
    const [row] = await db().select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(row?.accountId).toBeNull();

    const later = await insertTestAccount(server, email);
    expect((await call('GET', '/api/teams/invitations', later.account.id)).json().data).toHaveLength(1);
    expect((await call('POST', `/api/teams/${id}/accept`, later.account.id)).statusCode).toBe(200);
    const [accepted] = await db().select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(accepted).toMatchObject({ status: 'active', accountId: later.account.id });
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.projectId, project.id), eq(contacts.email, email)));
    expect(contact?.accountId).toBe(later.account.id);
  });

  it('declining removes the invitation and frees its seat', async () => {
    const { owner, project } = await projectWithTeam();
    const invitee = await insertTestAccount(server);
    const created = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, {
      email: invitee.email,
    });
    const id = created.json().data.id as string;
    const declined = await call('POST', `/api/teams/${id}/decline`, invitee.account.id);
    expect(declined.statusCode).toBe(204);
    expect(await db().select().from(teamMembers).where(eq(teamMembers.id, id))).toEqual([]);
    expect((await call('POST', `/api/teams/${id}/accept`, invitee.account.id)).statusCode).toBe(404);
  });

  it('keeps to the tariff’s team quota: pending and active hold seats, inactive ones do not', async () => {
    const owner = await insertTestAccount(server);
    const { project } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    await db().update(projects).set({ tariffId: 'starter' }).where(eq(projects.id, project.id));
    const first = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, {
      email: uniqueEmail(),
    });
    expect(first.statusCode).toBe(201);
    const full = await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, {
      email: uniqueEmail(),
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'teamMembers', limit: 1, used: 1 },
    });
    // Withdrawing the invitation frees the seat.
    expect((await call('DELETE', `/api/teams/${first.json().data.id}`, owner.account.id)).statusCode).toBe(
      204,
    );
    const paused = await insertTestAccount(server);
    const pausedRow = await addTeamMember(
      server,
      project,
      { email: paused.email, accountId: paused.account.id },
      'inactive',
    );
    expect(
      (await call('POST', `/api/projects/${project.id}/teams`, owner.account.id, { email: uniqueEmail() }))
        .statusCode,
    ).toBe(201);
    // Resuming the paused member would take a second seat.
    const resumed = await call('PATCH', `/api/teams/${pausedRow.id}`, owner.account.id, { status: 'active' });
    expect(resumed.statusCode).toBe(409);
    expect(resumed.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('pauses, resumes and removes members; abilities follow at once', async () => {
    const { owner, project, active, activeRow, pendingRow } = await projectWithTeam();
    const actor = asAccount(active.account.id);
    const patch = (id: string, status: string) =>
      call('PATCH', `/api/teams/${id}`, owner.account.id, { status });

    const paused = await patch(activeRow.id, 'inactive');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data).toMatchObject({
      id: activeRow.id,
      status: 'inactive',
      permissions: { can: ['edit', 'delete'] },
    });
    await expect(loadProjectAccess(db(), actor, project.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await call('GET', `/api/projects/${project.id}/teams`, active.account.id)).statusCode).toBe(404);

    expect((await patch(activeRow.id, 'active')).json().data.status).toBe('active');
    expect((await loadProjectAccess(db(), actor, project.id)).can).toContain('view');
    // The same status again changes nothing.
    expect((await patch(activeRow.id, 'active')).statusCode).toBe(200);

    // A pending invitation cannot be made active by the owner.
    const pending = await patch(pendingRow.id, 'active');
    expect(pending.statusCode).toBe(400);
    expect(pending.json()).toMatchObject({ errors: { status: 'validation.invalidValue' } });

    expect((await call('DELETE', `/api/teams/${activeRow.id}`, owner.account.id)).statusCode).toBe(204);
    await expect(loadProjectAccess(db(), actor, project.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await call('DELETE', `/api/teams/${activeRow.id}`, owner.account.id)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${project.id}/teams`, owner.account.id)).json().meta.total).toBe(
      1,
    );
  });

  it('reads and changes the team settings, and active members gain or lose abilities', async () => {
    const { owner, project, active } = await projectWithTeam();
    const actor = asAccount(active.account.id);
    const url = `/api/projects/${project.id}/teams/settings`;
    const defaults = {
      canEditProject: false,
      canManageApps: true,
      canViewFiles: true,
      canManagePlans: false,
      canManagePaymentProviders: false,
    };
    expect((await call('GET', url, owner.account.id)).json()).toEqual({ data: defaults });
    expect((await loadProjectAccess(db(), actor, project.id)).can).toContain('view_files');

    const changed = await call('PATCH', url, owner.account.id, { canViewFiles: false, canEditProject: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ data: { ...defaults, canViewFiles: false, canEditProject: true } });
    const after = await loadProjectAccess(db(), actor, project.id);
    expect(after.can).not.toContain('view_files');
    expect(after.can).toContain('edit');
    // Only what was sent changes.
    const again = await call('PATCH', url, owner.account.id, { canManagePlans: true });
    expect(again.json().data).toEqual({
      ...defaults,
      canViewFiles: false,
      canEditProject: true,
      canManagePlans: true,
    });
    expect((await loadProjectAccess(db(), actor, project.id)).can).toContain('create_plan');
    expect((await call('GET', url, owner.account.id)).json().data.canManagePlans).toBe(true);
  });
});
