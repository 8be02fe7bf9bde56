import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  helpdeskArticleListSchema,
  helpdeskPopularSchema,
  helpdeskRouterResponseSchema,
  helpdeskSearchResponseSchema,
  helpdeskTreeSchema,
  type HelpdeskArticleList,
  type HelpdeskCategory,
  type HelpdeskSearchMatch,
} from '../../../contracts/helpdesk';
import { api } from '../../api/client';

/** The help desk's calls (server/features/helpdesk/helpdesk.routes.ts), in one map. */
export const helpdeskApiPaths = {
  categories: (appId: string) => `/apps/${appId}/helpdesk/categories`,
  moveCategory: (appId: string) => `/apps/${appId}/helpdesk/categories/move`,
  category: (id: string) => `/helpdesk/categories/${id}`,
  articles: (categoryId: string) => `/helpdesk/categories/${categoryId}/articles`,
  router: (categoryId: string) => `/helpdesk/categories/${categoryId}/articles/router`,
  article: (id: string) => `/helpdesk/articles/${id}`,
  vote: (id: string) => `/helpdesk/articles/${id}/vote`,
  popular: (appId: string) => `/apps/${appId}/helpdesk/articles/popular`,
  search: (appId: string) => `/apps/${appId}/helpdesk/search`,
} as const;

/** Everything the help desk caches for one app: a change of the tree or an article invalidates below `all`. */
export const helpdeskKeys = {
  all: (appId: string) => ['helpdesk', appId] as const,
  tree: (appId: string) => [...helpdeskKeys.all(appId), 'tree'] as const,
  articles: (appId: string) => [...helpdeskKeys.all(appId), 'articles'] as const,
  categoryArticles: (appId: string, categoryId: string) =>
    [...helpdeskKeys.articles(appId), 'category', categoryId] as const,
  article: (appId: string, categoryId: string, slug: string) =>
    [...helpdeskKeys.articles(appId), 'one', categoryId, slug] as const,
  popular: (appId: string) => [...helpdeskKeys.articles(appId), 'popular'] as const,
  search: (appId: string, q: string, limit: number, match: HelpdeskSearchMatch) =>
    [...helpdeskKeys.articles(appId), 'search', q, limit, match] as const,
};

/** The category tree, depth first (GAPS 15); `helpdesk/{categorySlug}` is resolved from it. */
export const helpdeskTreeQuery = (appId: string) =>
  queryOptions({
    queryKey: helpdeskKeys.tree(appId),
    queryFn: ({ signal }) =>
      api.get(helpdeskApiPaths.categories(appId), { schema: helpdeskTreeSchema, signal }),
    meta: { silent: true },
  });

export const categoryBySlug = (categories: readonly HelpdeskCategory[] | undefined, slug: string) =>
  categories?.find((category) => category.slug === slug) ?? null;

/** The category's articles by position, 50 a page, appended ("more"). */
export const categoryArticlesQuery = (appId: string, categoryId: string, enabled = true) =>
  infiniteQueryOptions({
    enabled,
    queryKey: helpdeskKeys.categoryArticles(appId, categoryId),
    queryFn: ({ pageParam, signal }) =>
      api.get(helpdeskApiPaths.articles(categoryId), {
        schema: helpdeskArticleListSchema,
        query: { page: pageParam, limit: 50 },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: HelpdeskArticleList) =>
      last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined,
  });

/** The article of `helpdesk/{categorySlug}/{articleSlug}` with related articles (counts one view). */
export const helpdeskArticleQuery = (appId: string, categoryId: string, slug: string) =>
  queryOptions({
    queryKey: helpdeskKeys.article(appId, categoryId, slug),
    queryFn: ({ signal }) =>
      api.get(helpdeskApiPaths.router(categoryId), {
        schema: helpdeskRouterResponseSchema,
        query: { slug },
        signal,
      }),
    meta: { silent: true },
    staleTime: 60_000,
  });

export const popularArticlesQuery = (appId: string) =>
  queryOptions({
    queryKey: helpdeskKeys.popular(appId),
    queryFn: ({ signal }) =>
      api
        .get(helpdeskApiPaths.popular(appId), { schema: helpdeskPopularSchema, signal })
        .then((answer) => answer.data),
  });

/**
 * The search as the member types (an empty or blank text asks nothing): `all` words for the search box, `any`
 * word of a sentence for suggestions.
 */
export const helpdeskSearchQuery = (
  appId: string,
  q: string,
  limit = 8,
  match: HelpdeskSearchMatch = 'all',
) =>
  queryOptions({
    queryKey: helpdeskKeys.search(appId, q, limit, match),
    queryFn: ({ signal }) =>
      api
        .get(helpdeskApiPaths.search(appId), {
          schema: helpdeskSearchResponseSchema,
          query: { q, limit, match },
          signal,
        })
        .then((answer) => answer.data),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    meta: { silent: true },
  });
