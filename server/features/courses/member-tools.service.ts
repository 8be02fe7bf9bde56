import type { z } from 'zod';
import { coursePageSizes } from '../../../contracts/courses.ts';
import type { lessonTodoSchema, RecentLesson } from '../../../contracts/courses-progress.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { CourseAccessOf, CoursesView, LessonAccessOf } from './courses.access.ts';
import { isCoursesManager } from './courses.policy.ts';
import { presentPicture } from './courses.presenter.ts';
import { openLessonOf } from './course-outline.ts';
import * as repo from './member-tools.repo.ts';

type LessonTodo = z.infer<typeof lessonTodoSchema>;

/**
 * The member's own profile in the app: notes, ticks, favourites and playlists are a member's, so a guest, an
 * invited person or a manager without a profile gets 403 (the route's ability already says so where it can).
 */
export function memberProfileId(view: CoursesView): string {
  const { profileId, role } = view.actor;
  if (!profileId || role === 'guest' || role === 'invited') {
    throw forbidden();
  }
  return profileId;
}

/**
 * A member's tools in a course (issue 19): the private note on a lesson, its to-do ticks, favourite courses, and
 * the lessons they opened last (COURSES-25). Recording needs the lesson open to them (drip, order, time limit:
 * course-outline.ts); reading what they wrote does not.
 */
export function createMemberToolService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  const todoList = async (access: LessonAccessOf, profileId: string): Promise<LessonTodo[]> => {
    const ticked = await repo.tickedTodoIds(db, access.lesson.id, profileId);
    return access.lesson.todoList.map((todo) => ({
      id: todo.id,
      text: todo.text,
      done: ticked.has(todo.id),
    }));
  };

  return {
    async note(access: LessonAccessOf): Promise<{ body: string }> {
      return { body: (await repo.findNote(db, access.lesson.id, memberProfileId(access))) ?? '' };
    },

    /** A blank body deletes the note. */
    async saveNote(access: LessonAccessOf, body: string): Promise<{ body: string }> {
      const profileId = memberProfileId(access);
      await openLessonOf(db, access);
      if (body.trim() === '') {
        await repo.deleteNote(db, access.lesson.id, profileId);
        return { body: '' };
      }
      await repo.saveNote(db, access.lesson.id, profileId, body);
      return { body };
    },

    /** Ticks or unticks one to-do (404 when the lesson has no such to-do); answers the whole list. */
    async tickTodo(access: LessonAccessOf, todoId: string, done: boolean): Promise<LessonTodo[]> {
      const profileId = memberProfileId(access);
      if (!access.lesson.todoList.some((todo) => todo.id === todoId)) {
        throw notFound();
      }
      await openLessonOf(db, access);
      await repo.setTodoTick(db, { lessonId: access.lesson.id, profileId, todoId }, done);
      return todoList(access, profileId);
    },

    /** Idempotent both ways. */
    async setFavorite(access: CourseAccessOf, on: boolean): Promise<void> {
      await repo.setFavorite(db, { courseId: access.course.id, profileId: memberProfileId(access) }, on);
    },

    /** The caller's latest lessons in the app's live courses they still see; none for guests. */
    async recent(view: CoursesView): Promise<RecentLesson[]> {
      const profileId = view.actor.profileId;
      if (!profileId) {
        return [];
      }
      const rows = await repo.recentLessons(db, {
        appId: view.app.app.id,
        profileId,
        managerView: isCoursesManager(view.actor),
        limit: coursePageSizes.recentLessons,
      });
      return rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        coverType: row.coverType,
        course: {
          id: row.course.id,
          slug: row.course.slug,
          name: row.course.name,
          cover: presentPicture(sign, row.course.coverId),
        },
        progress: {
          positionSeconds: row.positionSeconds,
          durationSeconds: row.durationSeconds,
          completedAt: row.completedAt?.toISOString() ?? null,
        },
        openedAt: row.openedAt.toISOString(),
      }));
    },
  };
}

export type MemberToolService = ReturnType<typeof createMemberToolService>;
