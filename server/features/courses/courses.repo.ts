import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  apps,
  courseCategories,
  courseCategoryCourses,
  courseEnrollments,
  courseFavorites,
  courseLessons,
  courses,
  courseSpeakers,
  profiles,
} from '../../db/schema/index.ts';
import type { CourseRow, LessonRow } from './courses.access.ts';
import type { EnrollmentRow } from './course-standing.ts';
import { containsPattern } from '../../db/like.ts';

/** Which courses of an app a list reads. */
export type CourseFilter = {
  appId: string;
  /** Managers see drafts; everyone else published ones not kept to their direct link. */
  managerView: boolean;
  profileId: string | null;
  categoryId?: string | undefined;
  search?: string | undefined;
  filter: 'all' | 'published' | 'drafts' | 'favorites' | 'started';
};

function conditions(filter: CourseFilter): SQL[] {
  const where: SQL[] = [eq(courses.appId, filter.appId), isNull(courses.deletedAt)];
  if (!filter.managerView) {
    where.push(eq(courses.isPublished, true), eq(courses.isShowedOnlyByDirectLink, false));
  }
  if (filter.filter === 'published') {
    where.push(eq(courses.isPublished, true));
  }
  if (filter.filter === 'drafts') {
    where.push(eq(courses.isPublished, false));
  }
  if (filter.search) {
    where.push(ilike(courses.name, containsPattern(filter.search)));
  }
  if (filter.categoryId) {
    where.push(
      sql`exists (select 1 from ${courseCategoryCourses} cc where cc.course_id = ${courses.id} and cc.category_id = ${filter.categoryId})`,
    );
  }
  const profileId = filter.profileId ?? '00000000-0000-0000-0000-000000000000';
  if (filter.filter === 'favorites') {
    where.push(
      sql`exists (select 1 from ${courseFavorites} f where f.course_id = ${courses.id} and f.profile_id = ${profileId})`,
    );
  }
  if (filter.filter === 'started') {
    where.push(
      sql`exists (select 1 from ${courseEnrollments} e where e.course_id = ${courses.id} and e.profile_id = ${profileId})`,
    );
  }
  return where;
}

/** One page of courses, newest first (in a category: the category's order). */
export async function listCourses(
  db: DbOrTx,
  filter: CourseFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CourseRow[]; total: number }> {
  const where = and(...conditions(filter));
  const order = filter.categoryId
    ? [
        sql`(select cc.position from ${courseCategoryCourses} cc where cc.course_id = ${courses.id} and cc.category_id = ${filter.categoryId})`,
        desc(courses.createdAt),
      ]
    : [desc(courses.createdAt), desc(courses.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(courses)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLiveCourseBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.appId, appId), eq(courses.slug, slug), isNull(courses.deletedAt)));
  return row;
}

export async function findLessonBySlug(
  db: DbOrTx,
  appId: string,
  slug: string,
): Promise<LessonRow | undefined> {
  const [row] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.appId, appId), eq(courseLessons.slug, slug)));
  return row;
}

export type Person = { id: string; firstName: string; lastName: string; avatarId: string | null };

/** What the courses' answers show beside their rows: categories, speakers, the caller's favourites and standing. */
export type CourseExtras = {
  categories: Map<string, { id: string; name: string }[]>;
  speakers: Map<string, Person[]>;
  favorites: Set<string>;
  enrollments: Map<string, EnrollmentRow & { lastLessonSlug: string | null }>;
};

