import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  courseEnrollments,
  courseLessons,
  courseModules,
  courses,
  lessonProgress,
} from '../../db/schema/index.ts';
import type { LessonRow, ModuleRow } from './courses.access.ts';

/*
 * The course's structure: modules and lessons in order (positions 1, 2, 3 … renumbered on every move, under a
 * per-course lock), and the stored counters that follow it — active lessons per module and course, modules per
 * course, and each enrollment's completed lessons — recounted in the same transaction as the change.
 */

/** Structure changes of one course take turns (orders and counters are read, then written). */
export async function lockCourse(db: DbOrTx, courseId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course:${courseId}`}, 0))`);
}

/**
 * Members' progress writes share the course's lock (with each other, not with a structure change): a recount
 * never misses a completion committed while it counts. Taken first in the transaction, as the recount does.
 */
export async function shareCourse(db: DbOrTx, courseId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${`course:${courseId}`}, 0))`);
}

/**
 * Every counter of the course from its rows: modules' and course's active lessons, the course's modules, and
 * each enrollment's completed active lessons (completed when it reaches the course's lessons, kept otherwise).
 */
export async function recountCourse(db: DbOrTx, courseId: string): Promise<void> {
  await db.execute(sql`
    update ${courseModules} m set lessons_count = (
      select count(*) from ${courseLessons} l where l.module_id = m.id and l.is_active)
    where m.course_id = ${courseId}`);
  await db.execute(sql`
    update ${courses} c set
      modules_count = (select count(*) from ${courseModules} m where m.course_id = c.id),
      lessons_count = (select count(*) from ${courseLessons} l where l.course_id = c.id and l.is_active),
      updated_at = clock_timestamp()
    where c.id = ${courseId}`);
  await db.execute(sql`
    with counted as (
      select e.profile_id, (
        select count(*)::int from ${lessonProgress} p
        join ${courseLessons} l on l.id = p.lesson_id and l.is_active
        where p.course_id = e.course_id and p.profile_id = e.profile_id and p.completed_at is not null
      ) as n
      from ${courseEnrollments} e where e.course_id = ${courseId}
    )
    update ${courseEnrollments} e set completed_lessons = counted.n,
      completed_at = case
        when counted.n >= c.lessons_count and c.lessons_count > 0 then coalesce(e.completed_at, now())
        else null end,
      updated_at = now()
    from counted, ${courses} c
    where e.course_id = ${courseId} and e.profile_id = counted.profile_id and c.id = e.course_id
      and (e.completed_lessons <> counted.n
        or (e.completed_at is null) <> not (counted.n >= c.lessons_count and c.lessons_count > 0))`);
}

/** Raises the course's stamp: its kept outlines are out of date (course-outline.ts). */
export async function touchCourse(db: DbOrTx, courseId: string): Promise<void> {
  await db
    .update(courses)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(courses.id, courseId));
}

export async function insertModule(
  db: DbOrTx,
  values: Omit<typeof courseModules.$inferInsert, 'position'>,
): Promise<ModuleRow> {
  const [row] = await db
    .insert(courseModules)
    .values({
      ...values,
      position: sql`coalesce((select max(position) from ${courseModules} where course_id = ${values.courseId}), 0) + 1`,
    })
    .returning();
  return row!;
}

export async function updateModule(
  db: DbOrTx,
  id: string,
  values: Partial<typeof courseModules.$inferInsert>,
): Promise<ModuleRow | undefined> {
  const [row] = await db
    .update(courseModules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courseModules.id, id))
    .returning();
  return row;
}

export async function deleteModule(db: DbOrTx, id: string): Promise<void> {
  await db.delete(courseModules).where(eq(courseModules.id, id));
}

export async function moduleIdsInOrder(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  return rows.map((row) => row.id);
}

export async function renumberModules(db: DbOrTx, courseId: string, ids: readonly string[]): Promise<void> {
  await db.execute(sql`
    update ${courseModules} as m set position = o.n, updated_at = now()
    from unnest(${sql.param([...ids])}::uuid[]) with ordinality as o(id, n)
    where m.id = o.id and m.course_id = ${courseId} and m.position <> o.n`);
}

export async function lessonsOfModule(db: DbOrTx, moduleId: string): Promise<LessonRow[]> {
  return db
    .select()
    .from(courseLessons)
    .where(eq(courseLessons.moduleId, moduleId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.id));
}

export async function insertLesson(
  db: DbOrTx,
  values: Omit<typeof courseLessons.$inferInsert, 'position'>,
): Promise<LessonRow> {
  const [row] = await db
    .insert(courseLessons)
    .values({
      ...values,
      position: sql`coalesce((select max(position) from ${courseLessons} where module_id = ${values.moduleId}), 0) + 1`,
    })
    .returning();
  return row!;
}

export async function updateLesson(
  db: DbOrTx,
  id: string,
  values: Partial<typeof courseLessons.$inferInsert>,
): Promise<LessonRow | undefined> {
  const [row] = await db
    .update(courseLessons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courseLessons.id, id))
    .returning();
  return row;
}

export async function deleteLesson(db: DbOrTx, id: string): Promise<void> {
  await db.delete(courseLessons).where(eq(courseLessons.id, id));
}

export async function lessonIdsInOrder(db: DbOrTx, moduleId: string): Promise<string[]> {
  return (await lessonsOfModule(db, moduleId)).map((row) => row.id);
}

/** Numbers the module's lessons 1, 2, 3 … in the given order (moving one into the module sets its module). */
export async function renumberLessons(db: DbOrTx, moduleId: string, ids: readonly string[]): Promise<void> {
  await db.execute(sql`
    update ${courseLessons} as l set position = o.n, module_id = ${moduleId}, updated_at = now()
    from unnest(${sql.param([...ids])}::uuid[]) with ordinality as o(id, n)
    where l.id = o.id and (l.position <> o.n or l.module_id <> ${moduleId})`);
}

export async function findModule(db: DbOrTx, id: string): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id));
  return row;
}

export async function findLesson(db: DbOrTx, id: string): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  return row;
}

export const moduleOfCourse = (moduleId: string, courseId: string) =>
  and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId));
