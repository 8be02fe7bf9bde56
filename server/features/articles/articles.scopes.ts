import type { DbOrTx } from '../../db/client.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { paramOf } from '../workspace/public.ts';
import {
  loadArticleAccess,
  loadArticleCategoryAccess,
  type ArticleAccessOf,
  type ArticleCategoryAccess,
} from './articles.access.ts';

/*
 * The articles' route scopes: the platform resolves them before the handler (404 when the article or the
 * service is not visible to the caller, articles.policy.ts) and checks the declared ability (403).
 */

export type ArticleScopes = ReturnType<typeof createArticleScopes>;

export function createArticleScopes(db: DbOrTx) {
  return {
    article(param = 'id'): RouteScope<ArticleAccessOf> {
      return {
        label: `article(:${param})`,
        subjects: ['article'],
        resolve: (request) => loadArticleAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => access.can.map((name) => `article:${name}`),
      };
    },
    category(param = 'id'): RouteScope<ArticleCategoryAccess> {
      return {
        label: `article-category(:${param})`,
        subjects: ['article_category'],
        resolve: (request) => loadArticleCategoryAccess(db, request.actor, paramOf(request, param)),
        abilities: (access) => access.can.map((name) => `article_category:${name}`),
      };
    },
  };
}
