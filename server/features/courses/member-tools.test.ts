import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apps,
  courseFavorites,
  courseLessons,
  courseModules,
  courses,
  lessonNotes,
  lessonProgress,
  lessonTodoTicks,
  playlistLessons,
} from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, type CommunityApp } from '../../test/community-spaces.ts';
import { apiCaller, type ApiMethod } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const request = apiCaller(() => server);
const call = (method: ApiMethod, url: string, who?: { auth: string }, payload?: object) =>
  request(method, url, who?.auth, payload);

type Todo = { id: string; text: string; done: boolean };
type Playlist = { id: string; name: string; lessons: { id: string; name: string; courseName: string }[] };

/** Lets guests see the app's courses: another project's owner then sees a published course as a guest. */
async function openCoursesToGuests(tenant: CommunityApp) {
  await tenant.db
    .update(apps)
    .set({
      serviceSettings: sql`${apps.serviceSettings} || '{"courses": {"isVisibleToGuests": true}}'::jsonb`,
    })
    .where(eq(apps.id, tenant.app.id));
}

/** A course with one module written straight into the tables (published unless told); lessons come after. */
async function insertCourse(
  tenant: CommunityApp,
  values: Partial<typeof courses.$inferInsert> = {},
  module: Partial<typeof courseModules.$inferInsert> = {},
) {
  const id = newId();
  const name = values.name ?? `Kurs ${id.slice(-6)}`;
  await tenant.db.insert(courses).values({
    id,
    appId: tenant.app.id,
    type: 'course',
    name,
    slug: `kurs-${id}`,
    isPublished: true,
    ...values,
  });
  const moduleId = newId();
  await tenant.db
    .insert(courseModules)
    .values({ id: moduleId, courseId: id, name: 'Modul 1', position: 1, ...module });
  let position = 0;
  const lesson = async (values: Partial<typeof courseLessons.$inferInsert> = {}) => {
    const lessonId = newId();
    position += 1;
    await tenant.db.insert(courseLessons).values({
      id: lessonId,
      appId: tenant.app.id,
      courseId: id,
      moduleId,
      slug: `lektion-${lessonId}`,
      name: `Lektion ${position}`,
      position,
      todoList: [
        { id: 't1', text: 'Lesen' },
        { id: 't2', text: 'Üben' },
      ],
      ...values,
    });
    return lessonId;
  };
  return { id, name, moduleId, lesson };
}

