import type { FeatureManifest } from '../../platform/features.ts';
import { helpdeskRoutes } from './helpdesk.routes.ts';

/**
 * The help desk (issue 20): nested categories, articles with "Was this helpful?" votes, related articles and a
 * German and English search. Rules: helpdesk.policy.ts; decisions: docs/decisions/helpdesk.md.
 */
export const helpdeskFeature: FeatureManifest = {
  name: 'helpdesk',
  routes: helpdeskRoutes,
  pathParams: {
    'helpdesk/categories/:id': 'helpdeskCategoryId',
    'helpdesk/articles/:id': 'helpdeskArticleId',
  },
};
