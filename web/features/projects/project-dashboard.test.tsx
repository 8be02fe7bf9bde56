import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/routes';
import { setLanguage } from '../../i18n/i18n';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { UsageBars } from './usage-bars';
import { page, teamProject, testProject, testWorkspaceApp } from '../../test/workspace-fixtures';

const owned = testProject();
const shared = teamProject;
const noInvitations = () => json(200, page([]));

describe('usage bars', () => {
  it('shows -1 as unlimited and 0 as not included, in the order apps, contacts, domains, team members', () => {
    renderWithProviders(
      <UsageBars
        items={[
          { key: 'teamMembers', used: 2, limit: 0 },
          { key: 'domains', used: 0, limit: 0 },
          { key: 'contacts', used: 1234, limit: -1 },
          { key: 'apps', used: 3, limit: 3 },
        ]}
      />,
    );
    const rows = screen.getAllByTestId(/^usage-(apps|contacts|domains|teamMembers)$/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'usage-apps',
      'usage-contacts',
      'usage-domains',
      'usage-teamMembers',
    ]);
    // Unlimited is an empty track with the count, never a full bar.
    expect(screen.getByTestId('usage-contacts').textContent).toContain('1.234 genutzt · unbegrenzt');
    expect(
      within(screen.getByTestId('usage-contacts')).getByRole('progressbar').getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(screen.getByTestId('usage-domains').textContent).toContain('Nicht enthalten');
    expect(screen.getByTestId('usage-teamMembers').textContent).toContain('Nicht enthalten');
    expect(screen.getByTestId('usage-apps').textContent).toContain('3 von 3');
    expect(screen.getByTestId('usage-apps').getAttribute('data-state')).toBe('full');
    expect(screen.queryByTestId('usage-storage')).toBeNull();
  });

  it('adds the storage in bytes, in English too', async () => {
    await setLanguage('en', { persist: false });
    renderWithProviders(
      <UsageBars
        items={[{ key: 'apps', used: 1, limit: -1 }]}
        storage={{ usedBytes: 3 * 1024 * 1024, limitBytes: 10 * 1024 * 1024 * 1024 }}
      />,
    );
    expect(screen.getByTestId('usage-apps').textContent).toContain('1 used · unlimited');
    expect(screen.getByTestId('usage-storage').textContent).toContain('Storage');
    expect(screen.getByTestId('usage-storage').textContent).toContain('3 MB of 10 GB');
  });
});