describe(`courses: the member's tools (${testDriver})`, () => {
  it("keeps a member's private note and to-do ticks on open lessons only", async () => {
    const tenant = await communityApp(server);
    const course = await insertCourse(tenant);
    const lessonId = await course.lesson();
    const note = `/api/lessons/${lessonId}/note`;
    const todo = (id: string) => `/api/lessons/${lessonId}/todos/${id}`;

    expect((await call('GET', note, tenant.member)).json()).toEqual({ data: { body: '' } });
    const saved = await call('PUT', note, tenant.member, { body: 'Kapitel 2 wiederholen' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { body: 'Kapitel 2 wiederholen' } });
    expect((await call('PUT', note, tenant.member, { body: 'Kapitel 3' })).json().data.body).toBe(
      'Kapitel 3',
    );
    expect((await call('GET', note, tenant.member)).json().data.body).toBe('Kapitel 3');
    // Private: another member reads their own (none).
    expect((await call('GET', note, tenant.other)).json().data.body).toBe('');
    expect((await call('PUT', note, tenant.member, { body: '' })).json().data.body).toBe('');
    expect(await tenant.db.select().from(lessonNotes).where(eq(lessonNotes.lessonId, lessonId))).toEqual([]);

    const ticked = await call('PUT', todo('t2'), tenant.member, { done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json<{ data: Todo[] }>().data).toEqual([
      { id: 't1', text: 'Lesen', done: false },
      { id: 't2', text: 'Üben', done: true },
    ]);
    expect((await call('PUT', todo('t2'), tenant.member, { done: true })).statusCode).toBe(200);
    const others = await call('PUT', todo('t1'), tenant.other, { done: true });
    expect(others.json<{ data: Todo[] }>().data.map((row) => row.done)).toEqual([true, false]);
    const unticked = await call('PUT', todo('t2'), tenant.member, { done: false });
    expect(unticked.json<{ data: Todo[] }>().data.map((row) => row.done)).toEqual([false, false]);
    expect(
      await tenant.db
        .select({ todoId: lessonTodoTicks.todoId })
        .from(lessonTodoTicks)
        .where(eq(lessonTodoTicks.lessonId, lessonId)),
    ).toEqual([{ todoId: 't1' }]);
    // Managers with a profile keep notes too.
    expect((await call('PUT', note, tenant.owner, { body: 'Für alle prüfen' })).statusCode).toBe(200);

    // Locked by drip: what they wrote is readable, nothing new is recorded.
    const dripped = await insertCourse(tenant, { dripContent: true }, { dripDays: 3 });
    const locked = await dripped.lesson();
    const lockedNote = await call('PUT', `/api/lessons/${locked}/note`, tenant.member, { body: 'X' });
    expect(lockedNote.statusCode).toBe(403);
    expect(lockedNote.json()).toMatchObject({
      code: 'LESSON_LOCKED',
      details: { action: 'locked', reason: 'drip_content' },
    });
    const lockedTodo = await call('PUT', `/api/lessons/${locked}/todos/t1`, tenant.member, { done: true });
    expect(lockedTodo.statusCode).toBe(403);
    expect(lockedTodo.json().code).toBe('LESSON_LOCKED');
    expect((await call('GET', `/api/lessons/${locked}/note`, tenant.member)).statusCode).toBe(200);

    // Refusals: anonymous, another project's owner, the invited and the punished, bad input, unknown to-dos.
    expect((await call('GET', note)).statusCode).toBe(401);
    expect((await call('PUT', note, undefined, { body: 'X' })).statusCode).toBe(401);
    expect((await call('PUT', todo('t1'), undefined, { done: true })).statusCode).toBe(401);
    expect((await call('GET', note, tenant.stranger)).statusCode).toBe(404);
    expect((await call('PUT', todo('t1'), tenant.stranger, { done: true })).statusCode).toBe(404);
    const other = await communityApp(server);
    expect((await call('GET', note, other.owner)).statusCode).toBe(404);
    // The invited do not see the app yet; guests see the course but keep nothing.
    expect((await call('GET', note, tenant.invited)).statusCode).toBe(404);
    await openCoursesToGuests(tenant);
    expect((await call('GET', note, tenant.stranger)).statusCode).toBe(403);
    expect((await call('PUT', todo('t1'), tenant.stranger, { done: true })).statusCode).toBe(403);
    await tenant.sanction(tenant.other, 'punished');
    expect((await call('PUT', note, tenant.other, { body: 'X' })).statusCode).toBe(403);
    expect((await call('PUT', todo('nope'), tenant.member, { done: true })).statusCode).toBe(404);
    const wrongType = await call('PUT', note, tenant.member, { body: 7 });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().errors)).toEqual(['body']);
    expect((await call('PUT', note, tenant.member, { body: 'x'.repeat(20_001) })).statusCode).toBe(400);
    const badTick = await call('PUT', todo('t1'), tenant.member, { done: 'ja', extra: 1 });
    expect(badTick.statusCode).toBe(400);
    expect(Object.keys(badTick.json().errors).sort()).toEqual(['done', 'extra']);
    expect((await call('GET', '/api/lessons/nope/note', tenant.member)).statusCode).toBe(400);
    expect((await call('GET', `/api/lessons/${newId()}/note`, tenant.member)).statusCode).toBe(404);
  });

  it('marks favourites idempotently, for members who see the course', async () => {
    const tenant = await communityApp(server);
    const course = await insertCourse(tenant);
    const draft = await insertCourse(tenant, { isPublished: false });
    const url = `/api/courses/${course.id}/favorite`;
    const favourites = () =>
      tenant.db
        .select({ profileId: courseFavorites.profileId })
        .from(courseFavorites)
        .where(eq(courseFavorites.courseId, course.id));

    expect((await call('POST', url, tenant.member)).statusCode).toBe(204);
    expect((await call('POST', url, tenant.member)).statusCode).toBe(204);
    expect(await favourites()).toEqual([{ profileId: tenant.member.profileId }]);
    expect((await call('DELETE', url, tenant.member)).statusCode).toBe(204);
    expect((await call('DELETE', url, tenant.member)).statusCode).toBe(204);
    expect(await favourites()).toEqual([]);
    expect((await call('POST', `/api/courses/${draft.id}/favorite`, tenant.owner)).statusCode).toBe(204);

    expect((await call('POST', url)).statusCode).toBe(401);
    expect((await call('DELETE', url)).statusCode).toBe(401);
    expect((await call('POST', url, tenant.stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/courses/${draft.id}/favorite`, tenant.member)).statusCode).toBe(404);
    expect((await call('POST', url, tenant.invited)).statusCode).toBe(404);
    await openCoursesToGuests(tenant);
    expect((await call('POST', url, tenant.stranger)).statusCode).toBe(403);
    await tenant.sanction(tenant.other, 'punished');
    expect((await call('POST', url, tenant.other)).statusCode).toBe(403);
    expect((await call('POST', '/api/courses/nope/favorite', tenant.member)).statusCode).toBe(400);
  });

  it("lists the member's latest lessons of this app's courses they still see, newest first", async () => {
    const tenant = await communityApp(server);
    const url = `/api/apps/${tenant.app.id}/lessons/recent`;
    const course = await insertCourse(tenant, { name: 'Grundlagen' });
    const draft = await insertCourse(tenant, { name: 'Entwurf', isPublished: false });
    const gone = await insertCourse(tenant, { name: 'Gelöscht', deletedAt: new Date() });
    const elsewhere = await insertCourse(await communityApp(server), { name: 'Woanders' });
    const lessons = [];
    for (let i = 0; i < 11; i += 1) {
      lessons.push(await course.lesson());
    }
    const inactive = await course.lesson({ name: 'Inaktiv', isActive: false });
    const drafted = await draft.lesson();
    const deleted = await gone.lesson();
    const foreign = await elsewhere.lesson();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const progress = (
      lessonId: string,
      courseId: string,
      minutes: number,
      profileId = tenant.member.profileId,
    ) =>
      tenant.db.insert(lessonProgress).values({
        lessonId,
        courseId,
        profileId,
        positionSeconds: minutes,
        durationSeconds: 600,
        completedAt: minutes === 30 ? minutesAgo(30) : null,
        updatedAt: minutesAgo(minutes),
      });
    for (const [index, lessonId] of lessons.entries()) {
      await progress(lessonId, course.id, 30 + index);
    }
    await progress(inactive, course.id, 1);
    await progress(drafted, draft.id, 2);
    await progress(deleted, gone.id, 3);
    await progress(foreign, elsewhere.id, 4);

    const recent = await call('GET', url, tenant.member);
    expect(recent.statusCode, recent.body).toBe(200);
    const data = recent.json<{ data: { id: string; openedAt: string }[] }>().data;
    expect(data.map((row) => row.id)).toEqual(lessons.slice(0, 10));
    expect(data[0]).toEqual({
      id: lessons[0],
      slug: `lektion-${lessons[0]}`,
      name: 'Lektion 1',
      coverType: 'video',
      course: { id: course.id, slug: `kurs-${course.id}`, name: 'Grundlagen', cover: null },
      progress: { positionSeconds: 30, durationSeconds: 600, completedAt: expect.any(String) },
      openedAt: expect.any(String),
    });
    expect(Date.parse(data[0]!.openedAt)).toBeGreaterThan(Date.parse(data[1]!.openedAt));

    // A manager sees the inactive lesson and the draft too; nobody the deleted course or another app's.
    await progress(inactive, course.id, 1, tenant.owner.profileId);
    await progress(drafted, draft.id, 2, tenant.owner.profileId);
    await progress(deleted, gone.id, 3, tenant.owner.profileId);
    const managers = await call('GET', url, tenant.owner);
    expect(managers.json<{ data: { id: string }[] }>().data.map((row) => row.id)).toEqual([
      inactive,
      drafted,
    ]);
    expect((await call('GET', url, tenant.other)).json()).toEqual({ data: [] });

    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    await openCoursesToGuests(tenant);
    expect((await call('GET', url, tenant.stranger)).json()).toEqual({ data: [] });
    expect((await call('GET', `/api/apps/nope/lessons/recent`, tenant.member)).statusCode).toBe(400);
  });

  it("keeps each member's own playlists of the app's lessons", async () => {
    const tenant = await communityApp(server);
    const url = `/api/apps/${tenant.app.id}/playlists`;
    const course = await insertCourse(tenant, { name: 'Grundlagen' });
    const [first, second, hidden] = [await course.lesson(), await course.lesson(), await course.lesson()];
    const draft = await insertCourse(tenant, { isPublished: false });
    const drafted = await draft.lesson();
    const foreign = await (await insertCourse(await communityApp(server))).lesson();

    const created = await call('POST', url, tenant.member, { name: '  Für später ' });
    expect(created.statusCode, created.body).toBe(201);
    const playlist = created.json<{ data: Playlist }>().data;
    expect(playlist).toMatchObject({ name: 'Für später', lessons: [] });
    const newer = (await call('POST', url, tenant.member, { name: 'Morgen' })).json<{ data: Playlist }>()
      .data;
    const lessonsUrl = `/api/playlists/${playlist.id}/lessons`;

    for (const lessonId of [second, first, second, hidden]) {
      const added = await call('POST', lessonsUrl, tenant.member, { lessonId });
      expect(added.statusCode, added.body).toBe(200);
    }
    await tenant.db.update(courseLessons).set({ isActive: false }).where(eq(courseLessons.id, hidden));
    const list = await call('GET', url, tenant.member);
    expect(list.statusCode).toBe(200);
    const lists = list.json<{ data: Playlist[] }>().data;
    expect(lists.map((row) => row.name)).toEqual(['Morgen', 'Für später']);
    expect(lists[1]!.lessons).toEqual([
      { id: second, slug: `lektion-${second}`, name: 'Lektion 2', courseName: 'Grundlagen' },
      { id: first, slug: `lektion-${first}`, name: 'Lektion 1', courseName: 'Grundlagen' },
    ]);
    const removed = await call('DELETE', `${lessonsUrl}/${second}`, tenant.member);
    expect(removed.json<{ data: Playlist }>().data.lessons.map((row) => row.id)).toEqual([first]);
    expect((await call('GET', url, tenant.other)).json()).toEqual({ data: [] });

    // Only lessons of this app's courses the member sees.
    for (const lessonId of [drafted, foreign, newId()]) {
      const refused = await call('POST', lessonsUrl, tenant.member, { lessonId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ lessonId: 'validation.invalidValue' });
    }
    // At most 500 lessons (two are in: `first`, and `hidden`, which counts though it is not shown).
    const many = Array.from({ length: 498 }, (_, index) => ({
      id: newId(),
      appId: tenant.app.id,
      courseId: course.id,
      moduleId: course.moduleId,
      slug: `viele-${index}-${newId()}`,
      name: `Viele ${index}`,
      position: 100 + index,
    }));
    await tenant.db.insert(courseLessons).values(many);
    await tenant.db
      .insert(playlistLessons)
      .values(
        many.map((row, index) => ({ playlistId: playlist.id, lessonId: row.id, position: 10 + index })),
      );
    const full = await call('POST', lessonsUrl, tenant.member, { lessonId: second });
    expect(full.statusCode).toBe(409);
    expect(full.json().details).toEqual({ limit: 500 });
    expect((await call('POST', lessonsUrl, tenant.member, { lessonId: first })).statusCode).toBe(200);

    // Someone else's playlist is not there; the invited and guests keep none.
    expect((await call('POST', lessonsUrl, tenant.other, { lessonId: first })).statusCode).toBe(404);
    expect((await call('DELETE', `${lessonsUrl}/${first}`, tenant.owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/playlists/${playlist.id}`, tenant.other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/playlists/${playlist.id}`, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', url, tenant.invited)).statusCode).toBe(404);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    await openCoursesToGuests(tenant);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(403);
    expect((await call('POST', url, tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', url, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', lessonsUrl, undefined, { lessonId: first })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/playlists/${playlist.id}`)).statusCode).toBe(401);
    // Bad input.
    const blank = await call('POST', url, tenant.member, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);
    expect((await call('POST', url, tenant.member, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect(
      (await call('POST', lessonsUrl, tenant.member, { lessonId: 'nope' })).json().errors,
    ).toHaveProperty('lessonId');

    expect((await call('DELETE', `/api/playlists/${playlist.id}`, tenant.member)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/playlists/${playlist.id}`, tenant.member)).statusCode).toBe(404);
    expect(
      await tenant.db.select().from(playlistLessons).where(eq(playlistLessons.playlistId, playlist.id)),
    ).toEqual([]);
    expect(
      (await call('GET', url, tenant.member)).json<{ data: Playlist[] }>().data.map((row) => row.id),
    ).toEqual([newer.id]);
  });
});
