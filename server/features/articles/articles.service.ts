import type { Logger } from 'pino';
import {
  articlePageSizes,
  type Article,
  type ArticleCounters,
  type ArticleCreateBody,
  type ArticleList,
  type ArticleListQuery,
  type ArticlePatchBody,
} from '../../../contracts/articles.ts';
import type { Db } from '../../db/client.ts';
import { articles } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { announceSoon } from './announce.job.ts';
import { bumpArticlesCount } from './article-categories.repo.ts';
import { withSlug } from './article-slugs.ts';
import {
  articleAccessOf,
  articlesViewOf,
  type ArticleAccessOf,
  type ArticlesView,
} from './articles.access.ts';
import { formValues, scheduleOf } from './articles.form.ts';
import { articleAbilities, readsAccess } from './articles.policy.ts';
import { presentArticle } from './articles.presenter.ts';
import * as repo from './articles.repo.ts';
import { scheduleArticle } from './publish.job.ts';

/*
 * Articles (ARTICLES-01…05 and the page's read): lists by filter, search and category, the counters, and the
 * editors' create, edit and delete with the schedule. A save that leaves an announced article published and its
 * members not yet told sends the announcement's job (announcements.ts decides, once). The route checked
 * `create_article` (app) or the article's `edit` / `delete`; who reads what is articles.policy.ts.
 */

const readerOf = ({ app, actor }: ArticlesView): repo.ArticleReader => ({
  appId: app.app.id,
  profileId: actor.profileId,
  readsAuth: readsAccess(actor, 'auth'),
});

const emptyPage = (page: number): ArticleList => ({ data: [], meta: { page, pages: 0, total: 0 } });

