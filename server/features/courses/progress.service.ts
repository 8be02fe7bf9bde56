import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  videoCompletionShare,
  type LessonActionBody,
  type LessonActionState,
  type LessonProgress,
} from '../../../contracts/courses.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { courseEnrollments, courses, lessonProgress } from '../../db/schema/index.ts';
import { rows } from '../../db/rows.ts';
import { awardPoints, reverseSource } from '../gamification/public.ts';
import { shareCourse } from './course-content.repo.ts';
import { openLessonOf, zoneOf } from './course-outline.ts';
import { presentProgress } from './lessons.presenter.ts';
import type { LessonAccessOf } from './courses.access.ts';

/*
 * A member's progress in a lesson (COURSES-24). The player saves its position every few seconds: one upsert
 * whose watched seconds grow by what was played since the last save, at most the wall time between the two
 * (seeking ahead does not count), so ≥ 90 % watched means watched. A completion — by hand, or by the video — and
 * its undoing move the enrollment's completed-lessons counter in the same transaction, so a course's progress is
 * always one stored number.
 */

/** Allowance for clocks and network between two saves. */
const slackSeconds = 2;

/** Starts the course for the member (access begins now) or makes the lesson their last one. */
export async function enroll(db: DbOrTx, access: LessonAccessOf, profileId: string): Promise<void> {
  await db
    .insert(courseEnrollments)
    .values({
      courseId: access.course.id,
      profileId,
      timeZone: zoneOf(access),
      lastLessonId: access.lesson.id,
    })
    .onConflictDoUpdate({
      target: [courseEnrollments.courseId, courseEnrollments.profileId],
      set: { lastLessonId: access.lesson.id, updatedAt: sql`now()` },
    });
}

/** Counts one more (or one fewer) completed lesson; the course is completed when all its lessons are. */
async function countCompletion(db: DbOrTx, access: LessonAccessOf, profileId: string, by: 1 | -1) {
  if (!access.lesson.isActive) {
    return;
  }
  const [row] = await rows<{ finished: boolean }>(
    db,
    sql`
    update ${courseEnrollments} e set
      completed_lessons = greatest(0, e.completed_lessons + ${by}),
      completed_at = case
        when e.completed_lessons + ${by} >= c.lessons_count and c.lessons_count > 0 then coalesce(e.completed_at, now())
        else null end,
      updated_at = now()
    from ${courses} c
    where e.course_id = ${access.course.id} and e.profile_id = ${profileId} and c.id = e.course_id
    returning e.completed_at is not null as finished`,
  );
  // The lesson's and the course's points (issue 21), in the progress's transaction (under the course's lock);
  // the ledger keeps each once, so completing again after undoing earns nothing new.
  const appId = access.course.appId;
  const lesson = { appId, profileId, sourceKey: `lesson:${access.lesson.id}` };
  if (by === 1) {
    await awardPoints(db, { ...lesson, action: 'lesson_completed', subjectId: access.lesson.id });
    if (row?.finished) {
      const course = { appId, profileId, action: 'course_finished' as const };
      await awardPoints(db, { ...course, sourceKey: `course:${access.course.id}` });
    }
  } else {
    await reverseSource(db, { ...lesson, action: 'lesson_completed' });
  }
}

async function complete(tx: DbOrTx, access: LessonAccessOf, profileId: string): Promise<void> {
  const changed = await tx
    .update(lessonProgress)
    .set({ completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(lessonProgress.lessonId, access.lesson.id),
        eq(lessonProgress.profileId, profileId),
        isNull(lessonProgress.completedAt),
      ),
    )
    .returning({ lessonId: lessonProgress.lessonId });
  if (changed.length === 1) {
    await countCompletion(tx, access, profileId, 1);
  }
}

async function ensureProgress(tx: DbOrTx, access: LessonAccessOf, profileId: string): Promise<void> {
  await tx
    .insert(lessonProgress)
    .values({ lessonId: access.lesson.id, profileId, courseId: access.course.id })
    .onConflictDoNothing();
}

export function createProgressService(deps: { db: Db }) {
  const { db } = deps;
  /** Records the action for the caller (a member with `complete` on an open lesson: the route and here). */
  async function save(access: LessonAccessOf, body: LessonActionBody): Promise<void> {
    await openLessonOf(db, access);
    const profileId = access.actor.profileId!;
    await db.transaction(async (tx) => {
      await shareCourse(tx, access.course.id);
      await enroll(tx, access, profileId);
      switch (body.action) {
        case 'completed':
          await ensureProgress(tx, access, profileId);
          await complete(tx, access, profileId);
          return;
        case 'incomplete': {
          const changed = await tx
            .update(lessonProgress)
            .set({ completedAt: null, updatedAt: sql`now()` })
            .where(
              and(
                eq(lessonProgress.lessonId, access.lesson.id),
                eq(lessonProgress.profileId, profileId),
                isNotNull(lessonProgress.completedAt),
              ),
            )
            .returning({ lessonId: lessonProgress.lessonId });
          if (changed.length === 1) {
            await countCompletion(tx, access, profileId, -1);
          }
          return;
        }
        case 'continue': {
          const position = body.positionSeconds;
          const [row] = await tx
            .insert(lessonProgress)
            .values({
              lessonId: access.lesson.id,
              profileId,
              courseId: access.course.id,
              positionSeconds: position,
              durationSeconds: body.durationSeconds ?? null,
            })
            .onConflictDoUpdate({
              target: [lessonProgress.lessonId, lessonProgress.profileId],
              set: {
                positionSeconds: position,
                durationSeconds: sql`coalesce(excluded.duration_seconds, ${lessonProgress.durationSeconds})`,
                watchedSeconds: sql`${lessonProgress.watchedSeconds} + greatest(0, least(
                    excluded.position_seconds - ${lessonProgress.positionSeconds},
                    extract(epoch from now() - ${lessonProgress.updatedAt}) + ${slackSeconds}))`,
                updatedAt: sql`now()`,
              },
            })
            .returning();
          const watched =
            row && row.durationSeconds !== null && row.durationSeconds > 0
              ? row.watchedSeconds / row.durationSeconds
              : 0;
          if (access.lesson.completion === 'video' && !row?.completedAt && watched >= videoCompletionShare) {
            await complete(tx, access, profileId);
          }
        }
      }
    });
  }

  return {
    /** Records the action; answers the lesson's action and the member's progress after it. */
    async record(
      access: LessonAccessOf,
      body: LessonActionBody,
    ): Promise<LessonActionState & { progress: LessonProgress | null }> {
      await save(access, body);
      const [row] = await db
        .select()
        .from(lessonProgress)
        .where(
          and(
            eq(lessonProgress.lessonId, access.lesson.id),
            eq(lessonProgress.profileId, access.actor.profileId!),
          ),
        );
      // The lesson was open (save checked it): it stays so, completed or not.
      return {
        action: row?.completedAt ? 'completed' : 'continue',
        reason: null,
        unlocksAt: null,
        progress: presentProgress(row),
      };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
