import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetail, Lesson, LessonSummary } from '../../../contracts/courses.ts';
import { apps, courseEnrollments, courseLessons, lessonProgress, profiles } from '../../db/schema/index.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import {
  communityApp,
  communityCaller,
  type CommunityApp,
  type Person,
} from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
type Module = { id: string; lessons: LessonSummary[] };

/** A published course of the owner's with two modules of two lessons each (the first a video lesson). */
async function courseWithLessons(tenant: CommunityApp, course: Record<string, unknown> = {}) {
  const made = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
    type: 'course',
    name: 'Achtsam führen',
    isPublished: true,
    ...course,
  });
  expect(made.statusCode, made.body).toBe(201);
  const courseId = made.json().data.id as string;
  const modules: Module[] = [];
  for (const name of ['Woche 1', 'Woche 2']) {
    const module = await call('POST', `/api/courses/${courseId}/modules`, tenant.owner, { name });
    expect(module.statusCode, module.body).toBe(201);
    const lessons: LessonSummary[] = [];
    for (const [index, lessonName] of [`${name}: Einstieg`, `${name}: Übung`].entries()) {
      const lesson = await call('POST', `/api/modules/${module.json().data.id}/lessons`, tenant.owner, {
        name: lessonName,
        completion: index === 0 ? 'video' : 'manual',
      });
      expect(lesson.statusCode, lesson.body).toBe(201);
      lessons.push(lesson.json().data);
    }
    modules.push({ id: module.json().data.id, lessons });
  }
  return { courseId, slug: made.json().data.slug as string, modules };
}

