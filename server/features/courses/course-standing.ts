import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { courseEnrollments, lessonProgress } from '../../db/schema/index.ts';

/*
 * The caller's standing in a course: their enrollment and their lessons' progress. The course page reads every
 * progress row (it shows them); the checks before a member records something need only the completed lessons, and
 * the player's saves come through those every few seconds: one prepared statement each.
 */

export type EnrollmentRow = typeof courseEnrollments.$inferSelect;
export type ProgressRow = typeof lessonProgress.$inferSelect;

/**
 * The caller's enrollment and progress in the course (none for guests): `progress` holds every lesson's row where
 * the answer shows them, `completed` the completed lessons (what the evaluation needs).
 */
export type Standing = {
  enrollment: EnrollmentRow | null;
  progress: Map<string, ProgressRow>;
  completed: ReadonlySet<string>;
};

const noStanding = (): Standing => ({ enrollment: null, progress: new Map(), completed: new Set() });

const member = {
  courseId: sql.placeholder('courseId'),
  profileId: sql.placeholder('profileId'),
};

const enrollmentOf = preparedQuery((db) =>
  db
    .select()
    .from(courseEnrollments)
    .where(
      and(eq(courseEnrollments.courseId, member.courseId), eq(courseEnrollments.profileId, member.profileId)),
    )
    .prepare('course_enrollment'),
);

const progressOf = preparedQuery((db) =>
  db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.courseId, member.courseId), eq(lessonProgress.profileId, member.profileId)))
    .prepare('course_member_progress'),
);

// Progress is only ever written beside the enrollment (progress.service.ts), so no enrollment means none completed.
const enrollmentWithCompleted = preparedQuery((db) =>
  db
    .select({
      enrollment: courseEnrollments,
      completed: sql<string[]>`array_to_json(array(
        select p.lesson_id from ${lessonProgress} p
        where p.course_id = ${member.courseId} and p.profile_id = ${member.profileId}
          and p.completed_at is not null))`,
    })
    .from(courseEnrollments)
    .where(
      and(eq(courseEnrollments.courseId, member.courseId), eq(courseEnrollments.profileId, member.profileId)),
    )
    .prepare('course_enrollment_completed'),
);

export async function loadStanding(
  db: DbOrTx,
  courseId: string,
  profileId: string | null,
): Promise<Standing> {
  if (!profileId) {
    return noStanding();
  }
  const [[enrollment], progress] = await Promise.all([
    enrollmentOf(db).execute({ courseId, profileId }),
    progressOf(db).execute({ courseId, profileId }),
  ]);
  return {
    enrollment: enrollment ?? null,
    progress: new Map(progress.map((row) => [row.lessonId, row])),
    completed: new Set(progress.filter((row) => row.completedAt).map((row) => row.lessonId)),
  };
}

/**
 * What the evaluation alone needs of the caller's standing (the checks before a member records something): the
 * enrollment and the ids of the completed lessons, in one statement, not every progress row.
 */
export async function loadCompletion(
  db: DbOrTx,
  courseId: string,
  profileId: string | null,
): Promise<Standing> {
  if (!profileId) {
    return noStanding();
  }
  const [found] = await enrollmentWithCompleted(db).execute({ courseId, profileId });
  if (!found) {
    return noStanding();
  }
  return { enrollment: found.enrollment, progress: new Map(), completed: new Set(found.completed) };
}
