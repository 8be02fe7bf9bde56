import { IconLayoutGrid } from '@tabler/icons-react';
import { redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { appQueryClient } from '../../kernel/app-query-client';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./projects-screens'));

async function prefetchProject(projectId: string): Promise<void> {
  const client = appQueryClient();
  if (client) {
    const { projectQuery } = await import('./projects-api');
    await client.prefetchQuery(projectQuery(projectId));
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
    // screens' code loads, so the layout can draw the screen as soon as that code is there.
    project: {
      path: 'projects/:projectId',
      handle: { access: 'signedIn' },
      loader: ({ params }) => {
        void prefetchProject(params.projectId ?? '');
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
