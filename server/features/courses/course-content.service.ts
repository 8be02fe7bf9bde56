import type {
  CourseModule,
  LessonCreateBody,
  LessonPatchBody,
  LessonSummary,
  ModuleBody,
} from '../../../contracts/courses-lessons.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { courseLessons } from '../../db/schema/index.ts';
import { withUniqueSlug, type SlugTable } from '../../db/unique-slug.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pictureFieldErrors, type UrlSign } from '../cloud/public.ts';
import { orderAfterMove } from './course-categories.service.ts';
import * as repo from './course-content.repo.ts';
import { evaluateCourse, forgetOutline } from './course-outline.ts';
import type { CourseAccessOf, LessonAccessOf, LessonRow, ModuleAccessOf } from './courses.access.ts';
import { presentModules } from './courses.service.ts';
import { lessonValues } from './lessons.form.ts';

/** Lesson slugs: unique per app (the lesson page `courses/l/{slug}`). */
export const lessonSlugs: SlugTable = {
  table: courseLessons,
  id: courseLessons.id,
  appId: courseLessons.appId,
  slug: courseLessons.slug,
  maxLength: 100,
  reserved: new Set(['edit', 'create']),
  fallback: 'lektion',
};

/** Drip on a module or lesson: a date wins; a date clears the days and the other way round. */
function dripValues(body: { dripDays?: number | null; dripDate?: string | null }) {
  if (body.dripDate) {
    return { dripDate: body.dripDate, dripDays: null };
  }
  if (body.dripDays !== undefined && body.dripDays !== null) {
    return { dripDays: body.dripDays, dripDate: null };
  }
  return {
    ...(body.dripDays === null && { dripDays: null }),
    ...(body.dripDate === null && { dripDate: null }),
  };
}

/**
 * Modules and lessons (COURSES-14…22): the course's managers add, change, order, move and delete them; every
 * change that touches what counts (a lesson's active flag, deletions, moves) recounts the course's counters and
 * each member's completed lessons in the same transaction.
 */
