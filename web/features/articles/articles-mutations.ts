import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  articleCategoryResponseSchema,
  articleResponseSchema,
  articleStandingResponseSchema,
  type Article,
  type ArticleCategoryCreateBody,
  type ArticleCategoryPatchBody,
  type ArticleCreateBody,
  type ArticlePatchBody,
  type ArticleReaction,
  type ArticleStanding,
} from '../../../contracts/articles';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';
import { articlesApiPaths, articlesKeys } from './articles-api';

/** Every write invalidates the app's articles (lists, counters, categories, pages): RULE-40 follows from it. */
function useInvalidate() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return () => client.invalidateQueries({ queryKey: articlesKeys.all(app.id) });
}

export function useArticleCategoryMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidate();
  return {
    create: useMutation({
      mutationFn: (body: Partial<ArticleCategoryCreateBody>) =>
        api.post(articlesApiPaths.categories(app.id), { body, schema: articleCategoryResponseSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: ArticleCategoryPatchBody & { id: string }) =>
        api.patch(articlesApiPaths.category(id), { body, schema: articleCategoryResponseSchema }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ id, prevId }: { id: string; prevId: string | null }) =>
        api.patch(articlesApiPaths.moveCategory(id), {
          body: { prevId },
          schema: articleCategoryResponseSchema,
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(articlesApiPaths.category(id)),
      onSuccess,
    }),
  };
}

export function useArticleMutations() {
  const app = useCurrentApp();
  const onSuccess = useInvalidate();
  return {
    create: useMutation({
      mutationFn: (body: Partial<ArticleCreateBody>) =>
        api.post(articlesApiPaths.articles(app.id), { body, schema: articleResponseSchema }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: ArticlePatchBody & { id: string }) =>
        api.patch(articlesApiPaths.article(id), { body, schema: articleResponseSchema }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(articlesApiPaths.article(id)),
      onSuccess,
    }),
  };
}

export type StandingChange = { reaction: ArticleReaction | null } | { isFavorite: boolean };

/** What a change does to the counters at once (the server's answer replaces it). */
export function applyStanding(article: Article, change: StandingChange): ArticleStanding {
  const current: ArticleStanding = {
    likes: article.likes,
    dislikes: article.dislikes,
    reaction: article.reaction,
    isFavorite: article.isFavorite,
  };
  if ('isFavorite' in change) {
    return { ...current, isFavorite: change.isFavorite };
  }
  const count = (value: ArticleReaction) =>
    (change.reaction === value ? 1 : 0) - (article.reaction === value ? 1 : 0);
  return {
    ...current,
    likes: Math.max(0, article.likes + count('like')),
    dislikes: Math.max(0, article.dislikes + count('dislike')),
    reaction: change.reaction,
  };
}

/** Like, dislike and favourite on the article page: shown at once, put right by the answer, undone on failure. */
export function useArticleStanding(queryKey: readonly unknown[], article: Article) {
  const client = useQueryClient();
  const app = useCurrentApp();
  const write = (standing: ArticleStanding) =>
    client.setQueryData<{ data: Article }>(queryKey, (current) =>
      current ? { data: { ...current.data, ...standing } } : current,
    );
  return useMutation({
    mutationFn: (change: StandingChange) => {
      const options = { schema: articleStandingResponseSchema };
      if ('isFavorite' in change) {
        return change.isFavorite
          ? api.post(articlesApiPaths.favorite(article.id), options)
          : api.delete(articlesApiPaths.favorite(article.id), options);
      }
      return change.reaction
        ? api.post(articlesApiPaths.reaction(article.id), { ...options, body: { value: change.reaction } })
        : api.delete(articlesApiPaths.reaction(article.id), options);
    },
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<{ data: Article }>(queryKey);
      if (before) {
        write(applyStanding(before.data, change));
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) {
        client.setQueryData(queryKey, context.before);
      }
    },
    onSuccess: ({ data }) => {
      write(data);
      // The favourites list and counter change with it.
      void client.invalidateQueries({ queryKey: [...articlesKeys.all(app.id), 'list', 'favorites'] });
      void client.invalidateQueries({ queryKey: articlesKeys.counters(app.id) });
    },
  });
}
