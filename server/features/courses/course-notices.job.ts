import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { courseEnrollments, courses } from '../../db/schema/index.ts';
import type { FeatureContext } from '../../platform/features.ts';
import type { JobDefinition, QueuePolicy } from '../../platform/jobs.ts';
import {
  createNotifier,
  recordNotifications,
  type Notifier,
  type RecordedNotification,
} from '../notifications/public.ts';
import { lessonOpensAt } from './course-access.ts';
import { loadOutline, type OutlineLesson } from './course-outline.ts';

/*
 * What the courses tell their members on their own (issue 19, docs/decisions/courses.md "Notices"): a lesson that
 * drip opened for them ("Neue Lektion freigeschaltet", in the app, by push and by mail after the notifications'
 * hold), and access that ends within three days (the time limit). Each enrollment remembers up to when it was
 * told of unlocks (`notified_until`) and whether the end was announced, so a sweep after the worker was down
 * catches up once, and two sweeps never tell twice (the enrollments are locked while they are told). Late
 * joiners need no catch-up of their own: their drip counts from the day their access began.
 */

export const courseNoticesQueue = 'courses.notices';

export const courseNoticeQueues = {
  [courseNoticesQueue]: { retryLimit: 2, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

/** How long before access ends the member is reminded. */
const endReminderDays = 3;

export type CourseNoticeDeps = { db: Db; notifier: Pick<Notifier, 'deliver'>; logger: Logger };

type Enrollment = { profileId: string; accessBeganAt: Date; timeZone: string; notifiedUntil: Date | null };

/** The newest lesson that opened for a member in (since, now], by the instant it opened. */
function newestUnlocked(
  lessons: readonly OutlineLesson[],
  opens: (lesson: OutlineLesson) => Date | null,
  since: Date,
  now: Date,
): OutlineLesson | undefined {
  let newest: { lesson: OutlineLesson; at: number } | undefined;
  for (const lesson of lessons) {
    const at = opens(lesson)?.getTime();
    if (at !== undefined && at > since.getTime() && at <= now.getTime() && (!newest || at > newest.at)) {
      newest = { lesson, at };
    }
  }
  return newest?.lesson;
}

/** One dripping course: every enrollment told of its newest unlocked lesson, the told ones' mark moved to `now`. */
async function noticeUnlocks(
  deps: CourseNoticeDeps,
  course: { id: string; appId: string; slug: string },
  now: Date,
): Promise<{ recorded: RecordedNotification[]; told: number }> {
  const { db } = deps;
  const outline = await loadOutline(db, course.id);
  const lessons = outline.lessons.filter((lesson) => lesson.isActive);
  return db.transaction(async (tx) => {
    // Locked while they are told: a second sweep at once waits and then finds them told.
    const locked = await rows<{
      profile_id: string;
      access_began_at: string | Date;
      time_zone: string;
      notified_until: string | Date | null;
    }>(
      tx,
      sql`select profile_id, access_began_at, time_zone, notified_until
        from ${courseEnrollments} where course_id = ${course.id} for update`,
    );
    // Raw rows carry timestamps as the driver reads them (text or Date).
    const enrollments: Enrollment[] = locked.map((row) => ({
      profileId: row.profile_id,
      accessBeganAt: new Date(row.access_began_at),
      timeZone: row.time_zone,
      notifiedUntil: row.notified_until === null ? null : new Date(row.notified_until),
    }));
    // Members who began on the same local day in the same zone share their schedule: computed once.
    const schedules = new Map<string, Map<string, Date | null>>();
    const scheduleOf = (enrollment: Enrollment) => {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: enrollment.timeZone }).format(
        enrollment.accessBeganAt,
      );
      const key = `${enrollment.timeZone} ${day}`;
      let schedule = schedules.get(key);
      if (!schedule) {
        schedule = new Map(
          lessons.map((lesson) => [
            lesson.id,
            lessonOpensAt(outline.modules, lesson, enrollment.timeZone, enrollment.accessBeganAt),
          ]),
        );
        schedules.set(key, schedule);
      }
      return schedule;
    };
    const byLesson = new Map<string, { lesson: OutlineLesson; profileIds: string[] }>();
    for (const enrollment of enrollments) {
      const schedule = scheduleOf(enrollment);
      const since = enrollment.notifiedUntil ?? enrollment.accessBeganAt;
      const lesson = newestUnlocked(lessons, (candidate) => schedule.get(candidate.id) ?? null, since, now);
      if (lesson) {
        const entry = byLesson.get(lesson.id) ?? { lesson, profileIds: [] };
        entry.profileIds.push(enrollment.profileId);
        byLesson.set(lesson.id, entry);
      }
    }
    // Only the told move their mark: for the others nothing opened since theirs, and rows stay unwritten.
    const told = [...byLesson.values()].flatMap((entry) => entry.profileIds);
    if (told.length > 0) {
      await tx
        .update(courseEnrollments)
        .set({ notifiedUntil: now })
        .where(and(eq(courseEnrollments.courseId, course.id), inArray(courseEnrollments.profileId, told)));
    }
    const recorded = await recordNotifications(
      tx,
      [...byLesson.values()].map(({ lesson, profileIds }) => ({
        appId: course.appId,
        type: 'lesson_unlocked' as const,
        recipients: profileIds,
        collapseKey: `course:${course.id}:unlocked`,
        data: { title: lesson.name, lessonSlug: lesson.slug, courseSlug: course.slug, courseId: course.id },
      })),
    );
    return {
      recorded,
      told: told.length,
    };
  });
}