export function createArticleService(deps: {
  db: Db;
  sign: UrlSign;
  jobs: Jobs;
  logger: Logger;
  imageOrigins: readonly string[];
}) {
  const { db, sign, jobs, logger, imageOrigins } = deps;

  const abilitiesOf = (view: ArticlesView, article: repo.ArticleData) =>
    articleAbilities(view.actor, {
      status: article.status,
      access: article.access,
      isPublished: article.publishedAt !== null,
    });

  async function present(view: ArticlesView, id: string): Promise<Article> {
    const row = await repo.findArticleView(db, readerOf(view), id);
    if (!row) {
      throw notFound();
    }
    return presentArticle(sign, row, abilitiesOf(view, row.article), { withBody: true });
  }

  return {
    /** `GET /apps/{appId}/articles`: draft and scheduled are the editors' (403 for anyone else). */
    async list(app: AppAccess, query: ArticleListQuery): Promise<ArticleList> {
      const view = articlesViewOf(app);
      if ((query.filter === 'draft' || query.filter === 'scheduled') && !view.actor.isEditor) {
        throw forbidden();
      }
      const search = repo.prefixQueryOf(query.q);
      if ((query.filter === 'favorites' && !view.actor.profileId) || (query.q && !search)) {
        return emptyPage(query.page);
      }
      const limit = articlePageSizes.articles;
      const { rows, total } = await repo.listArticles(db, readerOf(view), {
        filter: query.filter,
        categoryId: query.categoryId,
        query: search,
        limit,
        offset: (query.page - 1) * limit,
      });
      return {
        data: rows.map((row) =>
          presentArticle(sign, row, abilitiesOf(view, row.article), { withBody: false }),
        ),
        meta: { page: query.page, pages: Math.ceil(total / limit), total },
      };
    },

    /** `GET /apps/{appId}/articles/counters`: draft and scheduled for editors only. */
    async counters(app: AppAccess): Promise<ArticleCounters> {
      const view = articlesViewOf(app);
      const counts = await repo.countArticles(db, readerOf(view));
      return {
        active: counts.active,
        favorites: view.actor.profileId ? counts.favorites : 0,
        draft: view.actor.isEditor ? counts.draft : null,
        scheduled: view.actor.isEditor ? counts.scheduled : null,
      };
    },

    get: (access: ArticleAccessOf): Promise<Article> => present(access, access.article.id),

    /** The article page's read by slug (slugs are unique per app); 404 when the caller may not read it. */
    async bySlug(app: AppAccess, slug: string): Promise<Article> {
      const row = await repo.findArticleBySlug(db, app.app.id, slug);
      if (!row) {
        throw notFound();
      }
      return present(articleAccessOf(app, row), row.id);
    },

    /** RULE-226: active unless sent; `publishAt` ahead schedules an active article (a job at the time). */
    async create(app: AppAccess, input: ArticleCreateBody): Promise<Article> {
      const view = articlesViewOf(app);
      const values = await formValues(db, input, { app, imageOrigins });
      const publishAt = scheduleOf(input.publishAt);
      const publishesNow = input.status === 'active' && !publishAt;
      const id = newId();
      await withSlug(
        db,
        articles,
        { appId: app.app.id, chosen: input.slug, name: input.name, fallback: 'artikel' },
        (slug) =>
          db.transaction(async (tx) => {
            await repo.insertArticle(tx, {
              ...values,
              id,
              appId: app.app.id,
              categoryId: input.categoryId,
              authorProfileId: app.profile?.id ?? null,
              name: input.name,
              slug,
              status: input.status,
              publishAt,
              publishedAt: publishesNow ? new Date() : null,
            });
            if (publishesNow) {
              await bumpArticlesCount(tx, input.categoryId, 1);
            }
          }),
      );
      if (input.status === 'active' && publishAt) {
        await scheduleArticle(jobs, id, publishAt);
      }
      if (publishesNow && input.isAnnounced) {
        await announceSoon({ jobs, logger }, id);
      }
      return present(view, id);
    },

    /**
     * The fields sent replace the stored ones. Status draft takes a published article off the lists; active
     * publishes at once unless a schedule lies ahead (then the job does, or a later edit, whichever first).
     */
    async update(access: ArticleAccessOf, input: ArticlePatchBody): Promise<Article> {
      const { app, article } = access;
      const values = await formValues(db, input, { app, imageOrigins, current: article });
      const status = input.status ?? article.status;
      const publishAt = input.publishAt !== undefined ? scheduleOf(input.publishAt) : article.publishAt;
      const scheduleChanges =
        status !== article.status ||
        (publishAt?.getTime() ?? null) !== (article.publishAt?.getTime() ?? null);
      const wasPublished = article.publishedAt !== null;
      const unpublishes = wasPublished && status === 'draft';
      const publishesNow =
        !wasPublished && status === 'active' && (!publishAt || publishAt.getTime() <= Date.now());
      const categoryId = values.categoryId ?? article.categoryId;
      const write = (slug?: string) =>
        db.transaction(async (tx) => {
          await repo.updateArticle(tx, article.id, {
            ...values,
            ...(slug ? { slug } : {}),
            status,
            publishAt,
            ...(unpublishes ? { publishedAt: null } : {}),
          });
          if (unpublishes) {
            await bumpArticlesCount(tx, article.categoryId, -1);
          } else if (wasPublished && categoryId !== article.categoryId) {
            await bumpArticlesCount(tx, article.categoryId, -1);
            await bumpArticlesCount(tx, categoryId, 1);
          }
          // The same conditional update as the job's: whichever comes first publishes, the other finds nothing.
          if (publishesNow && (await repo.markPublished(tx, article.id))) {
            await bumpArticlesCount(tx, categoryId, 1);
          }
        });
      if (input.slug !== undefined && input.slug !== article.slug) {
        await withSlug(
          db,
          articles,
          {
            appId: app.app.id,
            chosen: input.slug,
            name: article.name,
            fallback: 'artikel',
            exceptId: article.id,
          },
          write,
        );
      } else {
        await write();
      }
      if (scheduleChanges && status === 'active' && !wasPublished && publishAt && !publishesNow) {
        await scheduleArticle(jobs, article.id, publishAt);
      }
      // Published now or still, announced now or before, and nobody told yet (also: the flag set afterwards).
      const isPublished = (wasPublished && !unpublishes) || publishesNow;
      if (isPublished && (input.isAnnounced ?? article.isAnnounced) && article.announcedAt === null) {
        await announceSoon({ jobs, logger }, article.id);
      }
      return present(access, article.id);
    },

    async remove({ article }: ArticleAccessOf): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await repo.deleteArticle(tx, article.id);
        if (deleted?.publishedAt) {
          await bumpArticlesCount(tx, deleted.categoryId, -1);
        }
      });
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
