import {
  helpdeskPageSizes,
  type HelpdeskArticle,
  type HelpdeskArticleCreateBody,
  type HelpdeskArticleList,
  type HelpdeskArticleListQuery,
  type HelpdeskArticlePatchBody,
  type HelpdeskArticleSummary,
  type HelpdeskRouterResponse,
  type HelpdeskVoteResult,
} from '../../../contracts/helpdesk.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { helpdeskArticles } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import { richTextToPlainText, sanitizeRichText } from '../../platform/rich-text.ts';
import { pictureFieldErrors, type UrlSign } from '../cloud/public.ts';
import * as repo from './articles.repo.ts';
import { listCategories, recountArticles } from './categories.repo.ts';
import { pathTo } from './categories.tree.ts';
import { articleVisible } from './helpdesk.policy.ts';
import type { ArticleAccess, ArticleRow, CategoryAccess, HelpdeskAccess } from './helpdesk.access.ts';
import { lockHelpdesk, placeAfter, resolveSlug, withSlugConflict } from './helpdesk.order.ts';
import { presentArticle, presentArticleSummary } from './helpdesk.presenter.ts';
import { searchWords } from './search.service.ts';

/** The cover must be a live image of the app's project (editors pick any of the project's pictures). */
async function checkCover(
  db: DbOrTx,
  access: HelpdeskAccess,
  coverId: string | null | undefined,
): Promise<void> {
  const errors = await pictureFieldErrors(db, access.app.project.id, { coverId });
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
}

