import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  courseFavorites,
  courseLessons,
  courses,
  lessonNotes,
  lessonProgress,
  lessonTodoTicks,
} from '../../db/schema/index.ts';

/** A member's private note, to-do ticks and favourites, and the lessons they opened last. */

export async function findNote(db: DbOrTx, lessonId: string, profileId: string): Promise<string | null> {
  const [row] = await db
    .select({ body: lessonNotes.body })
    .from(lessonNotes)
    .where(and(eq(lessonNotes.lessonId, lessonId), eq(lessonNotes.profileId, profileId)));
  return row?.body ?? null;
}

export async function saveNote(db: DbOrTx, lessonId: string, profileId: string, body: string): Promise<void> {
  const now = new Date();
  await db
    .insert(lessonNotes)
    .values({ lessonId, profileId, body, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [lessonNotes.lessonId, lessonNotes.profileId],
      set: { body, updatedAt: now },
    });
}

export async function deleteNote(db: DbOrTx, lessonId: string, profileId: string): Promise<void> {
  await db
    .delete(lessonNotes)
    .where(and(eq(lessonNotes.lessonId, lessonId), eq(lessonNotes.profileId, profileId)));
}

export async function tickedTodoIds(db: DbOrTx, lessonId: string, profileId: string): Promise<Set<string>> {
  const rows = await db
    .select({ todoId: lessonTodoTicks.todoId })
    .from(lessonTodoTicks)
    .where(and(eq(lessonTodoTicks.lessonId, lessonId), eq(lessonTodoTicks.profileId, profileId)));
  return new Set(rows.map((row) => row.todoId));
}

export async function setTodoTick(
  db: DbOrTx,
  tick: { lessonId: string; profileId: string; todoId: string },
  done: boolean,
): Promise<void> {
  if (done) {
    await db.insert(lessonTodoTicks).values(tick).onConflictDoNothing();
    return;
  }
  await db
    .delete(lessonTodoTicks)
    .where(
      and(
        eq(lessonTodoTicks.lessonId, tick.lessonId),
        eq(lessonTodoTicks.profileId, tick.profileId),
        eq(lessonTodoTicks.todoId, tick.todoId),
      ),
    );
}

export async function setFavorite(
  db: DbOrTx,
  favorite: { courseId: string; profileId: string },
  on: boolean,
): Promise<void> {
  if (on) {
    await db.insert(courseFavorites).values(favorite).onConflictDoNothing();
    return;
  }
  await db
    .delete(courseFavorites)
    .where(
      and(eq(courseFavorites.courseId, favorite.courseId), eq(courseFavorites.profileId, favorite.profileId)),
    );
}

/**
 * Lessons of live courses the caller sees: managers every one, others the published courses' active lessons
 * (courses.policy.ts: a draft is the managers'; an inactive lesson is hidden from members).
 */
export function seenLessons(managerView: boolean): SQL | undefined {
  return and(
    isNull(courses.deletedAt),
    managerView ? undefined : and(eq(courses.isPublished, true), eq(courseLessons.isActive, true)),
  );
}

export type RecentLessonRow = {
  id: string;
  slug: string;
  name: string;
  coverType: (typeof courseLessons.$inferSelect)['coverType'];
  course: { id: string; slug: string; name: string; coverId: string | null };
  positionSeconds: number;
  durationSeconds: number | null;
  completedAt: Date | null;
  openedAt: Date;
};

/** The member's latest lesson progress in the app, newest first: one read along `lesson_progress_recent_idx`. */
export async function recentLessons(
  db: DbOrTx,
  query: { appId: string; profileId: string; managerView: boolean; limit: number },
): Promise<RecentLessonRow[]> {
  return db
    .select({
      id: courseLessons.id,
      slug: courseLessons.slug,
      name: courseLessons.name,
      coverType: courseLessons.coverType,
      course: { id: courses.id, slug: courses.slug, name: courses.name, coverId: courses.coverId },
      positionSeconds: lessonProgress.positionSeconds,
      durationSeconds: lessonProgress.durationSeconds,
      completedAt: lessonProgress.completedAt,
      openedAt: lessonProgress.updatedAt,
    })
    .from(lessonProgress)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonProgress.lessonId))
    .innerJoin(courses, eq(courses.id, lessonProgress.courseId))
    .where(
      and(
        eq(lessonProgress.profileId, query.profileId),
        eq(courses.appId, query.appId),
        seenLessons(query.managerView),
      ),
    )
    .orderBy(desc(lessonProgress.updatedAt), desc(lessonProgress.lessonId))
    .limit(query.limit);
}
