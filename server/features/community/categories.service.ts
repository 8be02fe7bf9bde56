import {
  communityPageSizes,
  type Category,
  type CategoryCreateBody,
  type CategoryList,
  type CategoryPatchBody,
  type CommunityProfile,
} from '../../../contracts/community-spaces.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import { communityCategories } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { presentCategory } from './categories.presenter.ts';
import * as repo from './categories.repo.ts';
import { communityActorOf, type CategoryAccess } from './community.access.ts';
import { categoryAbilities, type CategoryAbility } from './community.policy.ts';
import { presentProfileSummary } from './spaces.presenter.ts';
import { moveAfter } from './spaces.positions.ts';
import { resolveSlug, withSlugConflict } from './spaces.slugs.ts';

/** The caller's abilities on the communities categories; 404 when the communities are not theirs to see. */
function abilitiesOf(app: AppAccess): CategoryAbility[] {
  const can = categoryAbilities(communityActorOf(app, 'communities'));
  if (!can.includes('view')) {
    throw notFound();
  }
  return can;
}

/** Communities categories (the second container of posts), ordered by `prevId` moves, and their authors. */
export function createCategoryService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  return {
    /** `GET /apps/{appId}/communities/categories` (100 per page). */
    async list(app: AppAccess, query: { page: number; limit: number }): Promise<CategoryList> {
      const can = abilitiesOf(app);
      const { rows, total } = await repo.listCategories(db, app.app.id, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return paginate(
        rows.map((row) => presentCategory(row, can)),
        total,
        query,
      );
    },

    /** `GET /apps/{appId}/communities/categories/{categorySlug}`. */
    async bySlug(app: AppAccess, slug: string): Promise<Category> {
      const can = abilitiesOf(app);
      const row = await repo.findCategoryBySlug(db, app.app.id, slug);
      if (!row) {
        throw notFound();
      }
      return presentCategory(row, can);
    },

    /** `POST /apps/{appId}/communities/categories`: the slug is made from the name unless given; added last. */
    async create(app: AppAccess, body: CategoryCreateBody): Promise<Category> {
      const row = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          await repo.lockAppCategories(tx, app.app.id);
          const slug = await resolveSlug(tx, communityCategories, {
            appId: app.app.id,
            chosen: body.slug,
            name: body.name,
            fallback: 'kategorie',
          });
          const categories = await repo.listAllCategories(tx, app.app.id);
          return repo.insertCategory(tx, {
            id: newId(),
            appId: app.app.id,
            name: body.name,
            slug,
            position: (categories.at(-1)?.position ?? 0) + 1,
          });
        }),
      );
      return presentCategory(row, categoryAbilities(communityActorOf(app, 'communities')));
    },

    /** `PATCH /communities/categories/{id}`: a new name keeps the slug (addresses stay) unless one is sent. */
    async update({ app, category, can }: CategoryAccess, body: CategoryPatchBody): Promise<Category> {
      const row = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          const slug =
            body.slug === undefined || body.slug === category.slug
              ? undefined
              : await resolveSlug(tx, communityCategories, {
                  appId: app.app.id,
                  chosen: body.slug,
                  name: category.name,
                  fallback: 'kategorie',
                  exceptId: category.id,
                });
          return repo.updateCategory(tx, category.id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(slug ? { slug } : {}),
          });
        }),
      );
      if (!row) {
        throw notFound();
      }
      return presentCategory(row, can);
    },

    /** The category goes with its posts (and what hangs on them). */
    async remove({ category }: CategoryAccess): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.deleteCategory(tx, category.id))) {
          throw notFound();
        }
      });
    },

    /** `PATCH /communities/categories/{id}/move`: right after `prevId` (null: first). */
    async move({ category, can }: CategoryAccess, prevId: string | null): Promise<Category> {
      const position = await db.transaction(async (tx) => {
        await repo.lockAppCategories(tx, category.appId);
        const categories = await repo.listAllCategories(tx, category.appId);
        return moveAfter(categories, category.id, prevId, async (id, next) => {
          await repo.updateCategory(tx, id, { position: next });
        });
      });
      return presentCategory({ ...category, position }, can);
    },

    /** `GET /apps/{appId}/communities/profiles`: the members who write in the communities, most posts first. */
    async profiles(app: AppAccess, page: number): Promise<Paginated<CommunityProfile>> {
      abilitiesOf(app);
      const limit = communityPageSizes.profiles;
      const { rows, total } = await repo.listCommunityAuthors(db, app.app.id, {
        limit,
        offset: (page - 1) * limit,
      });
      return paginate(
        rows.map((row) => ({ ...presentProfileSummary(sign, row), postsCount: row.postsCount })),
        total,
        { page, limit },
      );
    },
  };
}
