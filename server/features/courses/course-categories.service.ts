import type { CourseCategory, CourseCategoryList } from '../../../contracts/courses.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { loadAppAccess } from '../workspace/public.ts';
import { presentCourseCategory } from './course-categories.presenter.ts';
import * as repo from './course-categories.repo.ts';
import { coursesViewOf, type CoursesView } from './courses.access.ts';
import { isCoursesManager } from './courses.policy.ts';

/** A category and the caller's view of its app's courses (`PATCH|DELETE /categories/{id}`). */
export type CourseCategoryAccess = CoursesView & { category: repo.CourseCategoryRow };

/** 404 unless the category exists and its app's courses are the caller's to see; the route checks the ability. */
export async function loadCourseCategoryAccess(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<CourseCategoryAccess> {
  const category = await repo.findCourseCategory(db, id);
  if (!category) {
    throw notFound();
  }
  return { ...coursesViewOf(await loadAppAccess(db, actor, category.appId)), category };
}

/**
 * The ids in their order after moving `id` right after `prevId` (null: first). 400 with `errors[idField]` when
 * `id` is not among them, with `errors.prevId` when `prevId` is `id` itself or not among them.
 */
export function orderAfterMove(
  ids: readonly string[],
  move: { id: string; prevId: string | null; idField: string },
): string[] {
  const { id, prevId } = move;
  if (!ids.includes(id)) {
    throw badRequest({ [move.idField]: validationKeys.invalidValue });
  }
  const rest = ids.filter((other) => other !== id);
  const at = prevId === null ? 0 : rest.indexOf(prevId) + 1;
  if (prevId === id || (at === 0 && prevId !== null)) {
    throw badRequest({ prevId: validationKeys.invalidValue });
  }
  rest.splice(at, 0, id);
  return rest;
}

/** Managers count every live course of a category; others the ones the catalogue lists them. */
const countedFor = (view: CoursesView): repo.CoursesCounted =>
  isCoursesManager(view.actor) ? 'all' : 'listed';

/**
 * Course categories (COURSES-06…11, 13): flat, ordered by `prevId` moves, each ordering its courses (a course
 * sits in several). The app's `create_category` (its managers) changes them; whoever sees the courses reads
 * them. Deleting one leaves its courses, out of it.
 */
export function createCourseCategoryService(deps: { db: Db }) {
  const { db } = deps;
  const withCount = async (view: CoursesView, row: repo.CourseCategoryRow) =>
    presentCourseCategory({ ...row, coursesCount: await repo.countCoursesIn(db, row.id, countedFor(view)) });

  return {
    async list(view: CoursesView, query: { page: number; limit: number }): Promise<CourseCategoryList> {
      const { rows, total } = await repo.listCourseCategories(db, view.app.app.id, {
        counted: countedFor(view),
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows.map(presentCourseCategory), total, query);
    },

    async dropdown(
      view: CoursesView,
      query: { page: number; limit: number; search?: string | undefined },
    ): Promise<Paginated<{ id: string; name: string }>> {
      const { rows, total } = await repo.courseCategoryChoices(db, view.app.app.id, {
        search: query.search || undefined,
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows, total, query);
    },

    async create(view: CoursesView, body: { name: string }): Promise<CourseCategory> {
      const row = await db.transaction(async (tx) => {
        await repo.lockCourseCategories(tx, view.app.app.id);
        return repo.insertCourseCategoryLast(tx, { id: newId(), appId: view.app.app.id, name: body.name });
      });
      return presentCourseCategory({ ...row, coursesCount: 0 });
    },

    async rename(access: CourseCategoryAccess, body: { name: string }): Promise<CourseCategory> {
      const row = await repo.renameCourseCategory(db, access.category.id, body.name);
      if (!row) {
        throw notFound();
      }
      return withCount(access, row);
    },

    async remove({ category }: CourseCategoryAccess): Promise<void> {
      if (!(await repo.deleteCourseCategory(db, category.id))) {
        throw notFound();
      }
    },

    /** The app's category `id` right after `prevId` (null: first); they are numbered 1, 2, 3 … again. */
    async move(view: CoursesView, body: { id: string; prevId: string | null }): Promise<CourseCategory> {
      const appId = view.app.app.id;
      await db.transaction(async (tx) => {
        await repo.lockCourseCategories(tx, appId);
        const order = orderAfterMove(await repo.courseCategoryIdsInOrder(tx, appId), {
          ...body,
          idField: 'id',
        });
        await repo.renumberCourseCategories(tx, appId, order);
      });
      const row = await repo.findCourseCategory(db, body.id);
      if (!row) {
        throw notFound();
      }
      return withCount(view, row);
    },

    /** The category's course right after `prevId` (null: first); its courses are numbered 1, 2, 3 … again. */
    async moveCourse(
      { category }: CourseCategoryAccess,
      body: { courseId: string; prevId: string | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockCategoryCourses(tx, category.id);
        const order = orderAfterMove(await repo.categoryCourseIdsInOrder(tx, category.id), {
          id: body.courseId,
          prevId: body.prevId,
          idField: 'courseId',
        });
        await repo.renumberCategoryCourses(tx, category.id, order);
      });
    },
  };
}

export type CourseCategoryService = ReturnType<typeof createCourseCategoryService>;
