import { IconCalendarEvent } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./events-screens'));

/**
 * The events (issue 18): the list with its month and week views and the event page (the server decides what a
 * visitor sees), the editor beside them, and settings/events below the app settings' layout.
 */
export const eventsFeature: WebFeature = {
  name: 'events',
  routes: {
    app: [
      {
        path: 'events',
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).EventsListPage }) },
          {
            path: 'create',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).EventEditorPage }),
          },
          {
            path: ':eventSlug/edit',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).EventEditorPage }),
          },
          { path: ':eventSlug/view', lazy: async () => ({ Component: (await screens()).EventPage }) },
        ],
      },
    ],
    appSettings: [
      { path: 'events', lazy: async () => ({ Component: (await screens()).EventsSettingsPage }) },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'events.menu',
        icon: IconCalendarEvent,
        to: ({ app }) => `/${app.slug}/events`,
        shows: ({ app }) => app.services.events && app.permissions.can.includes('view_events'),
      },
    ],
  },
};
