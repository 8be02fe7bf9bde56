import { IconLifebuoy } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import { appCan } from '../../kernel/current-app';
import type { WebFeature } from '../../kernel/web-feature';
import { SupportWidgetLauncher } from './support-widget-launcher';

const screens = () => loadChunk(() => import('./tickets-screens'));

/**
 * Support tickets (issue 20): the service host's support screens below a project (ROUTE-48..51), the member's
 * requests on the app host and the app's support settings. Every screen needs a session.
 */
export const ticketsFeature: WebFeature = {
  name: 'tickets',
  routes: {
    project: [
      { path: 'support', lazy: async () => ({ Component: (await screens()).SupportIndexPage }) },
      { path: 'support/a/:appId', lazy: async () => ({ Component: (await screens()).SupportListPage }) },
      {
        path: 'support/ticket/:ticketId',
        lazy: async () => ({ Component: (await screens()).SupportTicketPage }),
      },
      {
        path: 'support/ticket/:ticketId/:memberId',
        lazy: async () => ({ Component: (await screens()).SupportTicketPage }),
      },
    ],
    app: [
      {
        path: 'requests',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).MyRequestsPage }),
      },
      {
        path: 'requests/new',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).NewRequestPage }),
      },
      {
        path: 'requests/:ticketId',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).RequestPage }),
      },
    ],
    appSettings: [
      { path: 'support', lazy: async () => ({ Component: (await screens()).SupportSettingsPage }) },
      // A ticket of the moderation inbox's ticket tab, worked without leaving the app.
      {
        path: 'moderation/tickets/:ticketId',
        lazy: async () => ({ Component: (await screens()).AppTicketPage }),
      },
    ],
  },
  // The floating "Hilfe & Support" button on the app's pages: only the button itself loads with the manifest.
  overlays: { app: [SupportWidgetLauncher] },
  menus: {
    appMain: [
      {
        label: 'tickets.menu.requests',
        icon: IconLifebuoy,
        to: ({ app }) => `/${app.slug}/requests`,
        // Members with a profile who may open requests (not the team, who works them on the service host).
        shows: ({ app, signedIn, masquerading }) =>
          signedIn &&
          !masquerading &&
          app.viewer !== null &&
          appCan(app, 'create_ticket') &&
          !appCan(app, 'tickets'),
      },
    ],
  },
};
