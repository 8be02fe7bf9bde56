import { IconSchool } from '@tabler/icons-react';
import { isBuiltAppService } from '../../../contracts/app-services';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./courses-screens'));

/**
 * The courses (issue 19): the catalogue, the course page with its modules and lessons (the server decides what
 * is open to whom), the lesson page with its player, and the lesson editor.
 */
export const coursesFeature: WebFeature = {
  name: 'courses',
  routes: {
    // The service host's courses dashboard (ROUTE-57).
    project: [{ path: 'courses', lazy: async () => ({ Component: (await screens()).CourseDashboardPage }) }],
    app: [
      {
        path: 'courses',
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).CataloguePage }) },
          { path: 'c/:courseSlug', lazy: async () => ({ Component: (await screens()).CoursePage }) },
          { path: 'l/:lessonSlug', lazy: async () => ({ Component: (await screens()).LessonPage }) },
          {
            path: 'l/:lessonSlug/edit',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).LessonEditorPage }),
          },
        ],
      },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'courses.menu',
        icon: IconSchool,
        to: ({ app }) => `/${app.slug}/courses`,
        // Members and the app's managers see the courses (guests only where the service opens to them: the
        // catalogue then answers; the menu stays with those who always see it).
        shows: ({ app, signedIn }) =>
          isBuiltAppService('courses') &&
          app.services.courses &&
          (app.permissions.can.includes('create_course') ||
            (signedIn && app.permissions.can.includes('view_profiles'))),
      },
    ],
  },
};
