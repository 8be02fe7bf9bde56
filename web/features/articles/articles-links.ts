import type { ArticleFilter } from '../../../contracts/articles';

/** Addresses of the articles' screens (ROUTE-119, -120, -101) and the editors' pages below the list. */
export const articlesLinks = {
  list: (appSlug: string, filter: ArticleFilter = 'active') =>
    filter === 'active' ? `/${appSlug}/articles` : `/${appSlug}/articles?filter=${filter}`,
  article: (appSlug: string, categorySlug: string, articleSlug: string) =>
    `/${appSlug}/articles/${categorySlug}/${articleSlug}`,
  create: (appSlug: string, filter: ArticleFilter = 'active') => `/${appSlug}/articles/new?filter=${filter}`,
  edit: (appSlug: string, id: string, filter: ArticleFilter = 'active') =>
    `/${appSlug}/articles/edit/${id}?filter=${filter}`,
  settings: (appSlug: string) => `/${appSlug}/settings/articles`,
};
