import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, courseCategoryCourses, courses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityApp, communityCaller, type CommunityApp } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
type Row = { id: string; name: string; position: number; coursesCount: number };
type Choice = { id: string; name: string };

/** Switches the courses service on or off and lets guests see it or not. */
async function setCourses(tenant: CommunityApp, to: { on?: boolean; guests?: boolean }) {
  await tenant.db
    .update(apps)
    .set({
      ...(to.on !== undefined && {
        options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || ${JSON.stringify({ courses: to.on })}::jsonb)`,
      }),
      ...(to.guests !== undefined && {
        serviceSettings: sql`${apps.serviceSettings} || ${JSON.stringify({ courses: { isVisibleToGuests: to.guests } })}::jsonb`,
      }),
    })
    .where(eq(apps.id, tenant.app.id));
}

async function tenantWithCategories(names: string[]) {
  const tenant = await communityApp(server);
  const url = `/api/apps/${tenant.app.id}/categories`;
  const made: Row[] = [];
  for (const name of names) {
    const response = await call('POST', url, tenant.owner, { name });
    expect(response.statusCode, response.body).toBe(201);
    made.push(response.json<{ data: Row }>().data);
  }
  return { tenant, url, made };
}

/** A course written straight into the table (published unless told), in the given categories in turn. */
async function insertCourse(
  tenant: CommunityApp,
  values: Partial<typeof courses.$inferInsert> & { name: string },
  categoryIds: string[] = [],
) {
  const id = newId();
  await tenant.db.insert(courses).values({
    id,
    appId: tenant.app.id,
    type: 'course',
    slug: `kurs-${id}`,
    isPublished: true,
    ...values,
  });
  for (const categoryId of categoryIds) {
    await tenant.db.insert(courseCategoryCourses).values({
      categoryId,
      courseId: id,
      position: sql`coalesce((select max(position) from course_category_courses where category_id = ${categoryId}), 0) + 1`,
    });
  }
  return id;
}

const names = (response: { json(): { data: Choice[] } }) => response.json().data.map((row) => row.name);

describe(`course categories (${testDriver})`, () => {
  it('adds at the end, lists in order with the courses each caller sees, and offers a searchable dropdown', async () => {
    const { tenant, url, made } = await tenantWithCategories([' Grundlagen ', 'Profi_Kurse', 'Extras']);
    expect(made.map((row) => [row.name, row.position, row.coursesCount])).toEqual([
      ['Grundlagen', 1, 0],
      ['Profi_Kurse', 2, 0],
      ['Extras', 3, 0],
    ]);
    const [basics, pro] = made as [Row, Row, Row];
    await insertCourse(tenant, { name: 'Live' }, [basics.id, pro.id]);
    await insertCourse(tenant, { name: 'Entwurf', isPublished: false }, [basics.id]);
    await insertCourse(tenant, { name: 'Nur per Link', isShowedOnlyByDirectLink: true }, [basics.id]);
    await insertCourse(tenant, { name: 'Gelöscht', deletedAt: new Date() }, [basics.id]);

    const counts = async (who?: { auth: string }) => {
      const response = await call('GET', url, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Row[] }>().data.map((row) => [row.name, row.coursesCount]);
    };
    // Managers count drafts and link-only courses; members and guests what the catalogue lists.
    expect(await counts(tenant.owner)).toEqual([
      ['Grundlagen', 3],
      ['Profi_Kurse', 1],
      ['Extras', 0],
    ]);
    expect(await counts(tenant.member)).toEqual([
      ['Grundlagen', 1],
      ['Profi_Kurse', 1],
      ['Extras', 0],
    ]);
    await setCourses(tenant, { guests: true });
    expect(await counts()).toEqual(await counts(tenant.member));
    const page = await call('GET', `${url}?limit=2&page=2`, tenant.member);
    expect(page.json()).toMatchObject({ data: [{ name: 'Extras' }], meta: { page: 2, pages: 2, total: 3 } });

    const dropdown = await call(
      'GET',
      `${url}/dropdown?search=${encodeURIComponent('PROFI')}`,
      tenant.member,
    );
    expect(dropdown.json()).toEqual({
      data: [{ id: pro.id, name: 'Profi_Kurse' }],
      meta: { page: 1, pages: 1, total: 1 },
    });
    // LIKE's wildcards are searched as text.
    expect(names(await call('GET', `${url}/dropdown?search=_`, tenant.member))).toEqual(['Profi_Kurse']);
    expect(names(await call('GET', `${url}/dropdown?search=%25`, tenant.member))).toEqual([]);
    const second = await call('GET', `${url}/dropdown?limit=2&page=2`);
    expect(second.json()).toEqual({
      data: [{ id: made[2]!.id, name: 'Extras' }],
      meta: { page: 2, pages: 2, total: 3 },
    });
  });

  it('renames, moves categories and the courses in one, and deletes; the courses stay', async () => {
    const { tenant, url, made } = await tenantWithCategories(['A', 'B', 'C']);
    const [a, b, c] = made as [Row, Row, Row];
    const first = await insertCourse(tenant, { name: 'Eins' }, [b.id]);
    const second = await insertCourse(tenant, { name: 'Zwei' }, [b.id]);
    const third = await insertCourse(tenant, { name: 'Drei' }, [b.id]);
    const outside = await insertCourse(tenant, { name: 'Draußen' }, [a.id]);

    const renamed = await call('PATCH', `/api/categories/${b.id}`, tenant.owner, { name: ' Mitte ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toEqual({ id: b.id, name: 'Mitte', position: 2, coursesCount: 3 });

    const top = await call('PATCH', `${url}/move`, tenant.owner, { id: c.id, prevId: null });
    expect(top.json().data).toMatchObject({ id: c.id, position: 1 });
    const moved = await call('PATCH', `${url}/move`, tenant.owner, { id: a.id, prevId: b.id });
    expect(moved.json().data).toMatchObject({ id: a.id, position: 3, coursesCount: 1 });
    const order = await call('GET', url, tenant.member);
    expect(order.json().data.map((row: Row) => [row.name, row.position])).toEqual([
      ['C', 1],
      ['Mitte', 2],
      ['A', 3],
    ]);
    const self = await call('PATCH', `${url}/move`, tenant.owner, { id: a.id, prevId: a.id });
    expect([self.statusCode, self.json().errors]).toEqual([400, { prevId: 'validation.invalidValue' }]);

    const inCategory = `/api/categories/${b.id}/courses/move`;
    const positions = async () =>
      (
        await tenant.db
          .select({ courseId: courseCategoryCourses.courseId, position: courseCategoryCourses.position })
          .from(courseCategoryCourses)
          .where(eq(courseCategoryCourses.categoryId, b.id))
          .orderBy(asc(courseCategoryCourses.position))
      ).map((row) => [row.courseId, row.position]);
    const after = await call('PATCH', inCategory, tenant.owner, { courseId: first, prevId: third });
    expect(after.statusCode, after.body).toBe(204);
    expect(
      (await call('PATCH', inCategory, tenant.owner, { courseId: third, prevId: null })).statusCode,
    ).toBe(204);
    expect(await positions()).toEqual([
      [third, 1],
      [second, 2],
      [first, 3],
    ]);
    const notIn = await call('PATCH', inCategory, tenant.owner, { courseId: outside, prevId: null });
    expect([notIn.statusCode, notIn.json().errors]).toEqual([400, { courseId: 'validation.invalidValue' }]);
    const prevNotIn = await call('PATCH', inCategory, tenant.owner, { courseId: first, prevId: outside });
    expect([prevNotIn.statusCode, prevNotIn.json().errors]).toEqual([
      400,
      { prevId: 'validation.invalidValue' },
    ]);

    expect((await call('DELETE', `/api/categories/${b.id}`, tenant.owner)).statusCode).toBe(204);
    const kept = await tenant.db.select({ id: courses.id }).from(courses).where(eq(courses.id, first));
    expect(kept).toEqual([{ id: first }]);
    expect(await positions()).toEqual([]);
    expect((await call('PATCH', `/api/categories/${b.id}`, tenant.owner, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', url, tenant.member)).json().data.map((row: Row) => row.name)).toEqual([
      'C',
      'A',
    ]);
  });

  it('offers the courses each caller sees in a dropdown, newest first, or the ones asked for', async () => {
    const tenant = await communityApp(server);
    const url = `/api/apps/${tenant.app.id}/courses/dropdown`;
    const at = (day: number) => new Date(Date.UTC(2030, 0, day));
    const old = await insertCourse(tenant, { name: 'Alt 100%', createdAt: at(1) });
    const draft = await insertCourse(tenant, { name: 'Entwurf', isPublished: false, createdAt: at(2) });
    const link = await insertCourse(tenant, {
      name: 'Per Link',
      isShowedOnlyByDirectLink: true,
      createdAt: at(3),
    });
    await insertCourse(tenant, { name: 'Gelöscht', deletedAt: at(4), createdAt: at(4) });
    const fresh = await insertCourse(tenant, { name: 'Neu', createdAt: at(5) });

    expect(names(await call('GET', url, tenant.owner))).toEqual(['Neu', 'Per Link', 'Entwurf', 'Alt 100%']);
    expect(names(await call('GET', url, tenant.member))).toEqual(['Neu', 'Alt 100%']);
    await setCourses(tenant, { guests: true });
    expect(names(await call('GET', url))).toEqual(['Neu', 'Alt 100%']);
    const paged = await call('GET', `${url}?limit=1&page=2`, tenant.member);
    expect(paged.json()).toEqual({
      data: [{ id: old, name: 'Alt 100%' }],
      meta: { page: 2, pages: 2, total: 2 },
    });
    expect(names(await call('GET', `${url}?search=${encodeURIComponent('100%')}`, tenant.member))).toEqual([
      'Alt 100%',
    ]);
    expect(names(await call('GET', `${url}?search=${encodeURIComponent('%')}`, tenant.member))).toEqual([
      'Alt 100%',
    ]);
    // `courseIds` picks exactly those (the search left aside), link-only ones too, drafts only for managers.
    const asked = `${url}?search=nichts&${[fresh, link, draft].map((id) => `courseIds=${id}`).join('&')}`;
    expect(names(await call('GET', asked, tenant.member))).toEqual(['Neu', 'Per Link']);
    expect(names(await call('GET', asked, tenant.owner))).toEqual(['Neu', 'Per Link', 'Entwurf']);
    expect(names(await call('GET', `${url}?courseIds=${link}`, tenant.member))).toEqual(['Per Link']);
  });

  it('refuses anonymous callers, other projects, members without the ability and bad input', async () => {
    const { tenant, url, made } = await tenantWithCategories(['Geheim', 'Offen']);
    const [secret, open] = made as [Row, Row];
    const item = `/api/categories/${secret.id}`;
    const course = await insertCourse(tenant, { name: 'Kurs' }, [secret.id]);
    const other = await tenantWithCategories(['Fremd']);
    const writes = (who?: { auth: string }) => [
      call('POST', url, who, { name: 'X' }),
      call('PATCH', `${url}/move`, who, { id: secret.id, prevId: null }),
      call('PATCH', item, who, { name: 'X' }),
      call('PATCH', `${item}/courses/move`, who, { courseId: course, prevId: null }),
      call('DELETE', item, who),
    ];
    const statuses = async (requests: Promise<{ statusCode: number }>[]) =>
      (await Promise.all(requests)).map((response) => response.statusCode);

    expect(await statuses(writes())).toEqual([401, 401, 401, 401, 401]);
    // Another project's owner is a guest here: reads what guests may read, changes nothing.
    await setCourses(tenant, { guests: true });
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(200);
    expect(await statuses(writes(tenant.stranger))).toEqual([403, 403, 403, 403, 403]);
    // Members and moderators read, and do not change the categories.
    for (const who of [tenant.member, tenant.moderator]) {
      expect(await statuses(writes(who))).toEqual([403, 403, 403, 403, 403]);
    }
    // Another app's owner neither reaches this app's category nor moves it among theirs.
    expect((await call('DELETE', item, other.tenant.owner)).statusCode).toBe(403);
    const across = await call('PATCH', `${other.url}/move`, other.tenant.owner, {
      id: secret.id,
      prevId: null,
    });
    expect([across.statusCode, across.json().errors]).toEqual([400, { id: 'validation.invalidValue' }]);
    const acrossPrev = await call('PATCH', `${other.url}/move`, other.tenant.owner, {
      id: other.made[0]!.id,
      prevId: open.id,
    });
    expect([acrossPrev.statusCode, acrossPrev.json().errors]).toEqual([
      400,
      { prevId: 'validation.invalidValue' },
    ]);

    // A switched-off service is gone for members, guests and strangers, not for the app's managers.
    await setCourses(tenant, { on: false });
    for (const who of [tenant.member, tenant.stranger, undefined]) {
      expect((await call('GET', url, who)).statusCode).toBe(404);
      expect((await call('GET', `${url}/dropdown`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/apps/${tenant.app.id}/courses/dropdown`, who)).statusCode).toBe(404);
    }
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await call('GET', url, tenant.owner)).statusCode).toBe(200);
    expect((await call('PATCH', item, tenant.owner, { name: 'Geheim' })).statusCode).toBe(200);
    await setCourses(tenant, { on: true });

    // Bad input.
    const empty = await call('POST', url, tenant.owner, { name: '   ' });
    expect([empty.statusCode, Object.keys(empty.json().errors)]).toEqual([400, ['name']]);
    const bad = [
      call('POST', url, tenant.owner, { name: 'x'.repeat(101) }),
      call('POST', url, tenant.owner, { name: 'X', slug: 'x' }),
      call('PATCH', `${url}/move`, tenant.owner, { id: 'nope', prevId: null }),
      call('PATCH', `${url}/move`, tenant.owner, { id: secret.id }),
      call('PATCH', `${item}/courses/move`, tenant.owner, { prevId: null }),
      call('PATCH', '/api/categories/nope', tenant.owner, { name: 'X' }),
      call('GET', `${url}?limit=101`, tenant.owner),
      call('GET', `${url}/dropdown?limit=16`, tenant.owner),
      call('GET', `/api/apps/${tenant.app.id}/courses/dropdown?courseIds=nope`, tenant.owner),
    ];
    expect(await statuses(bad)).toEqual(bad.map(() => 400));
    const missing = await call('PATCH', `${url}/move`, tenant.owner, { id: secret.id });
    expect(Object.keys(missing.json().errors)).toEqual(['prevId']);
    expect((await call('GET', url, tenant.owner)).json().data.map((row: Row) => row.name)).toEqual([
      'Geheim',
      'Offen',
    ]);
  });
});
