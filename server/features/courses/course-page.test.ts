import type { LessonSummary } from '../../../contracts/courses-lessons.ts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonProgress } from '../../db/schema/index.ts';
import { communityApp } from '../../test/community-spaces.ts';
import { courseKit } from '../../test/courses.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import type { LessonAction } from './course-access.ts';
import type { Evaluation } from './course-outline.ts';
import type { CourseAccessOf } from './courses.access.ts';
import { nextChangeOf } from './course-page.ts';

/*
 * The kept course page (course-page.ts): answered from memory until the member's standing or the course changes,
 * and never kept across a moment at which time alone changes it.
 */

const server = useTestServer();
const { call, courseWithLessons, detailOf, act } = courseKit(server);

describe(`the kept course page (${testDriver})`, () => {
  it('answers from memory until progress, a favourite or the course changes', async () => {
    const tenant = await communityApp(server());
    const { courseId, modules } = await courseWithLessons(tenant);
    const manual = modules[0]!.lessons[1] as LessonSummary;
    const member = tenant.member;
    await act(manual.id, member, { action: 'continue', positionSeconds: 0 });
    expect((await detailOf(courseId, member)).progress).toMatchObject({ completedLessons: 0 });

    // A write behind the services' back raises no stamp: the kept answer still goes out.
    await tenant.db
      .update(lessonProgress)
      .set({ completedAt: new Date() })
      .where(and(eq(lessonProgress.lessonId, manual.id), eq(lessonProgress.profileId, member.profileId)));
    const kept = await detailOf(courseId, member);
    expect(kept.modules[0]!.lessons[1]!.lessonAction.action).toBe('continue');

    // Completing by hand raises the member's stamp; the favourite is part of the mark; the owner's change of the
    // course raises the course's.
    await act(manual.id, member, { action: 'incomplete' });
    await act(manual.id, member, { action: 'completed' });
    const after = await detailOf(courseId, member);
    expect(after.modules[0]!.lessons[1]!.lessonAction.action).toBe('completed');
    expect(after.progress).toMatchObject({ completedLessons: 1 });
    expect((await call('POST', `/api/courses/${courseId}/favorite`, member)).statusCode).toBe(204);
    expect((await detailOf(courseId, member)).isFavorite).toBe(true);
    await call('PATCH', `/api/courses/${courseId}`, tenant.owner, { name: 'Achtsam führen II' });
    expect((await detailOf(courseId, member)).name).toBe('Achtsam führen II');
    // Another member's answer is their own.
    expect((await detailOf(courseId, tenant.other)).progress).toBeNull();
  });

  it('names the next moment time alone changes the page: a lesson that opens, the access that ends', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const locked = (unlocksAt: string | null): LessonAction => ({
      action: 'locked',
      reason: 'drip_content',
      unlocksAt: unlocksAt ? new Date(unlocksAt) : null,
    });
    const evaluation = (actions: LessonAction[], accessBeganAt: Date | null) =>
      ({
        actions: new Map(actions.map((action, index) => [String(index), action])),
        reader: { kind: 'member', timeZone: 'UTC', accessBeganAt, completedLessonIds: new Set() },
      }) as unknown as Evaluation;
    const access = (limitAccessByTime: number | null) =>
      ({
        course: {
          isPublished: true,
          deletedAt: null,
          access: 'free',
          isMadeModulesObligatory: false,
          limitAccessByTime,
          dripContent: true,
        },
      }) as unknown as CourseAccessOf;
    const opens = [locked('2026-03-05T00:00:00Z'), locked('2026-03-02T00:00:00Z'), locked(null)];
    expect(nextChangeOf(access(null), evaluation(opens, now), now)).toBe(Date.parse('2026-03-02T00:00:00Z'));
    // Access began on 28 February at 08:00 for 2 days: it ends on 2 March at 08:00, before the lesson opens.
    const began = new Date('2026-02-28T08:00:00Z');
    expect(nextChangeOf(access(2), evaluation([locked('2026-03-03T00:00:00Z')], began), now)).toBe(
      Date.parse('2026-03-02T08:00:00Z'),
    );
    expect(nextChangeOf(access(null), evaluation([{ action: 'continue' }], null), now)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
