import { eq, sql } from 'drizzle-orm';
import { createChangeCache } from '../../db/change-cache.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { courseLessons, courseModules, courses } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { servicesOf } from '../apps/public.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { courseAbilities, seesCourses, type CourseAbility, type CoursesActor } from './courses.policy.ts';

/*
 * The caller as the courses see them, and the courses' route scopes: the platform resolves them before the
 * handler (404 when the course, module or lesson is not visible: courses.policy.ts) and checks the declared
 * ability (403). Modules and lessons carry their course's abilities (spec §6 "Course, module, lesson").
 */

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof courseModules.$inferSelect;
export type LessonRow = typeof courseLessons.$inferSelect;

export function coursesActorOf(app: AppAccess): CoursesActor {
  const serviceOn = servicesOf(app.app.options).courses;
  return {
    role: app.role,
    sanction: app.sanction,
    profileId: app.profile?.id ?? null,
    serviceOn,
    viewsApp: app.can.includes('view'),
    guestsMayView: serviceOn && app.app.serviceSettings.courses?.isVisibleToGuests === true,
  };
}

/** The app's courses as the caller sees them; 404 when the service is not theirs to see. */
export type CoursesView = { app: AppAccess; actor: CoursesActor };

export function coursesViewOf(app: AppAccess): CoursesView {
  const actor = coursesActorOf(app);
  if (!seesCourses(actor)) {
    throw notFound();
  }
  return { app, actor };
}

export type CourseAccessOf = CoursesView & { course: CourseRow; can: CourseAbility[] };
export type ModuleAccessOf = CourseAccessOf & { module: ModuleRow };
export type LessonAccessOf = CourseAccessOf & { lesson: LessonRow };

/** The caller's access to a course of the app; 404 when they may not see it. */
export function courseAccessOf(app: AppAccess, course: CourseRow): CourseAccessOf {
  if (course.appId !== app.app.id) {
    throw notFound();
  }
  const view = coursesViewOf(app);
  const can = courseAbilities(view.actor, {
    isPublished: course.isPublished,
    isDeleted: course.deletedAt !== null,
  });
  if (!can.includes('view')) {
    throw notFound();
  }
  return { ...view, course, can };
}

// The course page's scope (a hot read): prepared once per handle.
const courseById = preparedQuery((db) =>
  db
    .select()
    .from(courses)
    .where(eq(courses.id, sql.placeholder('id')))
    .prepare('course_by_id'),
);

/*
 * Course rows, and lessons with their course, kept in memory per instance: every member's course page and the
 * player's position saves (every few seconds) resolve them first, and they change when someone edits the course.
 * Every committed change of either is announced (migration 0036), and the course's `updated_at` — raised by every
 * change of its modules and lessons — is what the kept outlines and course pages are told apart by.
 */
const courseRows = createChangeCache<CourseRow>({ tagsOf: (key) => [`course:${key}`] });
const lessonRows = createChangeCache<{ lesson: LessonRow; course: CourseRow }>({
  tagsOf: (_key, row) => [`lesson:${row.lesson.id}`, `course:${row.course.id}`],
});

async function courseOf(db: DbOrTx, actor: Actor, courseId: string): Promise<CourseAccessOf> {
  const course = await courseRows.read(db, courseId, async () => {
    const [row] = await courseById(db).execute({ id: courseId });
    return row;
  });
  if (!course) {
    throw notFound();
  }
  return courseAccessOf(await loadAppAccess(db, actor, course.appId), course);
}

export const loadCourseAccess = courseOf;

export async function loadModuleAccess(db: DbOrTx, actor: Actor, id: string): Promise<ModuleAccessOf> {
  const [module] = await db.select().from(courseModules).where(eq(courseModules.id, id));
  if (!module) {
    throw notFound();
  }
  return { ...(await courseOf(db, actor, module.courseId)), module };
}

// A lesson and its course in one read: the player saves its position through this every few seconds.
const lessonWithCourse = preparedQuery((db) =>
  db
    .select({ lesson: courseLessons, course: courses })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(eq(courseLessons.id, sql.placeholder('id')))
    .prepare('course_lesson_with_course'),
);

export async function loadLessonAccess(db: DbOrTx, actor: Actor, id: string): Promise<LessonAccessOf> {
  const found = await lessonRows.read(db, id, async () => {
    const [row] = await lessonWithCourse(db).execute({ id });
    return row;
  });
  if (!found) {
    throw notFound();
  }
  return {
    ...courseAccessOf(await loadAppAccess(db, actor, found.course.appId), found.course),
    lesson: found.lesson,
  };
}

export type CourseScopes = ReturnType<typeof createCourseScopes>;

export function createCourseScopes(db: DbOrTx) {
  const scope = <T extends { can: CourseAbility[] }>(
    subject: 'course' | 'module' | 'lesson',
    load: (db: DbOrTx, actor: Actor, id: string) => Promise<T>,
  ) =>
    function (param = 'id'): RouteScope<T> {
      return {
        label: `${subject}(:${param})`,
        subjects: [subject],
        resolve: (request) => load(db, request.actor, paramOf(request, param)),
        abilities: (access) => access.can.map((name) => `${subject}:${name}`),
      };
    };
  return {
    /** The app of `:appId` for the courses: 404 when the service is not the caller's to see. */
    app(param = 'appId'): RouteScope<CoursesView> {
      return {
        label: `courses-app(:${param})`,
        subjects: ['app'],
        resolve: async (request) =>
          coursesViewOf(await loadAppAccess(db, request.actor, paramOf(request, param))),
        abilities: (access) => access.app.can.map((name) => `app:${name}`),
      };
    },
    course: scope('course', loadCourseAccess),
    module: scope('module', loadModuleAccess),
    lesson: scope('lesson', loadLessonAccess),
  };
}
