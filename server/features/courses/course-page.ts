import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { CourseDetail } from '../../../contracts/courses-lessons.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import type { LevelGate } from '../gamification/public.ts';
import { accessEndOf } from './course-access.ts';
import { courseGateOf, courseRulesOf, zoneOf, type Evaluation } from './course-outline.ts';
import type { CourseAccessOf } from './courses.access.ts';

/*
 * The course page's answer (issue 19's hot read: 200 lessons, each with the caller's action) kept per caller
 * (server/platform/kept-answers.ts) under everything it shows:
 *   - the course row's `updated_at`, raised by every change of the course and its structure (the outline's stamp);
 *   - the caller's standing mark: their enrollment's `updated_at` (every progress write raises it in its
 *     transaction: progress.service.ts `enroll`, the recount) and whether the course is their favourite;
 *   - who they are to the course (profile, role, sanction, abilities, time zone) and the level gate's outcome
 *     (the member's points, read fresh: one indexed read, none for a course without a level).
 * Time moves lessons too (drip, the time limit): an answer is not kept when any of that happens within its time
 * to live. Names, pictures and categories beside the course follow within the time to live.
 */

export const keptCoursePageTtlMs = 30_000;

const standingMark = preparedSql(
  'course_standing_mark',
  sql`select coalesce((select e.updated_at::text from course_enrollments e
      where e.course_id = ${sql.placeholder('courseId')}::uuid and e.profile_id = ${sql.placeholder('profileId')}::uuid),
      '-') || ':' || exists(select 1 from course_favorites f
      where f.course_id = ${sql.placeholder('courseId')}::uuid and f.profile_id = ${sql.placeholder('profileId')}::uuid)::text
    as mark`,
);

async function standingMarkOf(db: DbOrTx, courseId: string, profileId: string | null): Promise<string> {
  if (!profileId) {
    return '-';
  }
  const [row] = await standingMark.run<{ mark: string }>(db, { courseId, profileId });
  return row?.mark ?? '-';
}

/** The next moment the evaluation changes by time alone: a lesson that opens, the access that ends. */
export function nextChangeOf(access: CourseAccessOf, evaluation: Evaluation, now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  const end = accessEndOf(courseRulesOf(access.course), evaluation.reader)?.getTime();
  if (end !== undefined && end > now.getTime()) {
    next = end;
  }
  for (const action of evaluation.actions.values()) {
    const opens = action.action === 'locked' ? action.unlocksAt?.getTime() : undefined;
    if (opens !== undefined && opens > now.getTime() && opens < next) {
      next = opens;
    }
  }
  return next;
}

type Produce = (
  access: CourseAccessOf,
  gate: LevelGate,
  now: Date,
) => Promise<{ detail: CourseDetail; evaluation: Evaluation }>;

export function createCoursePages(deps: { db: DbOrTx; produce: Produce }) {
  const { db, produce } = deps;
  const kept = createKeptAnswers({ maxBytes: 64 * 1024 * 1024, ttlMs: keptCoursePageTtlMs });

  return {
    /** Sends the course page of `access` for its caller: the kept answer, or a new one (kept unless time moves it soon). */
    async send(reply: FastifyReply, access: CourseAccessOf): Promise<FastifyReply> {
      const { actor, course } = access;
      const [mark, gate] = await Promise.all([
        standingMarkOf(db, course.id, actor.profileId),
        courseGateOf(db, access),
      ]);
      const key = [
        course.id,
        course.updatedAt.getTime(),
        actor.profileId ?? '-',
        actor.role,
        actor.sanction ?? '-',
        access.can.join(','),
        zoneOf(access),
        mark,
        gate.passes ? '-' : `${gate.required.level}:${gate.required.name}:${gate.required.points}`,
      ].join('\n');
      const now = new Date();
      let changesAt = Number.POSITIVE_INFINITY;
      return kept.send(
        reply,
        key,
        async () => {
          const { detail, evaluation } = await produce(access, gate, now);
          changesAt = nextChangeOf(access, evaluation, now);
          return { data: detail };
        },
        () => changesAt > Date.now() + keptCoursePageTtlMs,
      );
    },
  };
}
