import type { LessonSummary } from '../../../contracts/courses-lessons.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, lessonProgress, profiles } from '../../db/schema/index.ts';
import { communityApp } from '../../test/community-spaces.ts';
import { courseKit, type CourseModule as Module } from '../../test/courses.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { call, courseWithLessons, detailOf, actionsOf, act } = courseKit(() => server);

describe(`course progress and access (${testDriver})`, () => {
  it('keeps progress: positions, watched time, completion at 90 % and by hand, and the counters', async () => {
    const tenant = await communityApp(server);
    const { courseId, modules } = await courseWithLessons(tenant);
    const [video, manual] = modules[0]!.lessons as [LessonSummary, LessonSummary];
    const member = tenant.member;

    expect((await detailOf(courseId, member)).courseAction).toBe('start');
    const saved = await act(video.id, member, {
      action: 'continue',
      positionSeconds: 0,
      durationSeconds: 100,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      action: 'continue',
      progress: { positionSeconds: 0, durationSeconds: 100 },
    });

    // Seeking to the end does not count as watching: at most the wall time since the last save.
    const rewind = (seconds: number) =>
      tenant.db
        .update(lessonProgress)
        .set({ updatedAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(and(eq(lessonProgress.lessonId, video.id), eq(lessonProgress.profileId, member.profileId)));
    await act(video.id, member, { action: 'continue', positionSeconds: 95 });
    const watched = async () =>
      (
        await tenant.db
          .select({ watched: lessonProgress.watchedSeconds, completedAt: lessonProgress.completedAt })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.lessonId, video.id), eq(lessonProgress.profileId, member.profileId)))
      )[0]!;
    expect((await watched()).watched).toBeLessThan(5);
    expect((await watched()).completedAt).toBeNull();
    // Half watched on one device, resumed on another: the position is the member's, wherever they are.
    await tenant.db
      .update(lessonProgress)
      .set({ positionSeconds: 0, watchedSeconds: 0 })
      .where(eq(lessonProgress.lessonId, video.id));
    await rewind(50);
    await act(video.id, member, { action: 'continue', positionSeconds: 50 });
    const resumed = await call('GET', `/api/lessons/${video.id}/action`, member);
    expect(resumed.json().data).toMatchObject({
      action: 'continue',
      progress: { positionSeconds: 50, completedAt: null },
    });
    await rewind(40);
    await act(video.id, member, { action: 'continue', positionSeconds: 90 });
    expect((await watched()).completedAt).not.toBeNull();

    await act(manual.id, member, { action: 'completed' });
    let detail = await detailOf(courseId, member);
    expect(detail.progress).toMatchObject({ completedLessons: 2, percent: 50 });
    expect(actionsOf(detail)).toEqual(['completed', 'completed', 'continue', 'continue']);
    expect(detail.progress?.nextLessonSlug).toBe(modules[1]!.lessons[0]!.slug);
    await act(manual.id, member, { action: 'incomplete' });
    await act(manual.id, member, { action: 'incomplete' });
    expect((await detailOf(courseId, member)).progress?.completedLessons).toBe(1);

    // Finishing the rest completes the course; deleting or switching off lessons recounts everyone.
    for (const lesson of [manual, ...modules[1]!.lessons]) {
      await act(lesson.id, member, { action: 'completed' });
    }
    detail = await detailOf(courseId, member);
    expect(detail).toMatchObject({
      courseAction: 'completed',
      progress: { completedLessons: 4, percent: 100 },
    });
    expect(detail.progress?.completedAt).not.toBeNull();
    const list = await call('GET', `/api/apps/${tenant.app.id}/courses?filter=started`, member);
    expect(list.json().data.map((row: { courseAction: string }) => row.courseAction)).toEqual(['completed']);

    const added = await call('POST', `/api/modules/${modules[1]!.id}/lessons`, tenant.owner, {
      name: 'Nachtrag',
    });
    detail = await detailOf(courseId, member);
    expect(detail).toMatchObject({
      courseAction: 'continue',
      progress: { completedLessons: 4, percent: 80, completedAt: null },
    });
    await call('DELETE', `/api/lessons/${manual.id}`, tenant.owner);
    await call('DELETE', `/api/lessons/${added.json().data.id}/active`, tenant.owner);
    const [enrollment] = await tenant.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.profileId, member.profileId));
    expect(enrollment).toMatchObject({ completedLessons: 3 });
    expect(enrollment!.completedAt).not.toBeNull();
    await call('DELETE', `/api/modules/${modules[1]!.id}`, tenant.owner);
    expect((await detailOf(courseId, member)).progress).toMatchObject({ completedLessons: 1, percent: 100 });
  });

  it('locks lessons by order, drip in the member’s zone and the time limit, and leaves their content out', async () => {
    const tenant = await communityApp(server);
    const { courseId, modules } = await courseWithLessons(tenant, {
      isMadeModulesObligatory: true,
      dripContent: true,
    });
    const [first, second] = modules as [Module, Module];
    await call('PATCH', `/api/modules/${second.id}`, tenant.owner, { dripDays: 1 });
    await call('PATCH', `/api/lessons/${first.lessons[0]!.id}`, tenant.owner, { body: '<p>Inhalt eins</p>' });
    await call('PATCH', `/api/lessons/${first.lessons[1]!.id}`, tenant.owner, { body: '<p>Inhalt zwei</p>' });
    await tenant.db
      .update(profiles)
      .set({ timezone: 'America/New_York' })
      .where(eq(profiles.id, tenant.member.profileId));

    // Opening the first lesson starts the course: access begins now, drip counts from the local day.
    const page = await call(
      'GET',
      `/api/apps/${tenant.app.id}/courses/l/${first.lessons[0]!.slug}`,
      tenant.member,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      body: '<p>Inhalt eins</p>',
      nextLessonSlug: first.lessons[1]!.slug,
    });
    const [enrollment] = await tenant.db
      .select()
      .from(courseEnrollments)
      .where(eq(courseEnrollments.profileId, tenant.member.profileId));
    expect(enrollment).toMatchObject({ timeZone: 'America/New_York', lastLessonId: first.lessons[0]!.id });

    const detail = await detailOf(courseId, tenant.member);
    const states = detail.modules.flatMap((module) => module.lessons.map((lesson) => lesson.lessonAction));
    expect(states[1]).toEqual({
      action: 'locked',
      reason: 'not_completed_previous_lessons',
      unlocksAt: null,
    });
    // The next local midnight in New York after the day access began.
    const began = enrollment!.accessBeganAt;
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(began);
    const [year, month, day] = localDay.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    const offset = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      timeZoneName: 'longOffset',
    })
      .formatToParts(next)
      .find((part) => part.type === 'timeZoneName')!
      .value.replace('GMT', '');
    expect(states[2]).toEqual({
      action: 'locked',
      reason: 'drip_content',
      unlocksAt: new Date(`${next.toISOString().slice(0, 10)}T00:00:00${offset}`).toISOString(),
    });

    const locked = await call(
      'GET',
      `/api/apps/${tenant.app.id}/courses/l/${first.lessons[1]!.slug}`,
      tenant.member,
    );
    expect(locked.json().data).toMatchObject({ body: '', lessonAction: { action: 'locked' } });
    // Another member's completions are theirs: the first lesson done by them opens nothing for this one.
    const others = await act(first.lessons[0]!.id, tenant.other, { action: 'completed' });
    expect(others.statusCode, others.body).toBe(200);
    const refused = await act(first.lessons[1]!.id, tenant.member, { action: 'completed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'LESSON_LOCKED',
      details: { reason: 'not_completed_previous_lessons' },
    });
    // The conversation of a lesson is open with the lesson: comments on a locked one are refused.
    const comment = (lessonId: string) =>
      call('POST', '/api/comments', tenant.member, {
        entityType: 'lesson',
        entityId: lessonId,
        body: '<p>Schön!</p>',
      });
    expect((await comment(first.lessons[0]!.id)).statusCode).toBe(201);
    expect([403, 404]).toContain((await comment(first.lessons[1]!.id)).statusCode);
    const reread = await call(
      'GET',
      `/api/apps/${tenant.app.id}/courses/l/${first.lessons[0]!.slug}`,
      tenant.member,
    );
    expect(reread.json().data.commentsCount).toBe(1);
    const listed = await call(
      'GET',
      `/api/comments?entityType=lesson&entityId=${first.lessons[0]!.id}`,
      tenant.other,
    );
    expect(listed.json().data.map((row: { body: string }) => row.body)).toEqual(['<p>Schön!</p>']);
    // Managers preview every lesson.
    expect(actionsOf(await detailOf(courseId, tenant.owner))).toEqual([
      'continue',
      'continue',
      'continue',
      'continue',
    ]);

    // A day later the module opens; once the time limit has passed everything locks.
    await tenant.db
      .update(courseEnrollments)
      .set({ accessBeganAt: sql`now() - interval '3 days'` })
      .where(eq(courseEnrollments.profileId, tenant.member.profileId));
    await act(first.lessons[0]!.id, tenant.member, { action: 'completed' });
    await act(first.lessons[1]!.id, tenant.member, { action: 'completed' });
    expect(actionsOf(await detailOf(courseId, tenant.member))).toEqual([
      'completed',
      'completed',
      'continue',
      'locked',
    ]);
    await call('PATCH', `/api/courses/${courseId}`, tenant.owner, { limitAccessByTime: 2 });
    const ended = await detailOf(courseId, tenant.member);
    expect(ended.modules[1]!.lessons[0]!.lessonAction).toEqual({
      action: 'locked',
      reason: 'access_limit_by_time',
      unlocksAt: null,
    });
  });
});
