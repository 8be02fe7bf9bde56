import type {
  ArticleCategory,
  ArticleCategoryCreateBody,
  ArticleCategoryList,
  ArticleCategoryPatchBody,
} from '../../../contracts/articles.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { articleCategories } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import type { AppAccess } from '../workspace/public.ts';
import * as repo from './article-categories.repo.ts';
import { presentArticleCategory } from './article-categories.presenter.ts';
import { withSlug } from './article-slugs.ts';
import { articlesViewOf, type ArticleCategoryAccess } from './articles.access.ts';
import { articleCategoryAbilities } from './articles.policy.ts';

/**
 * The order after moving `id` right after `prevId` (null: first): the ids in their new order. 400 with
 * `errors.prevId` when `prevId` is the item itself or not in the list.
 */
export function orderAfterMove(ids: readonly string[], id: string, prevId: string | null): string[] {
  const others = ids.filter((candidate) => candidate !== id);
  const index = prevId === null ? 0 : others.indexOf(prevId) + 1;
  if (prevId === id || (prevId !== null && index === 0)) {
    throw badRequest({ prevId: 'validation.invalidValue' });
  }
  return [...others.slice(0, index), id, ...others.slice(index)];
}

/** Article categories (ARTICLES-06…11): flat, ordered by `prevId` moves, slugs unique per app. */
export function createArticleCategoryService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async list(app: AppAccess, query: { page: number; limit: number }): Promise<ArticleCategoryList> {
      const can = articleCategoryAbilities(articlesViewOf(app).actor);
      const { rows, total } = await repo.listCategories(db, app.app.id, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return paginate(
        rows.map((row) => presentArticleCategory(row, can)),
        total,
        query,
      );
    },

    async bySlug(app: AppAccess, slug: string): Promise<ArticleCategory> {
      const can = articleCategoryAbilities(articlesViewOf(app).actor);
      const row = await repo.findCategoryBySlug(db, app.app.id, slug);
      if (!row) {
        throw notFound();
      }
      return presentArticleCategory(row, can);
    },

    /** Added last; the slug is made from the name unless given (RULE-89). */
    async create(app: AppAccess, body: ArticleCategoryCreateBody): Promise<ArticleCategory> {
      const { actor } = articlesViewOf(app);
      const row = await withSlug(
        db,
        articleCategories,
        { appId: app.app.id, chosen: body.slug, name: body.name, fallback: 'kategorie' },
        (slug) =>
          db.transaction(async (tx) => {
            await repo.lockAppCategories(tx, app.app.id);
            const all = await repo.listAllCategories(tx, app.app.id);
            return repo.insertCategory(tx, {
              id: newId(),
              appId: app.app.id,
              name: body.name,
              slug,
              position: (all.at(-1)?.position ?? 0) + 1,
            });
          }),
      );
      return presentArticleCategory(row, articleCategoryAbilities(actor));
    },

    /** A new name keeps the slug (addresses stay) unless one is sent. */
    async update({ app, category, can }: ArticleCategoryAccess, body: ArticleCategoryPatchBody) {
      const slugChanges = body.slug !== undefined && body.slug !== category.slug;
      const write = (slug?: string) =>
        repo.updateCategory(db, category.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(slug ? { slug } : {}),
        });
      const row = slugChanges
        ? await withSlug(
            db,
            articleCategories,
            {
              appId: app.app.id,
              chosen: body.slug,
              name: category.name,
              fallback: 'kategorie',
              exceptId: category.id,
            },
            write,
          )
        : await write();
      if (!row) {
        throw notFound();
      }
      return presentArticleCategory(row, can);
    },

    /** Refused (409) while the category holds articles of any status: they are moved or deleted first. */
    async remove({ category }: ArticleCategoryAccess): Promise<void> {
      await db.transaction(async (tx) => {
        const held = await repo.countArticlesIn(tx, category.id);
        if (held > 0) {
          throw conflict(errorCodes.articleCategoryNotEmpty, { articles: held });
        }
        if (!(await repo.deleteCategory(tx, category.id))) {
          throw notFound();
        }
      });
    },

    /** Right after `prevId` (null: first); the app's few categories are numbered 1, 2, 3 … again. */
    async move({ category, can }: ArticleCategoryAccess, prevId: string | null): Promise<ArticleCategory> {
      const position = await db.transaction(async (tx) => {
        await repo.lockAppCategories(tx, category.appId);
        const all = await repo.listAllCategories(tx, category.appId);
        const order = orderAfterMove(
          all.map((row) => row.id),
          category.id,
          prevId,
        );
        for (const [index, id] of order.entries()) {
          if (all.find((row) => row.id === id)?.position !== index + 1) {
            await repo.updateCategory(tx, id, { position: index + 1 });
          }
        }
        return order.indexOf(category.id) + 1;
      });
      return presentArticleCategory({ ...category, position }, can);
    },
  };
}

export type ArticleCategoryService = ReturnType<typeof createArticleCategoryService>;