/** Members whose time-limited access ends within three days and were not told yet: told once. */
async function noticeEndings(deps: CourseNoticeDeps, now: Date): Promise<number> {
  const recorded = await deps.db.transaction(async (tx) => {
    const claimed = await rows<{ course_id: string; profile_id: string }>(
      tx,
      sql`
      update ${courseEnrollments} e set end_reminder_sent_at = ${now.toISOString()}::timestamptz
      from ${courses} c
      where c.id = e.course_id and c.deleted_at is null and c.is_published and c.limit_access_by_time is not null
        and e.end_reminder_sent_at is null
        and e.access_began_at + make_interval(days => c.limit_access_by_time)
          between ${now.toISOString()}::timestamptz
          and ${now.toISOString()}::timestamptz + make_interval(days => ${endReminderDays})
      returning e.course_id, e.profile_id`,
    );
    if (claimed.length === 0) {
      return [];
    }
    const named = await tx
      .select({ id: courses.id, appId: courses.appId, name: courses.name, slug: courses.slug })
      .from(courses)
      .where(inArray(courses.id, [...new Set(claimed.map((row) => row.course_id))]));
    return recordNotifications(
      tx,
      named.map((course) => ({
        appId: course.appId,
        type: 'course_access_ending' as const,
        recipients: claimed.filter((row) => row.course_id === course.id).map((row) => row.profile_id),
        data: { title: course.name, courseSlug: course.slug, courseId: course.id },
      })),
    );
  });
  await deps.notifier.deliver(recorded);
  return recorded.length;
}

export async function runCourseNoticeSweep(
  deps: CourseNoticeDeps,
  now: Date = new Date(),
): Promise<{ unlocked: number; ending: number }> {
  const { db } = deps;
  const dripping = await db
    .select({ id: courses.id, appId: courses.appId, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.isPublished, true), eq(courses.dripContent, true), isNull(courses.deletedAt)));
  let unlocked = 0;
  for (const course of dripping) {
    try {
      const { recorded, told } = await noticeUnlocks(deps, course, now);
      await deps.notifier.deliver(recorded);
      unlocked += told;
    } catch (error) {
      deps.logger.error({ err: error, courseId: course.id }, 'courses: unlock notices not sent');
    }
  }
  return { unlocked, ending: await noticeEndings(deps, now) };
}

export function courseNoticesJobOf({ db, realtime, jobs, logger }: FeatureContext): JobDefinition<object> {
  const deps: CourseNoticeDeps = { db, notifier: createNotifier({ realtime, jobs, logger }), logger };
  return {
    name: courseNoticesQueue,
    // Drip opens at local midnights, which fall on quarter hours somewhere in the world.
    cron: '*/15 * * * *',
    handler: async () => {
      await runCourseNoticeSweep(deps);
    },
  };
}