export function createCourseContentService(deps: { db: Db; sign: UrlSign; imageOrigins: readonly string[] }) {
  const { db, sign } = deps;

  async function presentModule(access: CourseAccessOf, moduleId: string): Promise<CourseModule> {
    const evaluation = await evaluateCourse(db, access);
    const module = presentModules(sign, access, evaluation).find((candidate) => candidate.id === moduleId);
    if (!module) {
      throw notFound();
    }
    return module;
  }

  async function moduleValues(access: CourseAccessOf, body: ModuleBody, currentCover?: string | null) {
    if (body.coverId !== undefined && body.coverId !== null && body.coverId !== currentCover) {
      const errors = await pictureFieldErrors(db, access.app.project.id, { coverId: body.coverId });
      if (Object.keys(errors).length > 0) {
        throw badRequest(errors);
      }
    }
    return {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.coverId !== undefined && { coverId: body.coverId }),
      ...dripValues(body),
    };
  }

  /** Runs a structure change of the course under its lock and recounts its counters after it. */
  const changing = async <T>(courseId: string, change: (tx: DbOrTx) => Promise<T>) => {
    const result = await db.transaction(async (tx) => {
      await repo.lockCourse(tx, courseId);
      const changed = await change(tx);
      await repo.recountCourse(tx, courseId);
      return changed;
    });
    forgetOutline(courseId);
    return result;
  };

  return {
    async createModule(access: CourseAccessOf, body: ModuleBody & { name: string }): Promise<CourseModule> {
      const values = await moduleValues(access, body);
      const id = newId();
      await changing(access.course.id, (tx) =>
        repo.insertModule(tx, { ...values, name: body.name, id, courseId: access.course.id }),
      );
      return presentModule(access, id);
    },

    async updateModule(access: ModuleAccessOf, body: ModuleBody): Promise<CourseModule> {
      const values = await moduleValues(access, body, access.module.coverId);
      await db.transaction(async (tx) => {
        await repo.updateModule(tx, access.module.id, values);
        await repo.touchCourse(tx, access.course.id);
      });
      forgetOutline(access.course.id);
      return presentModule(access, access.module.id);
    },

    /** Its lessons go with it (and with them the members' progress in them). */
    async deleteModule(access: ModuleAccessOf): Promise<void> {
      await changing(access.course.id, (tx) => repo.deleteModule(tx, access.module.id));
    },

    async moveModule(access: ModuleAccessOf, prevId: string | null): Promise<CourseModule> {
      await changing(access.course.id, async (tx) => {
        const order = orderAfterMove(await repo.moduleIdsInOrder(tx, access.course.id), {
          id: access.module.id,
          prevId,
          idField: 'id',
        });
        await repo.renumberModules(tx, access.course.id, order);
      });
      return presentModule(access, access.module.id);
    },

    async lessons(access: ModuleAccessOf): Promise<LessonSummary[]> {
      return (await presentModule(access, access.module.id)).lessons;
    },

    async createLesson(access: ModuleAccessOf, body: LessonCreateBody): Promise<LessonRow> {
      const form = await lessonValues(db, access.app, body, deps);
      const id = newId();
      return changing(access.course.id, (tx) =>
        withUniqueSlug(
          tx,
          lessonSlugs,
          { appId: access.course.appId, chosen: form.slug, name: body.name },
          (slug) =>
            repo.insertLesson(tx, {
              ...form.values,
              name: body.name,
              id,
              slug,
              appId: access.course.appId,
              courseId: access.course.id,
              moduleId: access.module.id,
              ...dripValues(body),
            }),
        ),
      );
    },

    async updateLesson(access: LessonAccessOf, body: LessonPatchBody): Promise<LessonRow> {
      const form = await lessonValues(db, access.app, body, deps);
      const { lesson } = access;
      const changed = await changing(access.course.id, (tx) =>
        withUniqueSlug(
          tx,
          lessonSlugs,
          { appId: lesson.appId, chosen: form.slug, name: lesson.name, exceptId: lesson.id },
          (slug) =>
            repo.updateLesson(tx, lesson.id, {
              ...form.values,
              ...(form.slug !== undefined && { slug }),
              ...dripValues(body),
            }),
        ),
      );
      return present(changed);
    },

    async deleteLesson(access: LessonAccessOf): Promise<void> {
      await changing(access.course.id, (tx) => repo.deleteLesson(tx, access.lesson.id));
    },

    async setActive(access: LessonAccessOf, isActive: boolean): Promise<LessonRow> {
      return present(
        await changing(access.course.id, (tx) => repo.updateLesson(tx, access.lesson.id, { isActive })),
      );
    },

    /** Right after `prevId` in `moduleId` (null: first), which may be another module of the course. */
    async moveLesson(
      access: LessonAccessOf,
      to: { moduleId: string; prevId: string | null },
    ): Promise<LessonRow> {
      await changing(access.course.id, async (tx) => {
        const target = await repo.findModule(tx, to.moduleId);
        if (target?.courseId !== access.course.id) {
          throw badRequest({ moduleId: validationKeys.invalidValue });
        }
        const ids = (await repo.lessonIdsInOrder(tx, target.id)).filter((id) => id !== access.lesson.id);
        const order = orderAfterMove([access.lesson.id, ...ids], {
          id: access.lesson.id,
          prevId: to.prevId,
          idField: 'id',
        });
        await repo.renumberLessons(tx, target.id, order);
      });
      return present(await repo.findLesson(db, access.lesson.id));
    },
  };
}

/** The row a change left, or 404 when it was deleted meanwhile. */
function present(row: LessonRow | undefined): LessonRow {
  if (!row) {
    throw notFound();
  }
  return row;
}

export type CourseContentService = ReturnType<typeof createCourseContentService>;
