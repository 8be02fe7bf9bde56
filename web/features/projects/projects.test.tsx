import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { createRoutes } from '../../app/routes';
import { setAppQueryClient } from '../../kernel/app-query-client';
import { setLanguage } from '../../i18n/i18n';
import { markFirstSignIn } from '../../kernel/session/first-visit';
import { callsTo, json, signInForTest, stubFetch, testAccount, urlOf } from '../../test/fixtures';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { CreateProjectPage } from './create-project-page';
import { ProjectsPage } from './projects-page';
import { page, teamProject, testProject } from '../../test/workspace-fixtures';

const owned = testProject();
const archived = testProject({
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d5a02',
  name: 'Altes Projekt',
  isArchive: true,
});
const shared = teamProject;
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

// This renders the whole route tree (lazy chunks included), which takes a while on a busy machine.
describe('projects list route', { timeout: 20_000 }, () => {
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
});