const detailOf = async (courseId: string, who?: Person) => {
  const response = await call('GET', `/api/courses/${courseId}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CourseDetail }>().data;
};
const actionsOf = (detail: CourseDetail) =>
  detail.modules.flatMap((module) => module.lessons.map((lesson) => lesson.lessonAction.action));
const act = (lessonId: string, who: Person, body: object) =>
  call('PATCH', `/api/lessons/${lessonId}/action`, who, body);

describe(`courses (${testDriver})`, () => {
  it('lets managers build a course and shows members only what is published', async () => {
    const tenant = await communityApp(server);
    const cover = await tenant.picture();
    const category = await call('POST', `/api/apps/${tenant.app.id}/categories`, tenant.owner, {
      name: 'Führung',
    });
    const made = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'podcast',
      name: 'Stille Stunde',
      modulesName: 'Staffeln',
      coverId: cover,
      categoryIds: [category.json().data.id],
      speakerIds: [tenant.moderator.profileId],
      limitAccessByTime: 30,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      slug: 'stille-stunde',
      type: 'podcast',
      modulesName: 'Staffeln',
      isPublished: false,
      cover: { id: cover },
      categories: [{ name: 'Führung' }],
      speakers: [{ id: tenant.moderator.profileId }],
      limitAccessByTime: 30,
      courseAction: 'continue',
    });
    const draft = made.json().data.id as string;
    // A second course of the same name gets the next free address.
    const again = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'course',
      name: 'Stille Stunde',
      isPublished: true,
    });
    expect(again.json().data.slug).toBe('stille-stunde-2');

    const listOf = async (who: Person) =>
      (await call('GET', `/api/apps/${tenant.app.id}/courses`, who))
        .json<{ data: { id: string }[] }>()
        .data.map((row) => row.id);
    expect(await listOf(tenant.owner)).toEqual([again.json().data.id, draft]);
    expect(await listOf(tenant.member)).toEqual([again.json().data.id]);
    expect((await call('GET', `/api/courses/${draft}`, tenant.member)).statusCode).toBe(404);

    // Published only by its direct link: out of the list, open at its address.
    await call('PATCH', `/api/courses/${draft}`, tenant.owner, {
      isPublished: true,
      isShowedOnlyByDirectLink: true,
    });
    expect(await listOf(tenant.member)).toEqual([again.json().data.id]);
    const bySlug = await call('GET', `/api/apps/${tenant.app.id}/courses/c/stille-stunde`, tenant.member);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().data).toMatchObject({ id: draft, courseAction: 'start', progress: null });

    // Modules and lessons in order; moves, the active toggle and the counters.
    const { courseId, modules } = await courseWithLessons(tenant);
    const [first, second] = modules as [Module, Module];
    const moved = await call('PATCH', `/api/lessons/${second.lessons[1]!.id}/move`, tenant.owner, {
      moduleId: first.id,
      prevId: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await call('PATCH', `/api/modules/${second.id}/move`, tenant.owner, { prevId: null });
    expect(
      (await call('DELETE', `/api/lessons/${first.lessons[1]!.id}/active`, tenant.owner)).json().data,
    ).toMatchObject({
      isActive: false,
    });
    const managed = await detailOf(courseId, tenant.owner);
    expect(
      managed.modules.map((module) => [module.name, module.lessonsCount, module.lessons.map((l) => l.name)]),
    ).toEqual([
      ['Woche 2', 1, ['Woche 2: Einstieg']],
      ['Woche 1', 2, ['Woche 2: Übung', 'Woche 1: Einstieg', 'Woche 1: Übung']],
    ]);
    expect(managed).toMatchObject({ modulesCount: 2, lessonsCount: 3 });
    // Members do not see the lesson switched off.
    const seen = await detailOf(courseId, tenant.member);
    expect(seen.modules[1]!.lessons.map((lesson) => lesson.name)).toEqual([
      'Woche 2: Übung',
      'Woche 1: Einstieg',
    ]);

    // The lesson editor's fields, sanitized and checked.
    const video = await insertCloudFile(tenant.db, {
      projectId: tenant.project.id,
      ownerAccountId: tenant.owner.accountId,
      type: 'video',
      name: 'einstieg.mp4',
      mimeType: 'video/mp4',
      status: null,
    });
    const edited = await call('PATCH', `/api/lessons/${first.lessons[0]!.id}`, tenant.owner, {
      body: '<p>Willkommen<script>alert(1)</script></p>',
      videos: [{ fileId: video.id }, { url: 'https://youtu.be/dQw4w9WgXcQ' }],
      links: [{ title: 'Mehr', url: 'https://example.org/mehr' }],
      todoList: [{ text: 'Atmen' }, { text: 'Notieren' }],
      slug: 'einstieg',
      dripDays: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const lesson = edited.json<{ data: Lesson }>().data;
    expect(lesson).toMatchObject({
      slug: 'einstieg',
      body: '<p>Willkommen</p>',
      dripDays: 2,
      links: [{ title: 'Mehr', url: 'https://example.org/mehr' }],
      videos: [
        { kind: 'file', fileId: video.id, name: 'einstieg.mp4' },
        { kind: 'link', host: 'youtube', thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' },
      ],
    });
    expect(lesson.todoList.map((todo) => [todo.text, todo.done])).toEqual([
      ['Atmen', false],
      ['Notieren', false],
    ]);

    // Deleting a course takes it out of lists and pages.
    expect((await call('DELETE', `/api/courses/${draft}`, tenant.owner)).statusCode).toBe(204);
    expect(
      (await call('GET', `/api/apps/${tenant.app.id}/courses/c/stille-stunde`, tenant.member)).statusCode,
    ).toBe(404);
  });

  it('refuses guests, strangers, members without the ability and bad input', async () => {
    const tenant = await communityApp(server);
    const { courseId, modules } = await courseWithLessons(tenant);
    const lessonId = modules[0]!.lessons[0]!.id;
    const writes: [method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: object][] = [
      ['POST', `/api/apps/${tenant.app.id}/courses`, { type: 'course', name: 'X' }],
      ['PATCH', `/api/courses/${courseId}`, { name: 'X' }],
      ['DELETE', `/api/courses/${courseId}`],
      ['POST', `/api/courses/${courseId}/modules`, { name: 'X' }],
      ['PATCH', `/api/modules/${modules[0]!.id}`, { name: 'X' }],
      ['POST', `/api/modules/${modules[0]!.id}/lessons`, { name: 'X' }],
      ['PATCH', `/api/lessons/${lessonId}`, { name: 'X' }],
      ['POST', `/api/lessons/${lessonId}/active`],
      ['DELETE', `/api/lessons/${lessonId}`],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, tenant.stranger, body)).statusCode, `${method} ${url} stranger`).toBe(
        404,
      );
      expect((await call(method, url, tenant.member, body)).statusCode, `${method} ${url} member`).toBe(403);
    }
    // Reads: a guest sees nothing until the service opens to guests; then an `auth` course asks to sign in.
    expect((await call('GET', `/api/courses/${courseId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${courseId}`, tenant.stranger)).statusCode).toBe(404);
    await tenant.db
      .update(apps)
      .set({
        serviceSettings: sql`${apps.serviceSettings} || '{"courses": {"isVisibleToGuests": true}}'::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
    const guest = await detailOf(courseId);
    expect(guest.modules[0]!.lessons[0]!.lessonAction).toEqual({
      action: 'denied',
      reason: 'login',
      unlocksAt: null,
    });
    expect(guest.permissions.can).toEqual(['view']);
    expect((await act(lessonId, tenant.invited, { action: 'completed' })).statusCode).toBe(403);

    const bad = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'webinar',
      name: '',
      categoryIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(400);
    const refs = await call('POST', `/api/apps/${tenant.app.id}/courses`, tenant.owner, {
      type: 'course',
      name: 'Referenzen',
      categoryIds: ['00000000-0000-4000-8000-000000000000'],
      speakerIds: [tenant.invited.profileId],
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().errors).toEqual({
      'categoryIds.0': 'validation.invalidValue',
      'speakerIds.0': 'validation.invalidValue',
    });
    const lessonErrors = await call('PATCH', `/api/lessons/${lessonId}`, tenant.owner, {
      videos: [{ url: 'https://example.org/video' }],
      links: [{ title: 'Böse', url: 'javascript:alert(1)' }],
      pictureIds: ['00000000-0000-4000-8000-000000000000'],
      dripDate: '2026-13-45x',
    });
    expect(lessonErrors.statusCode).toBe(400);
    const taken = await call('PATCH', `/api/courses/${courseId}`, tenant.owner, { slug: 'c' });
    expect(taken.statusCode).toBe(409);
    const move = await call('PATCH', `/api/lessons/${lessonId}/move`, tenant.owner, {
      moduleId: '00000000-0000-4000-8000-000000000000',
      prevId: null,
    });
    expect(move.json().errors).toEqual({ moduleId: 'validation.invalidValue' });
    expect((await act(lessonId, tenant.member, { action: 'continue', positionSeconds: -1 })).statusCode).toBe(
      400,
    );
  });

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

  it("shows the service host every app's courses with enrolments and completion rates", async () => {
    const tenant = await communityApp(server);
    const { courseId, modules } = await courseWithLessons(tenant);
    for (const lesson of modules.flatMap((module) => module.lessons)) {
      await act(lesson.id, tenant.member, { action: 'completed' });
    }
    await act(modules[0]!.lessons[1]!.id, tenant.moderator, { action: 'completed' });
    const url = `/api/projects/${tenant.project.id}/courses`;
    const dashboard = await call('GET', url, tenant.owner);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data).toEqual([
      expect.objectContaining({
        id: courseId,
        lessonsCount: 4,
        enrollments: 2,
        completions: 1,
        completionRate: 50,
      }),
    ]);
    expect((await call('GET', url, tenant.member)).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
    const lessonRows = await tenant.db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.courseId, courseId));
    expect(lessonRows).toHaveLength(4);
  });
});
