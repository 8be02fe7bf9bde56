import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventCalendar } from '../../../contracts/events.ts';
import { communityApp, communityCaller } from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);

describe(`kept month views (${testDriver})`, () => {
  it('never sends a kept window after a join, a leave, an edit or a category rename', async () => {
    const tenant = await communityApp(server);
    const category = await call('POST', `/api/apps/${tenant.app.id}/events/categories`, tenant.owner, {
      name: 'Treffen',
    });
    const created = await call('POST', `/api/apps/${tenant.app.id}/events`, tenant.owner, {
      name: 'Stammtisch',
      startsAt: '2030-03-05T19:00',
      timeZone: 'Europe/Berlin',
      durationInSeconds: 3600,
      recurringEventPattern: { frequency: 'weekly' },
      categoryId: category.json().data.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const month = `/api/apps/${tenant.app.id}/events/calendar?from=2030-03-01&to=2030-03-31&timeZone=Europe/Berlin`;
    const first = async (who = tenant.member) => {
      const response = await call('GET', month, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<EventCalendar>().data[0]!;
    };

    expect((await first()).occurrence).toMatchObject({ myStatus: null, attendeesCount: 0 });
    expect((await first()).occurrence.myStatus).toBeNull(); // the kept answer
    // The calendar sends what its views show: no description, hosts, links or permissions.
    expect(Object.keys(await first()).sort()).toEqual(
      ['access', 'category', 'cover', 'eventType', 'id', 'inPersonLocation', 'name', 'occurrence']
        .concat(['participantsNumberLimit', 'rule', 'slug', 'timeZone'])
        .sort(),
    );
    const occurrence = '2030-03-05T19:00:00';
    expect((await call('POST', `/api/events/${id}/join`, tenant.member, { occurrence })).statusCode).toBe(
      200,
    );
    expect((await first()).occurrence).toMatchObject({ myStatus: 'going', attendeesCount: 1 });
    // Another reader's answer is their own.
    expect((await first(tenant.other)).occurrence).toMatchObject({ myStatus: null, attendeesCount: 1 });

    await call('DELETE', `/api/events/${id}/join?occurrence=${occurrence}`, tenant.member);
    expect((await first()).occurrence).toMatchObject({ myStatus: null, attendeesCount: 0 });

    await call('PATCH', `/api/events/${id}`, tenant.owner, { name: 'Stammtisch neu' });
    expect((await first()).name).toBe('Stammtisch neu');

    await call('PATCH', `/api/events/categories/${category.json().data.id}`, tenant.owner, { name: 'Runde' });
    expect((await first()).category?.name).toBe('Runde');
  });
});
