import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../contracts/team';
import { createRoutes } from '../../app/routes';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page, testProject } from '../../test/workspace-fixtures';

const project = testProject();
const active: TeamMember = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5d01',
  email: 'bernd@beispiel.de',
  firstName: 'Bernd',
  lastName: 'Muster',
  status: 'active',
  createdAt: '2025-06-02T10:00:00.000Z',
  permissions: { can: ['edit', 'delete'] },
};
const pending: TeamMember = {
  ...active,
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5d02',
  email: 'carla@beispiel.de',
  firstName: '',
  lastName: '',
  status: 'pending',
  permissions: { can: ['delete'] },
};
const settings = {
  canEditProject: false,
  canManageApps: true,
  canViewFiles: true,
  canManagePlans: false,
  canManagePaymentProviders: false,
};

function stubTeam(extra: Parameters<typeof stubFetch>[0] = {}, current = project) {
  return stubFetch({
    [`GET /api/projects/${current.id}`]: () => json(200, { data: current }),
    [`GET /api/projects/${current.id}/usage`]: () => json(200, { data: current.usage }),
    [`GET /api/projects/${current.id}/teams`]: () =>
      json(200, {
        ...page([active, pending]),
        owner: { email: 'anna@beispiel.de', firstName: 'Anna', lastName: 'Beispiel' },
      }),
    [`GET /api/projects/${current.id}/teams/settings`]: () => json(200, { data: settings }),
    [`GET /api/projects/${current.id}/apps`]: () => json(200, page([])),
    'GET /api/projects': () => json(200, page([current])),
    ...extra,
  });
}

// These render the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('team screen', { timeout: 20_000 }, () => {
  it('lists the owner and the team with their status, and offers only what each row allows', async () => {
    signInForTest();
    stubTeam();
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/settings/team` });

    expect((await screen.findByTestId('team-owner')).textContent).toContain('Inhaber');
    const bernd = await screen.findByTestId('team-member-bernd@beispiel.de');
    expect(within(bernd).getByTestId('team-member-status').textContent).toBe('Aktiv');
    const carla = screen.getByTestId('team-member-carla@beispiel.de');
    expect(within(carla).getByTestId('team-member-status').textContent).toBe('Eingeladen');

    fireEvent.click(within(carla).getByTestId('team-member-menu'));
    expect(await screen.findByTestId('team-member-remove')).toBeTruthy();
    expect(screen.queryByTestId('team-member-pause')).toBeNull();
    expect(screen.getByTestId('team-seats').textContent).toBe('0 von 1 Plätzen belegt');
  });

  it('pauses an active member and removes one after confirming', async () => {
    signInForTest();
    const fetchMock = stubTeam({
      [`PATCH /api/teams/${active.id}`]: () => json(200, { data: { ...active, status: 'inactive' } }),
      [`DELETE /api/teams/${active.id}`]: () => new Response(null, { status: 204 }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/settings/team` });

    const bernd = await screen.findByTestId('team-member-bernd@beispiel.de');
    fireEvent.click(within(bernd).getByTestId('team-member-menu'));
    fireEvent.click(await screen.findByTestId('team-member-pause'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/teams/${active.id}`)).toEqual([{ status: 'inactive' }]),
    );

    fireEvent.click(within(bernd).getByTestId('team-member-menu'));
    fireEvent.click(await screen.findByTestId('team-member-remove'));
    fireEvent.click(await screen.findByTestId('team-remove-confirm-confirm'));
    await waitFor(() => expect(callsTo(fetchMock, `DELETE /api/teams/${active.id}`)).toHaveLength(1));
  });

  it('shows why an invitation was refused: the quota by name, an existing member at the field', async () => {
    signInForTest();
    let answer = 0;
    stubTeam({
      [`POST /api/projects/${project.id}/teams`]: () =>
        ++answer === 1
          ? json(409, {
              code: 'QUOTA_EXCEEDED',
              message: 'errors.QUOTA_EXCEEDED',
              details: { key: 'teamMembers', limit: 1, used: 1 },
            })
          : json(409, { code: 'ALREADY_MEMBER', message: 'errors.ALREADY_MEMBER' }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/settings/team` });

    fireEvent.change(await screen.findByTestId('team-invite-email'), {
      target: { value: 'dora@beispiel.de' },
    });
    fireEvent.click(screen.getByTestId('team-invite-submit'));
    expect((await screen.findByTestId('team-invite-error')).textContent).toContain(
      'Das Limit für „Teammitglieder“ ist erreicht: Ihr Tarif enthält 1.',
    );

    fireEvent.click(screen.getByTestId('team-invite-submit'));
    expect(
      await screen.findByText('Diese E-Mail-Adresse gehört bereits zum Team bzw. zu den Mitgliedern.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('team-invite-error')).toBeNull();
  });

  it('saves a team setting as soon as it is switched', async () => {
    signInForTest();
    const fetchMock = stubTeam({
      [`PATCH /api/projects/${project.id}/teams/settings`]: () =>
        json(200, { data: { ...settings, canEditProject: true } }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${project.id}/settings/team` });
    fireEvent.click(await screen.findByTestId('team-setting-canEditProject'));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/projects/${project.id}/teams/settings`)).toEqual([
        { canEditProject: true },
      ]),
    );
  });

  it('sends a team member without the team ability back to the project', async () => {
    signInForTest();
    const member = testProject({ isOwner: false, permissions: { can: ['view', 'view_apps'] } });
    stubTeam({}, member);
    const { router } = renderRoutes(createRoutes('service'), { url: `/projects/${member.id}/settings/team` });
    expect(await screen.findByTestId('project-dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${member.id}`);
  });
});
