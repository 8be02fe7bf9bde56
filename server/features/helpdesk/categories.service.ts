import { errorCodes } from '../../../contracts/errors.ts';
import {
  helpdeskLimits,
  type HelpdeskCategory,
  type HelpdeskCategoryCreateBody,
  type HelpdeskCategoryMoveBody,
  type HelpdeskCategoryPatchBody,
  type HelpdeskTree,
} from '../../../contracts/helpdesk.ts';
import type { Db } from '../../db/client.ts';
import { helpdeskCategories } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './categories.repo.ts';
import { depthFirst, heightOf, pathTo, subtreeIds } from './categories.tree.ts';
import type { CategoryAccess, CategoryRow, HelpdeskAccess } from './helpdesk.access.ts';
import { lockHelpdesk, placeAfter, resolveSlug, withSlugConflict } from './helpdesk.order.ts';
import { presentCategory } from './helpdesk.presenter.ts';

const tooDeep = () =>
  new AppError(400, errorCodes.helpdeskTooDeep, {
    errors: { parentId: 'validation.invalidValue' },
    details: { maxDepth: helpdeskLimits.depth },
  });

/** The parent a category goes under, checked: a category of the app (else 400 `errors.parentId`). */
function parentOf(rows: readonly CategoryRow[], parentId: string | null): CategoryRow | null {
  if (parentId === null) {
    return null;
  }
  const parent = rows.find((row) => row.id === parentId);
  if (!parent) {
    throw badRequest({ parentId: 'validation.invalidValue' });
  }
  return parent;
}

/** Nested help-desk categories (HELPDESK-01..04, GAPS 15): the tree, create, edit, move, delete. */
export function createCategoryService(deps: { db: Db }) {
  const { db } = deps;

  const present = (row: CategoryRow, rows: readonly CategoryRow[], access: HelpdeskAccess) =>
    presentCategory({ ...row, depth: pathTo(rows, row.id).length }, access.can, null);

  return {
    /** `GET /apps/{appId}/helpdesk/categories`: every category, depth first, with its article counts. */
    async tree(access: HelpdeskAccess): Promise<HelpdeskTree> {
      const editor = access.can.includes('edit');
      const [rows, all] = await Promise.all([
        repo.listCategories(db, access.app.app.id),
        editor ? repo.countAllArticles(db, access.app.app.id) : undefined,
      ]);
      return {
        data: depthFirst(rows).map((row) => presentCategory(row, access.can, all?.get(row.id) ?? 0)),
        permissions: { can: [...access.can] },
      };
    },

    /** `POST /apps/{appId}/helpdesk/categories`: last among its siblings; at most three levels deep. */
    async create(access: HelpdeskAccess, body: HelpdeskCategoryCreateBody): Promise<HelpdeskCategory> {
      const appId = access.app.app.id;
      const { row, rows } = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          await lockHelpdesk(tx, appId);
          const rows = await repo.listCategories(tx, appId);
          const parent = parentOf(rows, body.parentId);
          if (parent && pathTo(rows, parent.id).length >= helpdeskLimits.depth) {
            throw tooDeep();
          }
          const slug = await resolveSlug(tx, helpdeskCategories, {
            appId,
            chosen: body.slug,
            name: body.name,
            fallback: 'kategorie',
          });
          const siblings = rows.filter((item) => item.parentId === body.parentId);
          const row = await repo.insertCategory(tx, {
            id: newId(),
            appId,
            parentId: body.parentId,
            name: body.name,
            slug,
            description: body.description,
            position: (siblings.at(-1)?.position ?? 0) + 1,
          });
          return { row, rows: [...rows, row] };
        }),
      );
      return present(row, rows, access);
    },

    /** `PATCH /helpdesk/categories/{id}`: a new name keeps the slug (addresses stay) unless one is sent. */
    async update(access: CategoryAccess, body: HelpdeskCategoryPatchBody): Promise<HelpdeskCategory> {
      const { category } = access;
      const { row, rows } = await withSlugConflict(() =>
        db.transaction(async (tx) => {
          const slug =
            body.slug === undefined || body.slug === category.slug
              ? undefined
              : await resolveSlug(tx, helpdeskCategories, {
                  appId: category.appId,
                  chosen: body.slug,
                  name: category.name,
                  fallback: 'kategorie',
                  exceptId: category.id,
                });
          const row = await repo.updateCategory(tx, category.id, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(slug ? { slug } : {}),
          });
          return { row, rows: await repo.listCategories(tx, category.appId) };
        }),
      );
      if (!row) {
        throw notFound();
      }
      return present(row, rows, access);
    },

    /** `DELETE /helpdesk/categories/{id}`: its subcategories and every article under it go along. */
    async remove({ category }: CategoryAccess): Promise<void> {
      await db.transaction(async (tx) => {
        await lockHelpdesk(tx, category.appId);
        if (!(await repo.deleteCategory(tx, category.id))) {
          throw notFound();
        }
      });
    },

    /**
     * `PATCH /apps/{appId}/helpdesk/categories/move`: right after its sibling `prevId` under `parentId` (absent:
     * the same parent). 400 for a parent inside the category's own subtree (a cycle) and past three levels.
     */
    async move(access: HelpdeskAccess, body: HelpdeskCategoryMoveBody): Promise<HelpdeskCategory> {
      const appId = access.app.app.id;
      const { row, rows } = await db.transaction(async (tx) => {
        await lockHelpdesk(tx, appId);
        const rows = await repo.listCategories(tx, appId);
        const moved = rows.find((item) => item.id === body.id);
        if (!moved) {
          throw badRequest({ id: 'validation.invalidValue' });
        }
        const parentId = body.parentId === undefined ? moved.parentId : body.parentId;
        const parent = parentOf(rows, parentId);
        if (parent && subtreeIds(rows, moved.id).has(parent.id)) {
          throw badRequest({ parentId: 'validation.invalidValue' });
        }
        const parentDepth = parent ? pathTo(rows, parent.id).length : 0;
        if (parentDepth + heightOf(rows, moved.id) > helpdeskLimits.depth) {
          throw tooDeep();
        }
        const siblings = rows.filter((item) => item.parentId === parentId);
        const position = await placeAfter(siblings, moved.id, body.prevId, async (id, next) => {
          await repo.updateCategory(
            tx,
            id,
            id === moved.id ? { position: next, parentId } : { position: next },
          );
        });
        const row = { ...moved, parentId, position };
        return { row, rows: rows.map((item) => (item.id === row.id ? row : item)) };
      });
      return present(row, rows, access);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
