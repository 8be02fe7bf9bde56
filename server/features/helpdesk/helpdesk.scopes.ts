import type { DbOrTx } from '../../db/client.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { paramOf } from '../workspace/public.ts';
import {
  loadArticleAccess,
  loadCategoryAccess,
  loadHelpdeskAccess,
  type ArticleAccess,
  type CategoryAccess,
  type HelpdeskAccess,
} from './helpdesk.access.ts';

/*
 * The help desk's route scopes: the platform resolves them before the handler (404 when the help desk, the
 * category or the article is not visible to the caller) and checks the route's `helpdesk:*` ability (403).
 */

const abilities = (access: HelpdeskAccess) => access.can.map((name) => `helpdesk:${name}`);

export type HelpdeskScopes = ReturnType<typeof createHelpdeskScopes>;

export function createHelpdeskScopes(db: DbOrTx) {
  return {
    /** The help desk of the app of `:appId`. */
    helpdesk(param = 'appId'): RouteScope<HelpdeskAccess> {
      return {
        label: `helpdesk(:${param})`,
        subjects: ['helpdesk'],
        resolve: (request) => loadHelpdeskAccess(db, request.actor, paramOf(request, param)),
        abilities,
      };
    },

    category(param = 'id'): RouteScope<CategoryAccess> {
      return {
        label: `helpdesk-category(:${param})`,
        subjects: ['helpdesk'],
        resolve: (request) => loadCategoryAccess(db, request.actor, paramOf(request, param)),
        abilities,
      };
    },

    article(param = 'id'): RouteScope<ArticleAccess> {
      return {
        label: `helpdesk-article(:${param})`,
        subjects: ['helpdesk'],
        resolve: (request) => loadArticleAccess(db, request.actor, paramOf(request, param)),
        abilities,
      };
    },
  };
}
