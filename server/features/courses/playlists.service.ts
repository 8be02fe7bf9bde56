import { courseLimits } from '../../../contracts/courses.ts';
import type { Playlist } from '../../../contracts/courses-progress.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { loadAppAccess } from '../workspace/public.ts';
import { coursesViewOf, type CoursesView } from './courses.access.ts';
import { courseAbilities, isCoursesManager } from './courses.policy.ts';
import { memberProfileId } from './member-tools.service.ts';
import * as repo from './playlists.repo.ts';

/** A playlist and its owner's standing in its app (`/playlists/{id}…`). */
export type PlaylistAccess = CoursesView & { playlist: repo.PlaylistRow };

/** 404 unless the playlist is the caller's own (their profile in its app, which shows them the courses). */
export async function loadPlaylistAccess(db: DbOrTx, actor: Actor, id: string): Promise<PlaylistAccess> {
  const playlist = await repo.findPlaylist(db, id);
  if (!playlist) {
    throw notFound();
  }
  const view = coursesViewOf(await loadAppAccess(db, actor, playlist.appId));
  if (view.actor.profileId !== playlist.profileId) {
    throw notFound();
  }
  return { ...view, playlist };
}

function presentPlaylist(row: repo.PlaylistRow, lessons: repo.PlaylistLessonItem[]): Playlist {
  return { id: row.id, name: row.name, lessons, createdAt: row.createdAt.toISOString() };
}

/**
 * A member's own playlists of lessons in an app (PLAYLISTS-…): private, each lesson at most once, in the order
 * added, at most `courseLimits.playlistLessons`. A lesson the member no longer sees (a course unpublished or
 * deleted, a lesson made inactive) stays in the playlist but is left out of what they read.
 */
export function createPlaylistService(deps: { db: Db }) {
  const { db } = deps;

  const presentOne = async (view: CoursesView, row: repo.PlaylistRow): Promise<Playlist> => {
    const lessons = await repo.lessonsOfPlaylists(db, [row.id], isCoursesManager(view.actor));
    return presentPlaylist(row, lessons.get(row.id) ?? []);
  };

  /** 400 `errors.lessonId` unless the lesson is of a live course of the playlist's app that the caller sees. */
  const assertAddable = async (access: PlaylistAccess, lessonId: string): Promise<void> => {
    const found = await repo.findLessonWithCourse(db, lessonId);
    const sees =
      found !== undefined &&
      found.course.appId === access.playlist.appId &&
      courseAbilities(access.actor, {
        isPublished: found.course.isPublished,
        isDeleted: found.course.deletedAt !== null,
      }).includes('view') &&
      (found.lesson.isActive || isCoursesManager(access.actor));
    if (!sees) {
      throw badRequest({ lessonId: validationKeys.invalidValue });
    }
  };

  return {
    async list(view: CoursesView): Promise<Playlist[]> {
      const rows = await repo.listPlaylists(db, view.app.app.id, memberProfileId(view));
      const lessons = await repo.lessonsOfPlaylists(
        db,
        rows.map((row) => row.id),
        isCoursesManager(view.actor),
      );
      return rows.map((row) => presentPlaylist(row, lessons.get(row.id) ?? []));
    },

    async create(view: CoursesView, body: { name: string }): Promise<Playlist> {
      const row = await repo.insertPlaylist(db, {
        id: newId(),
        appId: view.app.app.id,
        profileId: memberProfileId(view),
        name: body.name,
      });
      return presentPlaylist(row, []);
    },

    /** Appends the lesson; adding it again changes nothing. 409 with `details.limit` when the playlist is full. */
    async addLesson(access: PlaylistAccess, lessonId: string): Promise<Playlist> {
      await assertAddable(access, lessonId);
      await db.transaction(async (tx) => {
        await repo.lockPlaylist(tx, access.playlist.id);
        const { size, holds } = await repo.playlistStanding(tx, access.playlist.id, lessonId);
        if (holds) {
          return;
        }
        if (size >= courseLimits.playlistLessons) {
          throw conflict(errorCodes.conflict, { limit: courseLimits.playlistLessons });
        }
        await repo.appendLesson(tx, access.playlist.id, lessonId);
      });
      return presentOne(access, access.playlist);
    },

    async removeLesson(access: PlaylistAccess, lessonId: string): Promise<Playlist> {
      await repo.removeLesson(db, access.playlist.id, lessonId);
      return presentOne(access, access.playlist);
    },

    async remove(access: PlaylistAccess): Promise<void> {
      await repo.deletePlaylist(db, access.playlist.id);
    },
  };
}

export type PlaylistService = ReturnType<typeof createPlaylistService>;
