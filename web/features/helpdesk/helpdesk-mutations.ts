import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  helpdeskArticleResponseSchema,
  helpdeskCategoryResponseSchema,
  helpdeskVoteResponseSchema,
  type HelpdeskArticleCreateBody,
  type HelpdeskArticlePatchBody,
  type HelpdeskCategoryCreateBody,
  type HelpdeskCategoryMoveBody,
  type HelpdeskCategoryPatchBody,
  type HelpdeskRouterResponse,
} from '../../../contracts/helpdesk';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';
import { helpdeskApiPaths, helpdeskKeys } from './helpdesk-api';

/** Every write of the help desk invalidates the app's help-desk cache (tree, lists, articles, search). */
function useInvalidate() {
  const client = useQueryClient();
  const app = useCurrentApp();
  return () => client.invalidateQueries({ queryKey: helpdeskKeys.all(app.id) });
}

export function useCategoryMutations() {
  const app = useCurrentApp();
  const invalidate = useInvalidate();
  const options = { onSuccess: invalidate };
  return {
    create: useMutation({
      mutationFn: (body: Partial<HelpdeskCategoryCreateBody>) =>
        api.post(helpdeskApiPaths.categories(app.id), { body, schema: helpdeskCategoryResponseSchema }),
      ...options,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: HelpdeskCategoryPatchBody & { id: string }) =>
        api.patch(helpdeskApiPaths.category(id), { body, schema: helpdeskCategoryResponseSchema }),
      ...options,
    }),
    move: useMutation({
      mutationFn: (body: HelpdeskCategoryMoveBody) =>
        api.patch(helpdeskApiPaths.moveCategory(app.id), { body, schema: helpdeskCategoryResponseSchema }),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(helpdeskApiPaths.category(id)),
      ...options,
    }),
  };
}

export function useArticleMutations() {
  const invalidate = useInvalidate();
  return {
    create: useMutation({
      mutationFn: ({ categoryId, ...body }: Partial<HelpdeskArticleCreateBody> & { categoryId: string }) =>
        api.post(helpdeskApiPaths.articles(categoryId), { body, schema: helpdeskArticleResponseSchema }),
      onSuccess: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: HelpdeskArticlePatchBody & { id: string }) =>
        api.patch(helpdeskApiPaths.article(id), { body, schema: helpdeskArticleResponseSchema }),
      onSuccess: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(helpdeskApiPaths.article(id)),
      onSuccess: invalidate,
    }),
  };
}

/** "Was this helpful?": the answer shows at once; the counters come from the server's answer. */
export function useArticleVote(queryKey: readonly unknown[], articleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (isHelpful: boolean | null) =>
      isHelpful === null
        ? api.delete(helpdeskApiPaths.vote(articleId), { schema: helpdeskVoteResponseSchema })
        : api.post(helpdeskApiPaths.vote(articleId), {
            body: { isHelpful },
            schema: helpdeskVoteResponseSchema,
          }),
    onSuccess: ({ data }) => {
      client.setQueryData<HelpdeskRouterResponse>(queryKey, (current) =>
        current ? { ...current, data: { ...current.data, ...data } } : current,
      );
    },
  });
}