// These render the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('project dashboard', { timeout: 20_000 }, () => {
  const apps = [testWorkspaceApp()];

  function stubProject(project = owned, extra: Parameters<typeof stubFetch>[0] = {}) {
    return stubFetch({
      [`GET /api/projects/${project.id}`]: () => json(200, { data: project }),
      [`GET /api/projects/${project.id}/usage`]: () => json(200, { data: project.usage }),
      [`GET /api/projects/${project.id}/cloud/storage`]: () =>
        json(200, {
          data: {
            scope: 'project',
            usedBytes: 2 * 1024 * 1024,
            limitBytes: 10 * 1024 * 1024 * 1024,
            filesCount: 3,
            byType: { image: 0, video: 0, audio: 0, other: 0 },
          },
        }),
      [`GET /api/projects/${project.id}/apps`]: (_init, url) =>
        json(200, page(url.searchParams.get('isArchive') === 'true' ? [] : apps)),
      'GET /api/projects': () => json(200, page([project])),
      ...extra,
    });
  }

  it('opens the current project from the empty path', async () => {
    signInForTest();
    stubProject(owned, { 'GET /api/projects/current': () => json(200, { id: owned.id }) });
    const { router } = renderRoutes(createRoutes('service'), { url: '/' });
    expect(await screen.findByTestId('project-dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/projects/${owned.id}`);
  });

  it('goes to the projects list from the empty path when there is no current project', async () => {
    signInForTest();
    stubFetch({
      'GET /api/projects/current': () => json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' }),
      'GET /api/projects': () => json(200, page([])),
      'GET /api/teams/invitations': noInvitations,
    });
    const { router } = renderRoutes(createRoutes('service'), { url: '/' });
    expect(await screen.findByTestId('projects-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/projects');
  });

  it('shows the apps with their address, the tariff and the usage', async () => {
    signInForTest();
    stubProject();
    renderRoutes(createRoutes('service'), { url: `/projects/${owned.id}/dashboard` });
    const card = await screen.findByTestId('app-card-yoga');
    expect(within(card).getByTestId('app-card-link').getAttribute('href')).toBe(
      'http://app.localhost:3000/yoga',
    );
    expect(screen.getByTestId('tariff-name').textContent).toBe('Starter');
    expect(screen.getByTestId('usage-domains').textContent).toContain('Nicht enthalten');
    expect((await screen.findByTestId('usage-storage')).textContent).toContain('2 MB von 10 GB');
    expect(screen.getByTestId('project-tab-dashboard').getAttribute('aria-current')).toBe('page');
  });

  it('opens an app from its card signed in, handing the session over with a stash code', async () => {
    signInForTest();
    const fetchMock = stubProject(owned, {
      'POST /api/stash': () => json(200, { code: 's'.repeat(43), expiresIn: 60 }),
    });
    const tab = { opener: {} as unknown, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderRoutes(createRoutes('service'), { url: `/projects/${owned.id}/dashboard` });
    const card = await screen.findByTestId('app-card-yoga');
    fireEvent.click(within(card).getByTestId('app-card-link'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(tab.location.href).toBe(`http://app.localhost:3000/yoga?code=${'s'.repeat(43)}`),
    );
    expect(tab.opener).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/stash')[0]).toMatchObject({ refreshToken: expect.any(String) });
  });

  it('names the limit when creating an app exceeds the tariff', async () => {
    signInForTest();
    const fetchMock = stubProject(owned, {
      [`POST /api/projects/${owned.id}/apps`]: () =>
        json(409, {
          code: 'QUOTA_EXCEEDED',
          message: 'errors.QUOTA_EXCEEDED',
          details: { key: 'apps', limit: 1, used: 1 },
        }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${owned.id}` });
    fireEvent.click(await screen.findByTestId('apps-create'));
    fireEvent.change(await screen.findByTestId('create-app-name'), { target: { value: 'Zweite App' } });
    expect(screen.getByTestId('create-app-preview').textContent).toContain('app.localhost:3000/zweite-app');
    fireEvent.click(screen.getByTestId('create-app-submit'));

    const alert = await screen.findByTestId('create-app-error');
    expect(alert.textContent).toContain('Das Limit für „Apps“ ist erreicht: Ihr Tarif enthält 1.');
    expect(callsTo(fetchMock, `POST /api/projects/${owned.id}/apps`)).toEqual([
      { name: 'Zweite App', language: 'de' },
    ]);
  });

  it('says a reserved address is reserved, and forgets it once the field changes', async () => {
    signInForTest();
    stubProject(owned, {
      [`POST /api/projects/${owned.id}/apps`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          errors: { slug: 'validation.slugReserved' },
        }),
    });
    renderRoutes(createRoutes('service'), { url: `/projects/${owned.id}` });
    fireEvent.click(await screen.findByTestId('apps-create'));
    fireEvent.change(await screen.findByTestId('create-app-name'), { target: { value: 'Admin' } });
    fireEvent.change(screen.getByTestId('create-app-slug'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByTestId('create-app-submit'));
    const reserved = 'Diese Adresse ist für das System reserviert. Bitte wählen Sie eine andere.';
    expect(await screen.findByText(reserved)).toBeTruthy();
    expect(screen.queryByText('Diese Adresse ist bereits vergeben.')).toBeNull();
    fireEvent.change(screen.getByTestId('create-app-slug'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText(reserved)).toBeNull());
  });

  it('hides creating and archiving apps without the project apps ability', async () => {
    signInForTest();
    stubProject(shared);
    renderRoutes(createRoutes('service'), { url: `/projects/${shared.id}` });
    const card = await screen.findByTestId('app-card-yoga');
    expect(screen.queryByTestId('apps-create')).toBeNull();
    fireEvent.click(within(card).getByTestId('app-card-menu'));
    expect(await screen.findByText('App öffnen')).toBeTruthy();
    expect(screen.queryByTestId('app-action-archive')).toBeNull();
  });
});
