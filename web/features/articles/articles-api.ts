import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  articleCategoryListSchema,
  articleCountersResponseSchema,
  articleListSchema,
  articleResponseSchema,
  type ArticleFilter,
} from '../../../contracts/articles';
import { api } from '../../api/client';

/** The articles' calls (server/features/articles, ARTICLES-01…13 and the additions), in one map. */
export const articlesApiPaths = {
  articles: (appId: string) => `/apps/${appId}/articles`,
  counters: (appId: string) => `/apps/${appId}/articles/counters`,
  bySlug: (appId: string, slug: string) => `/apps/${appId}/articles/by-slug/${encodeURIComponent(slug)}`,
  article: (id: string) => `/articles/${id}`,
  reaction: (id: string) => `/articles/${id}/reaction`,
  favorite: (id: string) => `/articles/${id}/favorite`,
  categories: (appId: string) => `/apps/${appId}/articles/categories`,
  category: (id: string) => `/articles/categories/${id}`,
  moveCategory: (id: string) => `/articles/categories/${id}/move`,
} as const;

/** Everything the articles cache for one app: a write invalidates below `all`. */
export const articlesKeys = {
  all: (appId: string) => ['articles', appId] as const,
  categories: (appId: string) => [...articlesKeys.all(appId), 'categories'] as const,
  counters: (appId: string) => [...articlesKeys.all(appId), 'counters'] as const,
  list: (appId: string, filter: ArticleFilter, categoryId: string | null, q: string) =>
    [...articlesKeys.all(appId), 'list', filter, categoryId, q] as const,
  bySlug: (appId: string, slug: string) => [...articlesKeys.all(appId), 'slug', slug] as const,
  byId: (appId: string, id: string) => [...articlesKeys.all(appId), 'id', id] as const,
};

export const articleCategoriesQuery = (appId: string) =>
  queryOptions({
    queryKey: articlesKeys.categories(appId),
    queryFn: ({ signal }) =>
      api.get(articlesApiPaths.categories(appId), { schema: articleCategoryListSchema, signal }),
    meta: { silent: true },
  });

export const articleCountersQuery = (appId: string) =>
  queryOptions({
    queryKey: articlesKeys.counters(appId),
    queryFn: ({ signal }) =>
      api
        .get(articlesApiPaths.counters(appId), { schema: articleCountersResponseSchema, signal })
        .then((answer) => answer.data),
    meta: { silent: true },
  });

/** One list (filter, category, search), 20 per page, appended as the reader scrolls on. */
export const articleListQuery = (
  appId: string,
  filter: ArticleFilter,
  categoryId: string | null,
  q: string,
) =>
  infiniteQueryOptions({
    queryKey: articlesKeys.list(appId, filter, categoryId, q),
    queryFn: ({ signal, pageParam }) =>
      api.get(articlesApiPaths.articles(appId), {
        schema: articleListSchema,
        query: { page: pageParam, filter, ...(categoryId ? { categoryId } : {}), ...(q ? { q } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.pages ? last.meta.page + 1 : undefined),
    meta: { silent: true },
  });

/** The article page `articles/{categorySlug}/{articleSlug}` (read by the slug, unique per app). */
export const articleBySlugQuery = (appId: string, slug: string) =>
  queryOptions({
    queryKey: articlesKeys.bySlug(appId, slug),
    queryFn: ({ signal }) =>
      api.get(articlesApiPaths.bySlug(appId, slug), { schema: articleResponseSchema, signal }),
    meta: { silent: true },
  });

/** The editor's read by id. */
export const articleByIdQuery = (appId: string, id: string) =>
  queryOptions({
    queryKey: articlesKeys.byId(appId, id),
    queryFn: ({ signal }) => api.get(articlesApiPaths.article(id), { schema: articleResponseSchema, signal }),
    meta: { silent: true },
  });
