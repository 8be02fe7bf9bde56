import { IconHelpCircle } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./helpdesk-screens'));

/**
 * Spec §2 helpdesk routes (ROUTE-128..130: no guard of their own, the server decides what a visitor reads), the
 * editors' pages below them, and settings/helpdesk (ROUTE-99, below the app settings' layout).
 */
export const helpdeskFeature: WebFeature = {
  name: 'helpdesk',
  routes: {
    app: [
      {
        path: 'helpdesk',
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).HelpdeskHomePage }) },
          {
            path: ':categorySlug',
            lazy: async () => ({ Component: (await screens()).HelpdeskCategoryPage }),
          },
          {
            path: ':categorySlug/new',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).HelpdeskArticleEditorPage }),
          },
          {
            path: ':categorySlug/:articleSlug',
            lazy: async () => ({ Component: (await screens()).HelpdeskArticlePage }),
          },
          {
            path: ':categorySlug/:articleSlug/edit',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).HelpdeskArticleEditorPage }),
          },
        ],
      },
    ],
    appSettings: [
      { path: 'helpdesk', lazy: async () => ({ Component: (await screens()).HelpdeskSettingsPage }) },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'helpdesk.menu',
        icon: IconHelpCircle,
        to: ({ app }) => `/${app.slug}/helpdesk`,
        shows: ({ app }) => app.services.helpdesk,
      },
    ],
  },
};
