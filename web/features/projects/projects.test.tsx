import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { createRoutes } from '../../app/routes';
import { setAppQueryClient } from '../../kernel/app-query-client';
import { setLanguage } from '../../i18n/i18n';
import { markFirstSignIn } from '../../kernel/session/first-visit';
import { callsTo, json, signInForTest, stubFetch, testAccount, urlOf } from '../../test/fixtures';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { CreateProjectPage } from './create-project-page';
import { ProjectsPage } from './projects-page';
import { UsageBars } from './usage-bars';
import { page, testProject, testWorkspaceApp } from '../../test/workspace-fixtures';

const owned = testProject();
const archived = testProject({
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a02',
  name: 'Altes Projekt',
  isArchive: true,
});
const shared = testProject({
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a03',
  name: 'Fremdes Projekt',
  isOwner: false,
  permissions: { can: ['view', 'view_apps'] },
});
const noInvitations = () => json(200, page([]));

async function openMenuOf(projectId: string) {
  const card = await screen.findByTestId(`project-card-${projectId}`);
  fireEvent.click(within(card).getByTestId('project-card-menu'));
  return card;
}

describe('projects list', { timeout: 20_000 }, () => {
  it('lists the active projects and switches to the archived tab', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/projects': (_init, url) =>
        json(200, page(url.searchParams.get('isArchive') === 'true' ? [archived] : [owned, shared])),
      'GET /api/teams/invitations': noInvitations,
    });
    renderWithProviders(<ProjectsPage />, { path: '/projects' });

    const card = await screen.findByTestId(`project-card-${owned.id}`);
    expect(within(card).getByText('Akademie Nord')).toBeTruthy();
    expect(within(card).getByText('Starter')).toBeTruthy();
    expect(within(card).getByText('1 App')).toBeTruthy();
    expect(screen.getByTestId(`project-card-${shared.id}`).textContent).toContain('Teammitglied');
    expect(screen.queryByText('Altes Projekt')).toBeNull();

    fireEvent.click(screen.getByTestId('projects-tab-archived'));
    expect(await screen.findByText('Altes Projekt')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Akademie Nord')).toBeNull());
    const asked = fetchMock.mock.calls.map(([input]) => urlOf(input));
    expect(asked.some((url) => url.includes('isArchive=true'))).toBe(true);
  });

  it('shows an empty state with the create button when there is no project', async () => {
    signInForTest();
    stubFetch({
      'GET /api/projects': () => json(200, page([])),
      'GET /api/teams/invitations': noInvitations,
    });
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    expect(await screen.findByText('Noch keine Projekte')).toBeTruthy();
    expect(screen.getByText(/Willkommen zurück,/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Erstes Projekt erstellen' }).getAttribute('href')).toBe(
      '/projects/create',
    );
  });

  it('welcomes a brand-new account instead of welcoming it back, in both languages', async () => {
    signInForTest();
    markFirstSignIn(testAccount.id);
    stubFetch({
      'GET /api/projects': () => json(200, page([])),
      'GET /api/teams/invitations': noInvitations,
    });
    const view = renderWithProviders(<ProjectsPage />, { path: '/projects' });
    expect((await screen.findByTestId('projects-name')).parentElement?.textContent).toMatch(/^Willkommen, /);
    expect(screen.queryByText(/zurück/)).toBeNull();
    view.unmount();
    await setLanguage('en', { persist: false });
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    expect((await screen.findByTestId('projects-name')).parentElement?.textContent).toMatch(/^Welcome, /);
  });

  it('offers each project only the actions the caller may take', async () => {
    signInForTest();
    stubFetch({
      'GET /api/projects': (_init, url) =>
        json(200, page(url.searchParams.get('isArchive') === 'true' ? [archived] : [owned, shared])),
      'GET /api/teams/invitations': noInvitations,
    });
    renderWithProviders(<ProjectsPage />, { path: '/projects' });

    await openMenuOf(owned.id);
    expect(await screen.findByTestId('project-action-archive')).toBeTruthy();
    expect(screen.queryByTestId('project-action-leave')).toBeNull();
    expect(screen.queryByTestId('project-action-restore')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('project-action-archive')).toBeNull());

    await openMenuOf(shared.id);
    expect(await screen.findByTestId('project-action-leave')).toBeTruthy();
    expect(screen.queryByTestId('project-action-archive')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('project-action-leave')).toBeNull());

    fireEvent.click(screen.getByTestId('projects-tab-archived'));
    await openMenuOf(archived.id);
    expect(await screen.findByTestId('project-action-restore')).toBeTruthy();
    expect(screen.queryByTestId('project-action-archive')).toBeNull();
  });

  it('archives a project after confirming and refreshes the list', async () => {
    signInForTest();
    let isArchived = false;
    const fetchMock = stubFetch({
      'GET /api/projects': (_init, url) => {
        const archivedTab = url.searchParams.get('isArchive') === 'true';
        return json(200, page(archivedTab === isArchived ? [{ ...owned, isArchive: isArchived }] : []));
      },
      'GET /api/teams/invitations': noInvitations,
      [`PATCH /api/projects/${owned.id}/archive`]: () => {
        isArchived = true;
        return json(200, { data: { ...owned, isArchive: true } });
      },
    });
    renderWithProviders(<ProjectsPage />, { path: '/projects' });

    await openMenuOf(owned.id);
    fireEvent.click(await screen.findByTestId('project-action-archive'));
    expect(await screen.findByText('„Akademie Nord“ archivieren?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('project-confirm-confirm'));

    expect(await screen.findByText('Noch keine Projekte')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH /api/projects/${owned.id}/archive`)).toHaveLength(1);
  });

  it('marks the invitation of the mail link and opens the project once it is accepted', async () => {
    signInForTest();
    const invitationId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5c01';
    const fetchMock = stubFetch({
      'GET /api/projects': () => json(200, page([owned])),
      'GET /api/teams/invitations': () =>
        json(
          200,
          page([
            {
              id: invitationId,
              projectId: shared.id,
              projectName: shared.name,
              invitedBy: { firstName: 'Bernd', lastName: 'Muster' },
              createdAt: '2025-06-02T10:00:00.000Z',
            },
          ]),
        ),
      [`POST /api/teams/${invitationId}/accept`]: () =>
        json(200, { data: { id: invitationId, projectId: shared.id } }),
    });
    renderWithProviders(<ProjectsPage />, {
      path: '/projects',
      url: `/projects?teamInvitation=${invitationId}`,
      routes: [{ path: '/projects/:projectId', element: <p data-testid="opened-project">Projekt</p> }],
    });

    const row = await screen.findByTestId(`team-invitation-${invitationId}`);
    expect(row.getAttribute('data-highlighted')).toBe('true');
    expect(row.textContent).toContain('Bernd Muster hat Sie eingeladen');
    fireEvent.click(within(row).getByTestId('team-invitation-accept'));
    expect(await screen.findByTestId('opened-project')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/teams/${invitationId}/accept`)).toHaveLength(1);
  });

  it('explains an invitation link that is no longer open', async () => {
    signInForTest();
    stubFetch({
      'GET /api/projects': () => json(200, page([owned])),
      'GET /api/teams/invitations': noInvitations,
    });
    renderWithProviders(<ProjectsPage />, {
      path: '/projects',
      url: '/projects?teamInvitation=0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5c09',
    });
    expect(await screen.findByTestId('team-invitation-missing')).toBeTruthy();
  });
});

