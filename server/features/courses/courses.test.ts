import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/courses-lessons.ts';
import { apps, courseLessons } from '../../db/schema/index.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { communityApp, type Person } from '../../test/community-spaces.ts';
import { courseKit, type CourseModule as Module } from '../../test/courses.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const { call, courseWithLessons, detailOf, act } = courseKit(() => server);

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
