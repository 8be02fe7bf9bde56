import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { courseLessons, courses, playlistLessons, playlists } from '../../db/schema/index.ts';
import type { CourseRow, LessonRow } from './courses.access.ts';
import { seenLessons } from './member-tools.repo.ts';

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistLessonItem = { id: string; slug: string; name: string; courseName: string };

export async function findPlaylist(db: DbOrTx, id: string): Promise<PlaylistRow | undefined> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id));
  return row;
}

/** The member's playlists in the app, newest first. */
export async function listPlaylists(db: DbOrTx, appId: string, profileId: string): Promise<PlaylistRow[]> {
  return db
    .select()
    .from(playlists)
    .where(and(eq(playlists.profileId, profileId), eq(playlists.appId, appId)))
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
}

/** The playlists' lessons in their order, only those the caller still sees (one read for all playlists). */
export async function lessonsOfPlaylists(
  db: DbOrTx,
  playlistIds: readonly string[],
  managerView: boolean,
): Promise<Map<string, PlaylistLessonItem[]>> {
  const byPlaylist = new Map<string, PlaylistLessonItem[]>(playlistIds.map((id) => [id, []]));
  if (playlistIds.length === 0) {
    return byPlaylist;
  }
  const rows = await db
    .select({
      playlistId: playlistLessons.playlistId,
      id: courseLessons.id,
      slug: courseLessons.slug,
      name: courseLessons.name,
      courseName: courses.name,
    })
    .from(playlistLessons)
    .innerJoin(courseLessons, eq(courseLessons.id, playlistLessons.lessonId))
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(and(inArray(playlistLessons.playlistId, [...playlistIds]), seenLessons(managerView)))
    .orderBy(asc(playlistLessons.position), asc(playlistLessons.lessonId));
  for (const { playlistId, ...lesson } of rows) {
    byPlaylist.get(playlistId)?.push(lesson);
  }
  return byPlaylist;
}

export async function insertPlaylist(
  db: DbOrTx,
  values: typeof playlists.$inferInsert,
): Promise<PlaylistRow> {
  const [row] = await db.insert(playlists).values(values).returning();
  return row!;
}

export async function deletePlaylist(db: DbOrTx, id: string): Promise<void> {
  await db.delete(playlists).where(eq(playlists.id, id));
}

/** The lesson with its course (to check it may go into a playlist). */
export async function findLessonWithCourse(
  db: DbOrTx,
  lessonId: string,
): Promise<{ lesson: LessonRow; course: CourseRow } | undefined> {
  const [row] = await db
    .select({ lesson: courseLessons, course: courses })
    .from(courseLessons)
    .innerJoin(courses, eq(courses.id, courseLessons.courseId))
    .where(eq(courseLessons.id, lessonId));
  return row;
}

/** Adding takes turns per playlist: the count and the last position are read, then written. */
export async function lockPlaylist(db: DbOrTx, id: string): Promise<void> {
  await db.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, id)).for('update');
}

export async function playlistStanding(
  db: DbOrTx,
  playlistId: string,
  lessonId: string,
): Promise<{ size: number; holds: boolean }> {
  const [row] = await db
    .select({
      size: count(),
      holds: sql<boolean>`coalesce(bool_or(${playlistLessons.lessonId} = ${lessonId}), false)`,
    })
    .from(playlistLessons)
    .where(eq(playlistLessons.playlistId, playlistId));
  return { size: row?.size ?? 0, holds: row?.holds ?? false };
}

/** Appended after the playlist's last lesson. */
export async function appendLesson(db: DbOrTx, playlistId: string, lessonId: string): Promise<void> {
  await db
    .insert(playlistLessons)
    .values({
      playlistId,
      lessonId,
      position: sql`coalesce((select max(${playlistLessons.position}) from ${playlistLessons} where ${playlistLessons.playlistId} = ${playlistId}), 0) + 1`,
    })
    .onConflictDoNothing();
}

export async function removeLesson(db: DbOrTx, playlistId: string, lessonId: string): Promise<void> {
  await db
    .delete(playlistLessons)
    .where(and(eq(playlistLessons.playlistId, playlistId), eq(playlistLessons.lessonId, lessonId)));
}
