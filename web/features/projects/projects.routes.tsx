import { IconLayoutGrid } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { appQueryClient } from '../../kernel/app-query-client';
import { loadChunk } from '../../kernel/chunk';
import { settleSession } from '../../kernel/session/settle';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./projects-screens'));

/**
 * Runs a query's `ensureQueryData` before its screen draws: from the cache at once where the data is (with
 * `revalidateIfStale`, a stale answer is refreshed behind), else asked for, after the session is settled (this
 * loader runs beside the guard's), so that the request carries it. A failure stays in the query, for the
 * screen's own error state.
 */
async function ensureData(
  request: Request,
  ensure: (client: QueryClient) => Promise<unknown>,
): Promise<void> {
  const client = appQueryClient();
  if (client) {
    await settleSession(request);
    await ensure(client).catch(() => undefined);
  }
}

/** Spec §2 /projects (auth): the list, create, and the project layout that hosts one project's screens. */
export const projectsFeature: WebFeature = {
  name: 'projects',
  routes: {
    service: [
      {
        index: true,
        handle: { access: 'signedIn' },
        // Spec §2: the current project's view, else (and on failure) the projects list.
        loader: async () => redirect(await (await screens()).currentProjectPath()),
        // The loader always redirects; this only shows while it runs.
        element: <FullPageLoader fullScreen={false} />,
      },
      {
        path: 'projects',
        handle: { access: 'signedIn' },
        // Waits for the list, as the project layout waits for its project: a placeholder taller than a short list
        // would otherwise be replaced by it, pulling the footer into view (a layout shift on every cold load).
        loader: async ({ request }) => {
          await ensureData(request, async (client) => {
            const { projectListPosition, projectListQuery } = await import('./projects-api');
            const { archived, page } = projectListPosition(new URL(request.url).searchParams);
            return client.ensureQueryData({ ...projectListQuery(archived, page), revalidateIfStale: true });
          });
          return null;
        },
        lazy: async () => ({ Component: (await screens()).ProjectsPage }),
      },
      {
        path: 'projects/create',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).CreateProjectPage }),
      },
    ],
    project: [
      { index: true, lazy: async () => ({ Component: (await screens()).ProjectDashboardPage }) },
      { path: 'dashboard', lazy: async () => ({ Component: (await screens()).ProjectDashboardPage }) },
    ],
  },
  hosts: {
    // The project layout loads the project once for its screens. Its loader asks for the project while the
    // screens' code loads (the screens' own loaders ask for their data beside it), and waits for it: the layout's
    // first drawing is then the project's frame, not a loader that the frame replaces, pushing the footer out of
    // view (a layout shift on every cold load of a project's screen).
    project: {
      path: 'projects/:projectId',
      handle: { access: 'signedIn' },
      loader: async ({ params, request }) => {
        await ensureData(request, async (client) => {
          const { projectQuery } = await import('./projects-api');
          return client.ensureQueryData({ ...projectQuery(params.projectId ?? ''), revalidateIfStale: true });
        });
        return null;
      },
      lazy: async () => ({ Component: (await screens()).ProjectLayout }),
    },
  },
  menus: {
    serviceMain: [
      {
        label: 'common.nav.projects',
        icon: IconLayoutGrid,
        to: () => '/projects',
        end: true,
        shows: ({ signedIn }) => signedIn,
      },
    ],
  },
};