/** Help-desk articles (HELPDESK-05..08, GAPS 15): lists, the router read, edits and "Was this helpful?". */
export function createArticleService(deps: { db: Db; sign: UrlSign; imageOrigins: readonly string[] }) {
  const { db, sign, imageOrigins } = deps;

  const body = (html: string) => {
    const clean = sanitizeRichText(html, { imageOrigins: [...imageOrigins], field: 'body' });
    return { bodyHtml: clean, bodyText: richTextToPlainText(clean) };
  };

  async function present(access: HelpdeskAccess, row: ArticleRow): Promise<HelpdeskArticle> {
    const profileId = access.app.profile?.id;
    const [categories, myVote] = await Promise.all([
      listCategories(db, row.appId),
      profileId ? repo.findVote(db, row.id, profileId) : null,
    ]);
    const crumbs = pathTo(categories, row.categoryId).map(({ id, name, slug }) => ({ id, name, slug }));
    return presentArticle(sign, row, access.can, { categories: crumbs, myVote });
  }

  /** A handful from the same category, then articles sharing words of the name (docs/decisions/helpdesk.md). */
  async function related(access: HelpdeskAccess, article: ArticleRow): Promise<HelpdeskArticleSummary[]> {
    const limit = helpdeskPageSizes.related;
    const near = await repo.listSameCategory(db, article, limit);
    const similar =
      near.length < limit
        ? await repo.listSimilar(
            db,
            article.appId,
            searchWords(article.name).filter((word) => word.length > 2),
            [article.id, ...near.map((row) => row.id)],
            limit - near.length,
          )
        : [];
    return [...near, ...similar].map((row) => presentArticleSummary(sign, row, access.can));
  }

  return {
    /** `GET /helpdesk/categories/{id}/articles`: the category's articles by position; drafts for editors. */
    async list(access: CategoryAccess, query: HelpdeskArticleListQuery): Promise<HelpdeskArticleList> {
      const { rows, total } = await repo.listArticles(db, access.category.id, {
        drafts: access.can.includes('edit'),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return paginate(
        rows.map((row) => presentArticleSummary(sign, row, access.can)),
        total,
        query,
      );
    },

    /** `GET /apps/{appId}/helpdesk/articles/popular`: the most read published articles. */
    async popular(access: HelpdeskAccess): Promise<{ data: HelpdeskArticleSummary[] }> {
      const rows = await repo.listPopular(db, access.app.app.id, helpdeskPageSizes.popular);
      return { data: rows.map((row) => presentArticleSummary(sign, row, access.can)) };
    },

    /**
     * `GET /helpdesk/categories/{id}/articles/router?slug=`: the article of `helpdesk/{categorySlug}/{articleSlug}`
     * with its related articles and the caller's vote; counts one view.
     */
    async router(access: CategoryAccess, slug: string): Promise<HelpdeskRouterResponse> {
      const row = await repo.findArticleBySlug(db, access.category.appId, slug);
      if (!row || row.categoryId !== access.category.id || !articleVisible(access.can, row)) {
        throw notFound();
      }
      await repo.countView(db, row.id);
      const counted = { ...row, viewsCount: row.viewsCount + 1 };
      const [data, others] = await Promise.all([present(access, counted), related(access, row)]);
      return { data, related: others };
    },

    /** `POST /helpdesk/categories/{id}/articles`: added last in the category. */
    async create(access: CategoryAccess, input: HelpdeskArticleCreateBody): Promise<HelpdeskArticle> {
      const { category } = access;
      await checkCover(db, access, input.coverId);
      const text = body(input.body);
      const row = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          await lockHelpdesk(tx, category.appId);
          const slug = await resolveSlug(tx, helpdeskArticles, {
            appId: category.appId,
            chosen: input.slug,
            name: input.name,
            fallback: 'artikel',
          });
          const positions = await repo.listPositions(tx, category.id);
          const row = await repo.insertArticle(tx, {
            id: newId(),
            appId: category.appId,
            categoryId: category.id,
            authorProfileId: access.app.profile?.id ?? null,
            name: input.name,
            slug,
            ...text,
            coverId: input.coverId ?? null,
            isPublished: input.isPublished,
            position: (positions.at(-1)?.position ?? 0) + 1,
          });
          await recountArticles(tx, [category.id]);
          return row;
        }),
      );
      return present(access, row);
    },

    /** `PATCH /helpdesk/articles/{id}`: the fields sent; `categoryId` and `prevId` move it. */
    async update(access: ArticleAccess, input: HelpdeskArticlePatchBody): Promise<HelpdeskArticle> {
      const { article } = access;
      if (input.coverId !== undefined && input.coverId !== article.coverId) {
        await checkCover(db, access, input.coverId);
      }
      const text = input.body === undefined ? {} : body(input.body);
      const row = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          await lockHelpdesk(tx, article.appId);
          const categoryId = input.categoryId ?? article.categoryId;
          if (categoryId !== article.categoryId) {
            const categories = await listCategories(tx, article.appId);
            if (!categories.some((category) => category.id === categoryId)) {
              throw badRequest({ categoryId: 'validation.invalidValue' });
            }
          }
          const slug =
            input.slug === undefined || input.slug === article.slug
              ? undefined
              : await resolveSlug(tx, helpdeskArticles, {
                  appId: article.appId,
                  chosen: input.slug,
                  name: article.name,
                  fallback: 'artikel',
                  exceptId: article.id,
                });
          const values: Partial<ArticleRow> = {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(slug ? { slug } : {}),
            ...text,
            ...(input.coverId !== undefined ? { coverId: input.coverId } : {}),
            ...(input.isPublished !== undefined ? { isPublished: input.isPublished } : {}),
            categoryId,
          };
          if (categoryId !== article.categoryId || input.prevId !== undefined) {
            const siblings = await repo.listPositions(tx, categoryId);
            const prevId = input.prevId === undefined ? (siblings.at(-1)?.id ?? null) : input.prevId;
            values.position = await placeAfter(siblings, article.id, prevId, async (id, position) => {
              if (id !== article.id) {
                await repo.updateArticle(tx, id, { position });
              }
            });
          }
          const row = await repo.updateArticle(tx, article.id, values);
          await recountArticles(tx, [article.categoryId, categoryId]);
          return row;
        }),
      );
      if (!row) {
        throw notFound();
      }
      return present(access, row);
    },

    /** `DELETE /helpdesk/articles/{id}` (its votes go along). */
    async remove({ article }: ArticleAccess): Promise<void> {
      await db.transaction(async (tx) => {
        await lockHelpdesk(tx, article.appId);
        if (!(await repo.deleteArticle(tx, article.id))) {
          throw notFound();
        }
        await recountArticles(tx, [article.categoryId]);
      });
    },

    /** `POST /helpdesk/articles/{id}/vote` (null: `DELETE`, takes the vote back). Published articles only. */
    async vote(access: ArticleAccess, isHelpful: boolean | null): Promise<HelpdeskVoteResult> {
      const profileId = access.app.profile?.id;
      if (!profileId || !access.article.isPublished) {
        throw forbidden();
      }
      const counts = await db.transaction((tx) =>
        repo.writeVote(tx, {
          articleId: access.article.id,
          profileId,
          appId: access.article.appId,
          isHelpful,
        }),
      );
      return { ...counts, myVote: isHelpful };
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
