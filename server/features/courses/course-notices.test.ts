import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { courseEnrollments, notifications } from '../../db/schema/index.ts';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { createNotifier } from '../notifications/public.ts';
import { runCourseNoticeSweep, type CourseNoticeDeps } from './course-notices.job.ts';

const server = useTestServer();
const call = communityCaller(server);
const logger = pino({ level: 'silent' });

function depsOf(): CourseNoticeDeps {
  const { runtime } = server();
  return {
    db: runtime.database.db,
    notifier: createNotifier({ realtime: runtime.realtime, jobs: runtime.jobs, logger }),
    logger,
  };
}

describe(`course notices (${testDriver})`, () => {
  it('tells members once of lessons drip opened and of access that ends soon, also when sweeps overlap', async () => {
    const tenant = await communityApp(server());
    const course = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'course',
      name: 'Tägliche Praxis',
      isPublished: true,
      dripContent: true,
    });
    const courseId = course.json().data.id as string;
    const slugs: string[] = [];
    for (const [index, name] of ['Start', 'Vertiefung'].entries()) {
      const module = await call('POST', `/api/courses/${courseId}/modules`, tenant.owner, {
        name,
        dripDays: index === 0 ? null : 1,
      });
      for (const lesson of [`${name} A`, `${name} B`]) {
        const made = await call('POST', `/api/modules/${module.json().data.id}/lessons`, tenant.owner, {
          name: lesson,
        });
        slugs.push(made.json().data.slug as string);
      }
    }
    // The member began two days ago: the second module opened yesterday at local midnight.
    await call('GET', `/api/apps/${tenant.app.id}/courses/l/${slugs[0]}`, tenant.member);
    await tenant.db
      .update(courseEnrollments)
      .set({ accessBeganAt: sql`now() - interval '2 days'` })
      .where(eq(courseEnrollments.profileId, tenant.member.profileId));

    const told = async () =>
      tenant.db
        .select({ type: notifications.type, data: notifications.data, count: notifications.count })
        .from(notifications)
        .where(eq(notifications.profileId, tenant.member.profileId));
    const deps = depsOf();
    const [first, second] = await Promise.all([runCourseNoticeSweep(deps), runCourseNoticeSweep(deps)]);
    expect(first.unlocked + second.unlocked).toBe(1);
    expect(await told()).toEqual([
      {
        type: 'lesson_unlocked',
        count: 1,
        data: expect.objectContaining({ title: 'Vertiefung A', lessonSlug: slugs[2], courseId }),
      },
    ]);
    expect((await runCourseNoticeSweep(deps)).unlocked).toBe(0);

    // Access for three days: it ends tomorrow, so the member is reminded, once.
    await call('PATCH', `/api/courses/${courseId}`, tenant.owner, { limitAccessByTime: 3 });
    expect((await runCourseNoticeSweep(deps)).ending).toBe(1);
    expect((await runCourseNoticeSweep(deps)).ending).toBe(0);
    expect((await told()).map((row) => [row.type, row.data.title])).toEqual(
      expect.arrayContaining([
        ['lesson_unlocked', 'Vertiefung A'],
        ['course_access_ending', 'Tägliche Praxis'],
      ]),
    );
    // The notification list shows them with the course's words.
    const list = await call('GET', `/api/apps/${tenant.app.id}/notifications`, tenant.member);
    expect(
      list
        .json()
        .data.map((item: { type: string }) => item.type)
        .sort(),
    ).toEqual(['course_access_ending', 'lesson_unlocked']);
  });
});
