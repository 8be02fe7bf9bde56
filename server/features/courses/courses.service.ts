import type {
  Course,
  CourseCreateBody,
  CourseDashboard,
  CourseList,
  CoursePatchBody,
} from '../../../contracts/courses.ts';
import type { CourseDetail, CourseModule } from '../../../contracts/courses-lessons.ts';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema/index.ts';
import { withUniqueSlug, type SlugTable } from '../../db/unique-slug.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import { loadAppAccess } from '../workspace/public.ts';
import type { Actor } from '../../platform/auth.ts';
import { courseAccessOf, type CourseAccessOf, type CourseRow, type CoursesView } from './courses.access.ts';
import { courseForm } from './courses.form.ts';
import { isCoursesManager } from './courses.policy.ts';
import {
  listedStanding,
  percentOf,
  presentCourse,
  presentDashboardRow,
  presentPicture,
  type PresentedStanding,
} from './courses.presenter.ts';
import * as repo from './courses.repo.ts';
import { evaluateCourse, isOpen, type Evaluation } from './course-outline.ts';
import { presentLessonSummary } from './lessons.presenter.ts';
import { eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { LevelGate } from '../gamification/public.ts';
import { createCoursePages } from './course-page.ts';

/** Course slugs: unique among the app's live courses; `c` and `l` name the course and lesson pages. */
export const courseSlugs: SlugTable = {
  table: courses,
  id: courses.id,
  appId: courses.appId,
  slug: courses.slug,
  live: isNull(courses.deletedAt),
  maxLength: 100,
  reserved: new Set(['c', 'l', 'create', 'categories', 'dashboard']),
  fallback: 'kurs',
};

/** The caller's standing on the course page: every lesson evaluated, "continue" leads to the right lesson. */
function detailedStanding(row: CourseRow, evaluation: Evaluation): PresentedStanding {
  const { enrollment, progress } = evaluation.standing;
  const lessons = evaluation.outline.lessons;
  const open = lessons.filter((lesson) => isOpen(evaluation.actions.get(lesson.id)) && lesson.isActive);
  const last = lessons.find((lesson) => lesson.id === enrollment?.lastLessonId);
  const next =
    (last && open.includes(last) && !progress.get(last.id)?.completedAt ? last : undefined) ??
    open.find((lesson) => !progress.get(lesson.id)?.completedAt) ??
    open[0];
  return {
    courseAction: evaluation.courseAction,
    progress: enrollment
      ? {
          completedLessons: enrollment.completedLessons,
          percent: percentOf(enrollment.completedLessons, row.lessonsCount),
          nextLessonSlug: next?.slug ?? null,
          startedAt: enrollment.createdAt.toISOString(),
          completedAt: enrollment.completedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The modules with every lesson's summary for the caller (non-managers do not see inactive lessons). */
export function presentModules(
  sign: UrlSign,
  access: CourseAccessOf,
  evaluation: Evaluation,
): CourseModule[] {
  const manager = isCoursesManager(access.actor);
  return evaluation.outline.modules.map((module) => ({
    id: module.id,
    courseId: module.courseId,
    name: module.name,
    cover: presentPicture(sign, module.coverId),
    position: module.position,
    dripDays: module.dripDays,
    dripDate: module.dripDate,
    lessonsCount: module.lessonsCount,
    lessons: evaluation.outline.lessons
      .filter((lesson) => lesson.moduleId === module.id && (manager || lesson.isActive))
      .map((lesson) =>
        presentLessonSummary(
          lesson,
          evaluation.actions.get(lesson.id),
          evaluation.standing.progress.get(lesson.id),
        ),
      ),
  }));
}

/**
 * Courses (COURSES-01…05): the catalogue, the course page with every lesson's action for the caller, and the
 * managers' create, edit and delete. Drafts and direct-link-only courses stay out of members' lists.
 */
export function createCourseService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  /** The course page for the caller, and the evaluation it shows (course-page.ts keeps the answer). */
  async function detail(access: CourseAccessOf, gate: LevelGate, now: Date) {
    const [evaluation, extras] = await Promise.all([
      evaluateCourse(db, access, now, gate),
      repo.courseExtras(db, [access.course.id], access.actor.profileId),
    ]);
    const page: CourseDetail = {
      ...presentCourse(sign, access.course, extras, access.can, detailedStanding(access.course, evaluation)),
      modules: presentModules(sign, access, evaluation),
    };
    return { detail: page, evaluation };
  }
  const pages = createCoursePages({ db, produce: detail });

  return {
    async list(
      view: CoursesView,
      query: {
        page: number;
        limit: number;
        categoryId?: string | undefined;
        search?: string | undefined;
        filter: repo.CourseFilter['filter'];
      },
    ): Promise<CourseList> {
      const manager = isCoursesManager(view.actor);
      const { rows, total } = await repo.listCourses(
        db,
        {
          appId: view.app.app.id,
          managerView: manager,
          profileId: view.actor.profileId,
          categoryId: query.categoryId,
          search: query.search || undefined,
          filter: query.filter,
        },
        { limit: query.limit, offset: pageOffset(query) },
      );
      const extras = await repo.courseExtras(
        db,
        rows.map((row) => row.id),
        view.actor.profileId,
      );
      const items = rows.map((row) => {
        const access = courseAccessOf(view.app, row);
        return presentCourse(sign, row, extras, access.can, listedStanding(row, extras, manager));
      });
      return paginate(items, total, query);
    },

    /** Sends the course page: modules and every lesson with its action for the caller. */
    sendDetail: (reply: FastifyReply, access: CourseAccessOf) => pages.send(reply, access),

    /** The course page by its address (`courses/c/{slug}`): direct-link-only courses open here too. */
    async sendDetailBySlug(reply: FastifyReply, actor: Actor, appId: string, slug: string) {
      const row = await repo.findLiveCourseBySlug(db, appId, slug);
      if (!row) {
        throw notFound();
      }
      return pages.send(reply, courseAccessOf(await loadAppAccess(db, actor, appId), row));
    },

    async create(view: CoursesView, body: CourseCreateBody): Promise<Course> {
      const form = await courseForm(db, view.app, body);
      const id = newId();
      await db.transaction(async (tx) => {
        await withUniqueSlug(
          tx,
          courseSlugs,
          { appId: view.app.app.id, chosen: form.slug, name: body.name },
          (slug) =>
            repo.insertCourse(tx, {
              type: body.type,
              name: body.name,
              ...form.values,
              id,
              appId: view.app.app.id,
              slug,
              authorProfileId: view.actor.profileId,
              publishedAt: form.values.isPublished ? new Date() : null,
            }),
        );
        await repo.setCourseCategories(tx, id, form.categoryIds ?? []);
        await repo.setCourseSpeakers(tx, id, form.speakerIds ?? []);
      });
      return presentOne(view, id);
    },

    async update(access: CourseAccessOf, body: CoursePatchBody): Promise<Course> {
      const form = await courseForm(db, access.app, body, access.course);
      const { course } = access;
      await db.transaction(async (tx) => {
        await withUniqueSlug(
          tx,
          courseSlugs,
          { appId: course.appId, chosen: form.slug, name: course.name, exceptId: course.id },
          async (slug) => {
            const changed = await repo.updateCourse(tx, course.id, {
              ...form.values,
              ...(form.slug !== undefined && { slug }),
              ...(form.values.isPublished && !course.publishedAt && { publishedAt: new Date() }),
            });
            if (!changed) {
              throw notFound();
            }
          },
        );
        if (form.categoryIds) {
          await repo.setCourseCategories(tx, course.id, form.categoryIds);
        }
        if (form.speakerIds) {
          await repo.setCourseSpeakers(tx, course.id, form.speakerIds);
        }
      });
      return presentOne(access, course.id);
    },

    async remove(access: CourseAccessOf): Promise<void> {
      if (!(await repo.softDeleteCourse(db, access.course.id))) {
        throw notFound();
      }
    },

    /** The service host's dashboard (ROUTE-57): every app's courses with enrolments and completion rates. */
    async dashboard(projectId: string, query: { page: number; limit: number }): Promise<CourseDashboard> {
      const { rows, total } = await repo.dashboardCourses(db, projectId, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return paginate(rows.map(presentDashboardRow), total, query);
    },
  };

  async function presentOne(view: CoursesView, id: string): Promise<Course> {
    const [row] = await db.select().from(courses).where(eq(courses.id, id));
    if (!row) {
      throw notFound();
    }
    const access = courseAccessOf(view.app, row);
    const extras = await repo.courseExtras(db, [id], view.actor.profileId);
    return presentCourse(
      sign,
      row,
      extras,
      access.can,
      listedStanding(row, extras, isCoursesManager(view.actor)),
    );
  }
}

export type CourseService = ReturnType<typeof createCourseService>;
