import { IconArticle } from '@tabler/icons-react';
import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./articles-screens'));

/**
 * Spec §2 articles routes (ROUTE-119, -120: no guard of their own, the server decides what a visitor reads), the
 * editors' pages beside them, and settings/articles (ROUTE-101, below the app settings' layout).
 */
export const articlesFeature: WebFeature = {
  name: 'articles',
  routes: {
    app: [
      {
        path: 'articles',
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).ArticlesListPage }) },
          {
            path: 'new',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).ArticleEditorPage }),
          },
          {
            path: 'edit/:articleId',
            handle: { access: 'signedIn' },
            lazy: async () => ({ Component: (await screens()).ArticleEditorPage }),
          },
          {
            path: ':categorySlug/:articleSlug',
            lazy: async () => ({ Component: (await screens()).ArticlePage }),
          },
        ],
      },
    ],
    appSettings: [
      { path: 'articles', lazy: async () => ({ Component: (await screens()).ArticlesSettingsPage }) },
    ],
  },
  menus: {
    appMain: [
      {
        label: 'articles.menu',
        icon: IconArticle,
        to: ({ app }) => `/${app.slug}/articles`,
        shows: ({ app }) => app.services.articles,
      },
    ],
  },
};
