import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { videoCompletionShare } from '../../../contracts/courses.ts';
import type {
  LessonActionBody,
  LessonActionState,
  LessonProgress,
} from '../../../contracts/courses-progress.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { courseEnrollments, courses, lessonProgress } from '../../db/schema/index.ts';
import { preparedSql } from '../../db/prepared.ts';
import { rows } from '../../db/rows.ts';
import { awardPoints, reverseSource } from '../gamification/public.ts';
import { shareCourse } from './course-content.repo.ts';
import { openLessonOf, zoneOf } from './course-outline.ts';
import type { ProgressRow } from './course-standing.ts';
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

/**
 * The member's enrollment: started (access begins now), or this lesson made their last one. One statement shared by
 * the completions and the position saves (there, inside the save's own statement).
 */
const enrollStatement = sql`insert into ${courseEnrollments} (course_id, profile_id, time_zone, last_lesson_id)
  values (${sql.placeholder('courseId')}, ${sql.placeholder('profileId')}, ${sql.placeholder('timeZone')},
    ${sql.placeholder('lessonId')})
  on conflict (course_id, profile_id) do update set last_lesson_id = excluded.last_lesson_id, updated_at = now()`;

const enrollOnly = preparedSql('course_enroll', enrollStatement);

const enrollee = (access: LessonAccessOf, profileId: string) => ({
  courseId: access.course.id,
  profileId,
  timeZone: zoneOf(access),
  lessonId: access.lesson.id,
});

/** Starts the course for the member (access begins now) or makes the lesson their last one. */
export async function enroll(db: DbOrTx, access: LessonAccessOf, profileId: string): Promise<void> {
  await enrollOnly.run(db, enrollee(access, profileId));
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

/** Completes the lesson for the member; answers the progress row when this completed it. */
async function complete(
  tx: DbOrTx,
  access: LessonAccessOf,
  profileId: string,
): Promise<ProgressRow | undefined> {
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
    .returning();
  if (changed.length === 1) {
    await countCompletion(tx, access, profileId, 1);
  }
  return changed[0];
}

async function ensureProgress(tx: DbOrTx, access: LessonAccessOf, profileId: string): Promise<void> {
  await tx
    .insert(lessonProgress)
    .values({ lessonId: access.lesson.id, profileId, courseId: access.course.id })
    .onConflictDoNothing();
}

const watchedShare = (row: ProgressRow) =>
  row.durationSeconds !== null && row.durationSeconds > 0 ? row.watchedSeconds / row.durationSeconds : 0;

type RawProgress = {
  position_seconds: number;
  duration_seconds: number | null;
  watched_seconds: number;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/**
 * The player's position (every few seconds while it plays): the enrollment and the lesson's progress in one
 * prepared statement, its own transaction. The watched seconds grow by what was played since the last save, at
 * most the wall time between the two (plus the slack). No counter moves here, so the course's lock is not taken
 * (a completion that follows takes it).
 */
const savePositionStatement = preparedSql(
  'course_save_position',
  sql`with enrolled as (${enrollStatement})
    insert into ${lessonProgress} as p (lesson_id, profile_id, course_id, position_seconds, duration_seconds)
    values (${sql.placeholder('lessonId')}, ${sql.placeholder('profileId')}, ${sql.placeholder('courseId')},
      ${sql.placeholder('positionSeconds')}, ${sql.placeholder('durationSeconds')})
    on conflict (lesson_id, profile_id) do update set
      position_seconds = excluded.position_seconds,
      duration_seconds = coalesce(excluded.duration_seconds, p.duration_seconds),
      watched_seconds = p.watched_seconds + greatest(0, least(excluded.position_seconds - p.position_seconds,
        extract(epoch from now() - p.updated_at) + ${sql.raw(String(slackSeconds))})),
      updated_at = now()
    returning p.position_seconds, p.duration_seconds, p.watched_seconds, p.completed_at, p.created_at,
      p.updated_at`,
);

async function savePosition(
  db: DbOrTx,
  access: LessonAccessOf,
  profileId: string,
  body: Extract<LessonActionBody, { action: 'continue' }>,
): Promise<ProgressRow> {
  const [row] = await savePositionStatement.run<RawProgress>(db, {
    ...enrollee(access, profileId),
    positionSeconds: body.positionSeconds,
    durationSeconds: body.durationSeconds ?? null,
  });
  if (!row) {
    throw new Error('the position save returned no row');
  }
  const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return {
    lessonId: access.lesson.id,
    profileId,
    courseId: access.course.id,
    positionSeconds: Number(row.position_seconds),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    watchedSeconds: Number(row.watched_seconds),
    completedAt: row.completed_at === null ? null : date(row.completed_at),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

export function createProgressService(deps: { db: Db }) {
  const { db } = deps;
  /**
   * Records the action for the caller (a member with `complete` on an open lesson: the route and here); answers
   * the progress row as the save left it, when the save's own statements returned it.
   */
  async function save(access: LessonAccessOf, body: LessonActionBody): Promise<ProgressRow | undefined> {
    await openLessonOf(db, access);
    const profileId = access.actor.profileId!;
    if (body.action === 'continue') {
      const row = await savePosition(db, access, profileId, body);
      if (
        access.lesson.completion !== 'video' ||
        row.completedAt ||
        watchedShare(row) < videoCompletionShare
      ) {
        return row;
      }
      // Watched: completing moves the counters, under the course's lock as every completion.
      return db.transaction(async (tx) => {
        await shareCourse(tx, access.course.id);
        return (await complete(tx, access, profileId)) ?? row;
      });
    }
    return db.transaction(async (tx): Promise<ProgressRow | undefined> => {
      await shareCourse(tx, access.course.id);
      await enroll(tx, access, profileId);
      switch (body.action) {
        case 'completed':
          await ensureProgress(tx, access, profileId);
          return complete(tx, access, profileId);
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
            .returning();
          if (changed.length === 1) {
            await countCompletion(tx, access, profileId, -1);
          }
          return changed[0];
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
      // A save that changed nothing (completing a completed lesson) returns no row: it is read then.
      const row =
        (await save(access, body)) ??
        (
          await db
            .select()
            .from(lessonProgress)
            .where(
              and(
                eq(lessonProgress.lessonId, access.lesson.id),
                eq(lessonProgress.profileId, access.actor.profileId!),
              ),
            )
        )[0];
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