export async function courseExtras(
  db: DbOrTx,
  courseIds: readonly string[],
  profileId: string | null,
): Promise<CourseExtras> {
  if (courseIds.length === 0) {
    return { categories: new Map(), speakers: new Map(), favorites: new Set(), enrollments: new Map() };
  }
  const ids = [...courseIds];
  const [categoryRows, speakerRows, favoriteRows, enrollmentRows] = await Promise.all([
    db
      .select({
        courseId: courseCategoryCourses.courseId,
        id: courseCategories.id,
        name: courseCategories.name,
      })
      .from(courseCategoryCourses)
      .innerJoin(courseCategories, eq(courseCategories.id, courseCategoryCourses.categoryId))
      .where(inArray(courseCategoryCourses.courseId, ids))
      .orderBy(asc(courseCategories.position)),
    db
      .select({
        courseId: courseSpeakers.courseId,
        id: profiles.id,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        avatarId: profiles.avatarId,
      })
      .from(courseSpeakers)
      .innerJoin(profiles, and(eq(profiles.id, courseSpeakers.profileId), isNull(profiles.deletedAt)))
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(inArray(courseSpeakers.courseId, ids))
      .orderBy(asc(courseSpeakers.position)),
    profileId
      ? db
          .select({ courseId: courseFavorites.courseId })
          .from(courseFavorites)
          .where(and(eq(courseFavorites.profileId, profileId), inArray(courseFavorites.courseId, ids)))
      : [],
    profileId
      ? db
          .select({ enrollment: courseEnrollments, lastLessonSlug: courseLessons.slug })
          .from(courseEnrollments)
          .leftJoin(courseLessons, eq(courseLessons.id, courseEnrollments.lastLessonId))
          .where(and(eq(courseEnrollments.profileId, profileId), inArray(courseEnrollments.courseId, ids)))
      : [],
  ]);
  const grouped = <T extends { courseId: string }, V>(rows: T[], value: (row: T) => V) => {
    const map = new Map<string, V[]>();
    for (const row of rows) {
      map.set(row.courseId, [...(map.get(row.courseId) ?? []), value(row)]);
    }
    return map;
  };
  return {
    categories: grouped(categoryRows, ({ id, name }) => ({ id, name })),
    speakers: grouped(speakerRows, ({ courseId: _, ...person }) => person),
    favorites: new Set(favoriteRows.map((row) => row.courseId)),
    enrollments: new Map(
      enrollmentRows.map((row) => [
        row.enrollment.courseId,
        { ...row.enrollment, lastLessonSlug: row.lastLessonSlug },
      ]),
    ),
  };
}

export async function insertCourse(db: DbOrTx, values: typeof courses.$inferInsert): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourse(
  db: DbOrTx,
  id: string,
  values: Partial<typeof courses.$inferInsert>,
): Promise<CourseRow | undefined> {
  const [row] = await db
    .update(courses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(courses.id, id), isNull(courses.deletedAt)))
    .returning();
  return row;
}

/** A deleted course keeps its rows (progress, enrollments) but leaves every list and page. */
export async function softDeleteCourse(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(courses)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(courses.id, id), isNull(courses.deletedAt)))
    .returning({ id: courses.id });
  return rows.length === 1;
}

/** The course's categories: kept ones keep their place in the category, new ones put it last. */
export async function setCourseCategories(db: DbOrTx, courseId: string, categoryIds: readonly string[]) {
  await db
    .delete(courseCategoryCourses)
    .where(
      and(
        eq(courseCategoryCourses.courseId, courseId),
        categoryIds.length > 0
          ? sql`${courseCategoryCourses.categoryId} <> all(${sql.param([...categoryIds])}::uuid[])`
          : undefined,
      ),
    );
  for (const categoryId of categoryIds) {
    await db
      .insert(courseCategoryCourses)
      .values({
        categoryId,
        courseId,
        position: sql`coalesce((select max(position) from ${courseCategoryCourses} where category_id = ${categoryId}), 0) + 1`,
      })
      .onConflictDoNothing();
  }
}

export async function setCourseSpeakers(db: DbOrTx, courseId: string, profileIds: readonly string[]) {
  await db.delete(courseSpeakers).where(eq(courseSpeakers.courseId, courseId));
  if (profileIds.length > 0) {
    await db
      .insert(courseSpeakers)
      .values(profileIds.map((profileId, position) => ({ courseId, profileId, position })));
  }
}

/** Which of the ids are categories of the app. */
export async function categoryIdsOfApp(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(and(eq(courseCategories.appId, appId), inArray(courseCategories.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** The dashboard: the courses of the project's apps with enrolments and completions. */
/** One course of the service host's dashboard with its app's name and counts. */
export type DashboardRow = Awaited<ReturnType<typeof dashboardCourses>>['rows'][number];

export async function dashboardCourses(
  db: DbOrTx,
  projectId: string,
  page: { limit: number; offset: number },
) {
  const where = and(eq(apps.projectId, projectId), isNull(courses.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        course: courses,
        appName: apps.name,
        enrollments: sql<number>`(select count(*)::int from ${courseEnrollments} e where e.course_id = ${courses.id})`,
        completions: sql<number>`(select count(*)::int from ${courseEnrollments} e where e.course_id = ${courses.id} and e.completed_at is not null)`,
      })
      .from(courses)
      .innerJoin(apps, eq(apps.id, courses.appId))
      .where(where)
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(courses).innerJoin(apps, eq(apps.id, courses.appId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