describe('create project', { timeout: 20_000 }, () => {
  it('validates the name before sending and opens the new project', async () => {
    signInForTest();
    const created = testProject({ id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a09', name: 'Neues Projekt' });
    const fetchMock = stubFetch({
      'POST /api/projects': () => json(201, { data: created }),
    });
    renderWithProviders(<CreateProjectPage />, {
      path: '/projects/create',
      routes: [{ path: '/projects/:projectId', element: <p data-testid="opened-project">Projekt</p> }],
    });

    fireEvent.click(await screen.findByTestId('create-project-submit'));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('create-project-name'), { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByTestId('create-project-submit'));
    expect(await screen.findByText(/höchstens 100 Zeichen/)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/projects')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('create-project-name'), { target: { value: '  Neues Projekt ' } });
    fireEvent.click(screen.getByTestId('create-project-submit'));
    expect(await screen.findByTestId('opened-project')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/projects')).toEqual([{ name: 'Neues Projekt' }]);
  });
});

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

  it('draws the projects list once the list is there, not a placeholder the list then replaces', async () => {
    signInForTest();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = stubFetch({
      'GET /api/projects': async () => {
        await answered;
        return json(200, page([owned]));
      },
      'GET /api/teams/invitations': noInvitations,
    });
    // The route loaders work with the app's query client, as in main.tsx.
    const queryClient = createQueryClient();
    setAppQueryClient(queryClient);
    try {
      renderRoutes(createRoutes('service'), { url: '/projects', queryClient });
      // Asked for by the route's loader: the page is not drawn while the answer is out.
      await waitFor(() => expect(callsTo(fetchMock, 'GET /api/projects')).toHaveLength(1));
      expect(screen.queryByTestId('projects-page')).toBeNull();
      answer();
      const list = await screen.findByTestId('projects-page');
      expect(within(list).getByText(owned.name)).toBeTruthy();
    } finally {
      setAppQueryClient(null);
    }
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
