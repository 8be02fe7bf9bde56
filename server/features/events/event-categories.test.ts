import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, events } from '../../db/schema/index.ts';
import { communityApp, communityCaller, type CommunityApp } from '../../test/community-spaces.ts';
import { insertEventRow } from '../../test/event-rows.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
type Row = { id: string; name: string; position: number; eventsCount: number };

/** Switches the events service on or off and lets guests see its free events or not. */
async function setEvents(tenant: CommunityApp, to: { on?: boolean; guests?: boolean }) {
  await tenant.db
    .update(apps)
    .set({
      ...(to.on !== undefined && {
        options: sql`jsonb_set(${apps.options}, '{services}', coalesce(${apps.options} -> 'services', '{}'::jsonb) || ${JSON.stringify({ events: to.on })}::jsonb)`,
      }),
      ...(to.guests !== undefined && {
        serviceSettings: sql`${apps.serviceSettings} || ${JSON.stringify({ events: { isVisibleToGuests: to.guests } })}::jsonb`,
      }),
    })
    .where(eq(apps.id, tenant.app.id));
}

async function tenantWithCategories(names: string[]) {
  const tenant = await communityApp(server);
  const url = `/api/apps/${tenant.app.id}/events/categories`;
  const made: Row[] = [];
  for (const name of names) {
    const response = await call('POST', url, tenant.owner, { name });
    expect(response.statusCode, response.body).toBe(201);
    made.push(response.json<{ data: Row }>().data);
  }
  return { tenant, url, made };
}

