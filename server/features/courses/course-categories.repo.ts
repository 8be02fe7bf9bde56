import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { courseCategories, courseCategoryCourses, courses } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

export type CourseCategoryRow = typeof courseCategories.$inferSelect;
export type CourseCategoryWithCount = CourseCategoryRow & { coursesCount: number };

/** Which live courses a count includes: every one, or those the catalogue lists (published, not link-only). */
export type CoursesCounted = 'all' | 'listed';

const inOrder = [asc(courseCategories.position), asc(courseCategories.id)] as const;

function countedCourses(counted: CoursesCounted): SQL | undefined {
  return and(
    isNull(courses.deletedAt),
    counted === 'listed'
      ? and(eq(courses.isPublished, true), eq(courses.isShowedOnlyByDirectLink, false))
      : undefined,
  );
}

/** One page of the app's categories in order, each with its counted courses, and the total. */
export async function listCourseCategories(
  db: DbOrTx,
  appId: string,
  query: { counted: CoursesCounted; limit: number; offset: number },
): Promise<{ rows: CourseCategoryWithCount[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ category: courseCategories, coursesCount: count(courses.id) })
      .from(courseCategories)
      .leftJoin(courseCategoryCourses, eq(courseCategoryCourses.categoryId, courseCategories.id))
      .leftJoin(courses, and(eq(courses.id, courseCategoryCourses.courseId), countedCourses(query.counted)))
      .where(eq(courseCategories.appId, appId))
      .groupBy(courseCategories.id)
      .orderBy(...inOrder)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(courseCategories).where(eq(courseCategories.appId, appId)),
  ]);
  return {
    rows: rows.map(({ category, coursesCount }) => ({ ...category, coursesCount })),
    total: total?.n ?? 0,
  };
}

/** The dropdown: names containing `search` (case-insensitive), in order. */
export async function courseCategoryChoices(
  db: DbOrTx,
  appId: string,
  query: { search: string | undefined; limit: number; offset: number },
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const where = and(
    eq(courseCategories.appId, appId),
    query.search ? ilike(courseCategories.name, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: courseCategories.id, name: courseCategories.name })
      .from(courseCategories)
      .where(where)
      .orderBy(...inOrder)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(courseCategories).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCourseCategory(db: DbOrTx, id: string): Promise<CourseCategoryRow | undefined> {
  const [row] = await db.select().from(courseCategories).where(eq(courseCategories.id, id));
  return row;
}

export async function countCoursesIn(
  db: DbOrTx,
  categoryId: string,
  counted: CoursesCounted,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseCategoryCourses)
    .innerJoin(courses, eq(courses.id, courseCategoryCourses.courseId))
    .where(and(eq(courseCategoryCourses.categoryId, categoryId), countedCourses(counted)));
  return row?.n ?? 0;
}

/** Adding and moving categories read the app's order and then write it: they take turns per app. */
export async function lockCourseCategories(db: DbOrTx, appId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-categories:${appId}`}, 0))`);
}

/** Moving courses within a category reads its order and then writes it: they take turns per category. */
export async function lockCategoryCourses(db: DbOrTx, categoryId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`course-category-courses:${categoryId}`}, 0))`,
  );
}

/** The ids of the app's categories in order (moves). */
export async function courseCategoryIdsInOrder(db: DbOrTx, appId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.appId, appId))
    .orderBy(...inOrder);
  return rows.map((row) => row.id);
}

/** The ids of the courses in the category in order (moves). */
export async function categoryCourseIdsInOrder(db: DbOrTx, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseCategoryCourses.courseId })
    .from(courseCategoryCourses)
    .where(eq(courseCategoryCourses.categoryId, categoryId))
    .orderBy(asc(courseCategoryCourses.position), asc(courseCategoryCourses.courseId));
  return rows.map((row) => row.id);
}

/** Inserted after the app's last category. */
export async function insertCourseCategoryLast(
  db: DbOrTx,
  values: { id: string; appId: string; name: string },
): Promise<CourseCategoryRow> {
  const [row] = await db
    .insert(courseCategories)
    .values({
      ...values,
      position: sql`coalesce((select max(${courseCategories.position}) from ${courseCategories} where ${courseCategories.appId} = ${values.appId}), 0) + 1`,
    })
    .returning();
  return row!;
}

export async function renameCourseCategory(
  db: DbOrTx,
  id: string,
  name: string,
): Promise<CourseCategoryRow | undefined> {
  const [row] = await db
    .update(courseCategories)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(courseCategories.id, id))
    .returning();
  return row;
}

/** Numbers the app's categories 1, 2, 3 … in the given order, writing only the rows whose place changed. */
export async function renumberCourseCategories(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<void> {
  await db.execute(sql`
    update ${courseCategories} as c set position = o.n, updated_at = now()
    from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as o(id, n)
    where c.id = o.id and c.app_id = ${appId} and c.position <> o.n`);
}

/** Numbers the category's courses 1, 2, 3 … in the given order, writing only the rows whose place changed. */
export async function renumberCategoryCourses(
  db: DbOrTx,
  categoryId: string,
  courseIds: readonly string[],
): Promise<void> {
  await db.execute(sql`
    update ${courseCategoryCourses} as l set position = o.n
    from unnest(${`{${courseIds.join(',')}}`}::uuid[]) with ordinality as o(id, n)
    where l.course_id = o.id and l.category_id = ${categoryId} and l.position <> o.n`);
}

/** The courses of the category stay; their links to it go with it (the foreign key cascades). */
export async function deleteCourseCategory(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(courseCategories)
    .where(eq(courseCategories.id, id))
    .returning({ id: courseCategories.id });
  return rows.length === 1;
}
