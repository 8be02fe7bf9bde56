import type { FeatureManifest } from '../../platform/features.ts';
import { appHostOf } from '../apps/public.ts';
import { createNotifier } from '../notifications/public.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { articleAnnounceJob, articleAnnounceQueues } from './announce.job.ts';
import { articleCategoryRoutes } from './article-categories.routes.ts';
import { createArticleCategoryService } from './article-categories.service.ts';
import { articleRoutes } from './articles.routes.ts';
import { createArticleScopes } from './articles.scopes.ts';
import { createArticleService } from './articles.service.ts';
import { articlePublishJob, articleQueues } from './publish.job.ts';
import { createArticleReactionService } from './reactions.service.ts';

/**
 * The articles (issue 20): the team's blog / knowledge posts in flat categories, draft or active, scheduled,
 * liked, disliked and kept as favourites; announced ones tell the members once. Rules: articles.policy.ts;
 * decisions: docs/decisions/articles.md.
 */
export const articlesFeature: FeatureManifest = {
  name: 'articles',
  routes: ({ db, config, jobs, logger, urlSigner }) => {
    const sign = (path: string) => urlSigner.sign(path);
    const scopes = createAccessScopes(db);
    const articleScopes = createArticleScopes(db);
    return [
      ...articleCategoryRoutes({
        categories: createArticleCategoryService({ db }),
        scopes,
        articles: articleScopes,
      }),
      ...articleRoutes({
        articles: createArticleService({
          db,
          sign,
          jobs,
          logger,
          imageOrigins: [appHostOf(config).appBaseUrl, config.publicBaseUrl],
        }),
        reactions: createArticleReactionService({ db }),
        scopes,
        articleScopes,
      }),
    ];
  },
  queues: { ...articleQueues, ...articleAnnounceQueues },
  jobs: ({ db, realtime, jobs, logger }) => [
    articlePublishJob({ db, jobs, logger }),
    articleAnnounceJob({ db, notifier: createNotifier({ realtime, jobs, logger }) }),
  ],
  pathParams: {
    'articles/:id': 'articleId',
    'articles/categories/:id': 'articleCategoryId',
    articleCategorySlug: 'articleCategorySlug',
    articleSlug: 'articleSlug',
  },
};