describe(`event categories (${testDriver})`, () => {
  it('adds at the end, lists in order with live events counted, and offers a searchable dropdown', async () => {
    const { tenant, url, made } = await tenantWithCategories(['  Workshops ', 'Live-Calls', 'Treffen']);
    expect(made.map((row) => [row.name, row.position, row.eventsCount])).toEqual([
      ['Workshops', 1, 0],
      ['Live-Calls', 2, 0],
      ['Treffen', 3, 0],
    ]);
    const [workshops, calls] = made as [Row, Row, Row];
    await insertEventRow(tenant.db, {
      appId: tenant.app.id,
      startsLocal: '2030-01-01T10:00:00',
      categoryId: workshops.id,
    });
    await insertEventRow(tenant.db, {
      appId: tenant.app.id,
      startsLocal: '2030-01-02T10:00:00',
      categoryId: workshops.id,
    });
    await insertEventRow(tenant.db, {
      appId: tenant.app.id,
      startsLocal: '2030-01-03T10:00:00',
      categoryId: workshops.id,
      deletedAt: new Date(),
    });
    await insertEventRow(tenant.db, {
      appId: tenant.app.id,
      startsLocal: '2030-01-03T10:00:00',
      categoryId: calls.id,
    });

    const list = await call('GET', `${url}?limit=2`, tenant.member);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ meta: { page: 1, pages: 2, total: 3 } });
    expect(list.json().data.map((row: Row) => [row.name, row.eventsCount])).toEqual([
      ['Workshops', 2],
      ['Live-Calls', 1],
    ]);
    const second = await call('GET', `${url}?limit=2&page=2`, tenant.member);
    expect(second.json().data.map((row: Row) => row.name)).toEqual(['Treffen']);

    const dropdown = await call('GET', `${url}/dropdown?search=${encodeURIComponent('live')}`, tenant.member);
    expect(dropdown.statusCode).toBe(200);
    expect(dropdown.json()).toEqual({
      data: [{ id: calls.id, name: 'Live-Calls' }],
      meta: { page: 1, pages: 1, total: 1 },
    });
    // LIKE's wildcards are searched as text.
    expect((await call('GET', `${url}/dropdown?search=%25`, tenant.member)).json().data).toEqual([]);
    const all = await call('GET', `${url}/dropdown`, tenant.moderator);
    expect(all.json().data.map((row: Row) => row.name)).toEqual(['Workshops', 'Live-Calls', 'Treffen']);
  });

  it('renames, moves after prevId and deletes; the events stay, without a category', async () => {
    const { tenant, url, made } = await tenantWithCategories(['A', 'B', 'C']);
    const [a, b, c] = made as [Row, Row, Row];
    const event = await insertEventRow(tenant.db, {
      appId: tenant.app.id,
      startsLocal: '2030-01-01T10:00:00',
      categoryId: b.id,
    });

    const renamed = await call('PATCH', `/api/events/categories/${a.id}`, tenant.owner, { name: 'Anfang' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: a.id, name: 'Anfang', eventsCount: 0 });

    const top = await call('PATCH', `/api/events/categories/${c.id}/move`, tenant.owner, { prevId: null });
    expect(top.json().data).toMatchObject({ id: c.id, position: 1 });
    const moved = await call('PATCH', `/api/events/categories/${a.id}/move`, tenant.owner, { prevId: b.id });
    expect(moved.json().data).toMatchObject({ id: a.id, position: 3 });
    const order = await call('GET', url, tenant.member);
    expect(order.json().data.map((row: Row) => [row.name, row.position])).toEqual([
      ['C', 1],
      ['B', 2],
      ['Anfang', 3],
    ]);
    const self = await call('PATCH', `/api/events/categories/${a.id}/move`, tenant.owner, { prevId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({ prevId: 'validation.invalidValue' });

    expect((await call('DELETE', `/api/events/categories/${b.id}`, tenant.owner)).statusCode).toBe(204);
    const [kept] = await tenant.db.select().from(events).where(eq(events.id, event.id));
    expect(kept).toMatchObject({ id: event.id, categoryId: null, deletedAt: null });
    expect(
      (await call('PATCH', `/api/events/categories/${b.id}`, tenant.owner, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('GET', url, tenant.member)).json().data.map((row: Row) => row.name)).toEqual([
      'C',
      'Anfang',
    ]);
  });

  it('refuses anonymous callers, other projects, members without the ability and bad input', async () => {
    const { tenant, url, made } = await tenantWithCategories(['Geheim']);
    const item = `/api/events/categories/${made[0]!.id}`;
    const other = await tenantWithCategories(['Fremd']);

    // Anonymous: 401 on writes; reading needs guests let in to the events.
    expect((await call('POST', url, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', item, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', item)).statusCode).toBe(401);
    expect((await call('GET', url)).statusCode).toBe(404);
    // Another project's owner is a guest here: reads nothing, changes nothing.
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `${url}/dropdown`, tenant.stranger)).statusCode).toBe(404);
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    // Guests let in read (the list's filter), and change nothing.
    await setEvents(tenant, { guests: true });
    expect((await call('GET', url)).statusCode).toBe(200);
    expect((await call('GET', `${url}/dropdown`, tenant.stranger)).statusCode).toBe(200);
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    // A switched-off service is gone for members, not for the app's managers.
    await setEvents(tenant, { on: false });
    expect((await call('GET', url, tenant.member)).statusCode).toBe(404);
    expect((await call('GET', url, tenant.owner)).statusCode).toBe(200);
    await setEvents(tenant, { on: true, guests: false });
    // The other app's owner cannot reach this app's category, nor move it among theirs.
    expect((await call('DELETE', item, other.tenant.owner)).statusCode).toBe(403);
    const across = await call(
      'PATCH',
      `/api/events/categories/${other.made[0]!.id}/move`,
      other.tenant.owner,
      {
        prevId: made[0]!.id,
      },
    );
    expect(across.statusCode).toBe(400);
    // Members and moderators read but do not change the app's settings.
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('GET', url, who)).statusCode).toBe(200);
      expect((await call('POST', url, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('PATCH', item, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('PATCH', `${item}/move`, who, { prevId: null })).statusCode).toBe(403);
      expect((await call('DELETE', item, who)).statusCode).toBe(403);
    }
    // Bad input.
    const empty = await call('POST', url, tenant.owner, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['name']);
    expect((await call('POST', url, tenant.owner, { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await call('POST', url, tenant.owner, { name: 'X', slug: 'x' })).statusCode).toBe(400);
    expect((await call('PATCH', `${item}/move`, tenant.owner, { prevId: 'nope' })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/events/categories/nope', tenant.owner, { name: 'X' })).statusCode).toBe(
      400,
    );
    expect((await call('GET', `${url}?limit=101`, tenant.owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}/dropdown?limit=16`, tenant.owner)).statusCode).toBe(400);
    expect((await call('GET', url, tenant.owner)).json().data.map((row: Row) => row.name)).toEqual([
      'Geheim',
    ]);
  });
});
