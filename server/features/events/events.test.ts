import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events.ts';
import { apps, eventAttendees } from '../../db/schema/index.ts';
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
type List = { data: Event[]; meta: { page: number; pages: number; total: number } };

/** A fresh app and a helper that creates events through the API as its owner. */
export async function eventsApp() {
  const tenant = await communityApp(server);
  const url = `/api/apps/${tenant.app.id}/events`;
  const create = async (body: object = {}, who: { auth: string } = tenant.owner): Promise<Event> => {
    const response = await call('POST', url, who, {
      name: 'Live-Call',
      startsAt: '2030-03-04T19:00',
      timeZone: 'Europe/Berlin',
      durationInSeconds: 3600,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Event }>().data;
  };
  const list = async (query: string, who?: { auth: string }) => {
    const response = await call('GET', `${url}?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<List>();
  };
  const openToGuests = async () => {
    await tenant.db
      .update(apps)
      .set({
        serviceSettings: sql`${apps.serviceSettings} || '{"events": {"isVisibleToGuests": true}}'::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
  };
  return { tenant, url, create, list, openToGuests };
}

const join = (tenant: CommunityApp, event: Event, occurrence: string, startsAt: string, profileId?: string) =>
  tenant.db.insert(eventAttendees).values({
    eventId: event.id,
    occurrence,
    profileId: profileId ?? tenant.member.profileId,
    status: 'going',
    startsAt: new Date(startsAt),
  });

describe(`events (${testDriver})`, () => {
  it('creates a weekly event: DTSTART on the first weekday of the rule, hosts, cover, sanitized text, slug', async () => {
    const { tenant, url, create } = await eventsApp();
    const cover = await tenant.picture();
    const attachment = await tenant.picture();
    const category = await call('POST', `${url}/categories`, tenant.owner, { name: 'Calls' });
    const event = await create({
      attachmentIds: [attachment],
      categoryId: category.json<{ data: { id: string } }>().data.id,
      name: 'Wöchentlicher Call!',
      description: '<p>Hallo <script>alert(1)</script><strong>alle</strong></p>',
      // 2030-03-04 is a Monday; the rule picks Wednesdays and Fridays.
      recurringEventPattern: { frequency: 'weekly', weekdays: ['FR', 'WE'] },
      hostIds: [tenant.moderator.profileId],
      coverId: cover,
      eventType: 'virtual',
      virtualLocationUrl: 'https://meet.example.org/call',
      access: 'free',
    });
    expect(event).toMatchObject({
      slug: 'woechentlicher-call',
      description: '<p>Hallo <strong>alle</strong></p>',
      startsAtLocal: '2030-03-06T19:00:00',
      rule: 'FREQ=WEEKLY;BYDAY=WE,FR',
      recurringEventPattern: {
        frequency: 'weekly',
        interval: 1,
        weekdays: ['WE', 'FR'],
        count: null,
        until: null,
      },
      hosts: [{ id: tenant.moderator.profileId }],
      cover: { id: cover },
      attachments: [{ id: attachment, name: 'titelbild.png', mimeType: 'image/png' }],
      category: { name: 'Calls' },
      author: { id: tenant.owner.profileId },
      participantsNumberLimit: 10,
      occurrence: {
        id: '2030-03-06T19:00:00',
        startsAt: '2030-03-06T18:00:00.000Z',
        isCancelled: false,
        attendeesCount: 0,
        myStatus: null,
      },
      permissions: { can: ['view', 'join', 'leave', 'comment', 'edit', 'delete', 'export_attendees'] },
    });
    expect(event.calendarLinks?.google).toContain('20300306T180000Z');
    // A second event of the same name gets the next slug; the page reads by slug and by id.
    expect((await create({ name: 'Wöchentlicher Call!' })).slug).toBe('woechentlicher-call-2');
    const bySlug = await call('GET', `${url}/by-slug/woechentlicher-call`, tenant.member);
    expect(bySlug.json().data).toMatchObject({
      id: event.id,
      permissions: { can: ['view', 'join', 'leave', 'comment'] },
    });
    const asHost = await call(
      'GET',
      `/api/events/${event.id}?occurrence=2030-03-08T19:00:00`,
      tenant.moderator,
    );
    expect(asHost.json().data).toMatchObject({
      occurrence: { id: '2030-03-08T19:00:00' },
      permissions: { can: ['view', 'join', 'leave', 'comment', 'edit', 'delete', 'export_attendees'] },
    });
    // An occurrence the rule does not make is not found.
    const missing = await call(
      'GET',
      `/api/events/${event.id}?occurrence=2030-03-09T19:00:00`,
      tenant.member,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refuses anonymous callers, other projects, members without the ability, and bad input', async () => {
    const { tenant, url, create } = await eventsApp();
    const event = await create();
    const item = `/api/events/${event.id}`;
    expect((await call('POST', url, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('PATCH', item, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('DELETE', item)).statusCode).toBe(401);
    // Guests: not unless the service lets them look, and then free events only.
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', item)).statusCode).toBe(404);
    for (const path of [
      url,
      `${url}/calendar?from=2030-03-01&to=2030-03-31`,
      `${url}/by-slug/${event.slug}`,
      item,
    ]) {
      expect((await call('GET', path, tenant.stranger)).statusCode).toBe(404);
    }
    const body = { name: 'X', startsAt: '2030-03-04T19:00', timeZone: 'UTC', durationInSeconds: 3600 };
    // The app itself is open to anyone as a guest; creating in it is not.
    expect((await call('POST', url, tenant.stranger, body)).statusCode).toBe(403);
    expect((await call('PATCH', item, tenant.stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', item, tenant.stranger)).statusCode).toBe(404);
    for (const who of [tenant.member, tenant.moderator]) {
      expect((await call('POST', url, who, body)).statusCode).toBe(403);
      expect((await call('PATCH', item, who, { name: 'X' })).statusCode).toBe(403);
      expect((await call('DELETE', item, who)).statusCode).toBe(403);
    }
    expect((await call('GET', url, tenant.invited)).statusCode).toBe(404);

    // Bad input: each field named, never a 500.
    const other = await communityApp(server);
    const foreignCategory = await call('POST', `/api/apps/${other.app.id}/events/categories`, other.owner, {
      name: 'Fremd',
    });
    const bad = await call('POST', url, tenant.owner, {
      ...body,
      timeZone: 'Mars/Olympus',
      categoryId: foreignCategory.json().data.id,
      coverId: await other.picture(),
      hostIds: [tenant.invited.profileId, other.owner.profileId],
      attachmentIds: [await other.picture()],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      timeZone: 'validation.invalidValue',
      categoryId: 'validation.invalidValue',
      coverId: 'validation.invalidValue',
      'hostIds.0': 'validation.invalidValue',
      'hostIds.1': 'validation.invalidValue',
      'attachmentIds.0': 'validation.invalidValue',
    });
    const pattern = async (recurringEventPattern: object) =>
      (await call('POST', url, tenant.owner, { ...body, recurringEventPattern })).json<{
        errors: Record<string, string>;
      }>().errors;
    expect(await pattern({ frequency: 'monthly', dayType: 'workday' })).toEqual({
      'recurringEventPattern.dayType': 'validation.invalidValue',
    });
    expect(await pattern({ frequency: 'daily', weekdays: ['MO'] })).toEqual({
      'recurringEventPattern.weekdays': 'validation.invalidValue',
    });
    expect(await pattern({ frequency: 'daily', count: 3, until: '2030-05-01' })).toEqual({
      'recurringEventPattern.until': 'validation.invalidValue',
    });
    expect(await pattern({ frequency: 'daily', until: '2030-01-01' })).toEqual({
      'recurringEventPattern.until': 'validation.invalidValue',
    });
    for (const [field, value] of [
      ['startsAt', '2030-02-30T19:00'],
      ['durationInSeconds', 1000],
      ['virtualLocationUrl', 'javascript:alert(1)'],
      ['slug', 'Nicht gültig!'],
      ['access', 'everyone'],
    ] as const) {
      const response = await call('POST', url, tenant.owner, { ...body, [field]: value });
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), field).toContain(field);
    }
    expect((await call('POST', url, tenant.owner, { ...body, slug: event.slug })).statusCode).toBe(409);
    expect((await call('GET', `${url}?filter=days`, tenant.owner)).json().errors).toMatchObject({
      from: 'validation.required',
    });
    expect(
      (await call('GET', `${url}/calendar?from=2030-03-31&to=2030-03-01`, tenant.owner)).json().errors,
    ).toEqual({ to: 'validation.invalidValue' });
  });

  it("lets members and moderators create events as the app's event settings say", async () => {
    const { tenant, url, create } = await eventsApp();
    const body = { name: 'X', startsAt: '2030-03-04T19:00', timeZone: 'UTC', durationInSeconds: 3600 };
    const settings = `/api/apps/${tenant.app.id}/event-settings`;
    expect((await call('PATCH', settings, tenant.owner, { creators: 'moderators' })).statusCode).toBe(200);
    expect((await call('POST', url, tenant.member, body)).statusCode).toBe(403);
    // The app's abilities say it too (the create button): the moderator has `create_event`, the member not.
    expect((await call('GET', settings, tenant.moderator)).statusCode).toBe(200);
    expect((await call('GET', settings, tenant.member)).statusCode).toBe(403);
    const mine = await create({ name: 'Vom Moderator' }, tenant.moderator);
    expect(mine.permissions.can).toContain('edit');
    expect((await call('PATCH', settings, tenant.owner, { creators: 'members' })).statusCode).toBe(200);
    const own = await create({ name: 'Vom Mitglied' }, tenant.member);
    expect(own.author?.id).toBe(tenant.member.profileId);
    // The author edits their own event, not the moderator's.
    expect((await call('PATCH', `/api/events/${own.id}`, tenant.member, { name: 'Neu' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', `/api/events/${mine.id}`, tenant.member, { name: 'Neu' })).statusCode).toBe(
      403,
    );
    await tenant.sanction(tenant.other, 'punished');
    expect((await call('POST', url, tenant.other, body)).statusCode).toBe(403);
  });

  it('shows guests only free events when the service lets them look', async () => {
    const { tenant, url, create, list, openToGuests } = await eventsApp();
    const free = await create({ name: 'Offen', access: 'free' });
    const closed = await create({ name: 'Intern' });
    await openToGuests();
    const guest = await list('filter=upcoming');
    expect(guest.data.map((event) => event.name)).toEqual(['Offen']);
    expect(guest.data[0]!.permissions.can).toEqual(['view']);
    expect((await call('GET', `/api/events/${free.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/events/${closed.id}`)).statusCode).toBe(404);
    expect((await call('GET', `${url}/by-slug/${closed.slug}`)).statusCode).toBe(404);
    expect((await list('filter=upcoming', tenant.member)).data.map((event) => event.name).sort()).toEqual([
      'Intern',
      'Offen',
    ]);
  });

  it('pages upcoming occurrences of a daily series without end, past ones latest first, and windows', async () => {
    const { tenant, create, list, url } = await eventsApp();
    const daily = await create({
      name: 'Täglich',
      startsAt: '2020-01-01T08:00',
      recurringEventPattern: { frequency: 'daily' },
    });
    await create({ name: 'Einmal', startsAt: '2031-06-01T12:00', timeZone: 'UTC' });
    const first = await list('filter=upcoming', tenant.member);
    expect(first.data).toHaveLength(20);
    expect(first.meta).toMatchObject({ page: 1, pages: 2 });
    const second = await list('filter=upcoming&page=2', tenant.member);
    expect(second.data).toHaveLength(20);
    const starts = [...first.data, ...second.data].map((event) => event.occurrence.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(starts).size).toBe(40);
    expect(Date.parse(first.data[0]!.occurrence.endsAt)).toBeGreaterThan(Date.now());
    const past = await list('filter=past', tenant.member);
    expect(past.data).toHaveLength(20);
    const pastStarts = past.data.map((event) => event.occurrence.startsAt);
    expect(pastStarts).toEqual([...pastStarts].sort().reverse());
    expect(Date.parse(past.data[0]!.occurrence.endsAt)).toBeLessThanOrEqual(Date.now());

    // A month of the calendar in Berlin: 31 daily occurrences and the single event of 1 June 2031 elsewhere.
    const march = await list(
      'filter=calendar&from=2031-03-01&to=2031-03-31&timeZone=Europe/Berlin',
      tenant.member,
    );
    expect(march.meta.total).toBe(31);
    expect(march.data.every((event) => event.id === daily.id)).toBe(true);
    const calendar = await call(
      'GET',
      `${url}/calendar?from=2031-06-01&to=2031-06-01&timeZone=UTC`,
      tenant.member,
    );
    expect(calendar.json<List>().data.map((event) => event.name)).toEqual(['Täglich', 'Einmal']);
    const days = await list(
      'filter=days&from=2031-06-01&to=2031-06-02&timeZone=Europe/Berlin',
      tenant.member,
    );
    expect(days.meta.total).toBe(3);
  });

  it('answers the page about the next occurrence not ended, else the last one', async () => {
    const { tenant, create } = await eventsApp();
    const ended = await create({
      startsAt: '2020-01-06T10:00',
      recurringEventPattern: { frequency: 'weekly', count: 3 },
    });
    expect(ended.occurrence).toMatchObject({
      id: '2020-01-20T10:00:00',
      startsAt: '2020-01-20T09:00:00.000Z',
    });
    const running = await create({
      startsAt: '2020-01-06T10:00',
      recurringEventPattern: { frequency: 'daily' },
    });
    expect(Date.parse(running.occurrence.endsAt)).toBeGreaterThan(Date.now());
    expect(Date.parse(running.occurrence.startsAt)).toBeLessThan(Date.now() + 86_400_000);
    const read = await call('GET', `/api/events/${ended.id}`, tenant.member);
    expect(read.json().data.occurrence.id).toBe('2020-01-20T10:00:00');
  });

  it("lists the caller's joined occurrences (self) and leaves out cancelled ones", async () => {
    const { tenant, create, list } = await eventsApp();
    const weekly = await create({
      startsAt: '2030-03-04T19:00',
      recurringEventPattern: { frequency: 'weekly' },
    });
    await join(tenant, weekly, '2030-03-11T19:00:00', '2030-03-11T18:00:00Z');
    await join(tenant, weekly, '2030-03-04T19:00:00', '2030-03-04T18:00:00Z');
    await join(tenant, weekly, '2030-03-18T19:00:00', '2030-03-18T18:00:00Z', tenant.other.profileId);
    const mine = await list('filter=self', tenant.member);
    expect(mine.data.map((event) => [event.occurrence.id, event.occurrence.myStatus])).toEqual([
      ['2030-03-04T19:00:00', 'going'],
      ['2030-03-11T19:00:00', 'going'],
    ]);
    const cancel = await call('PATCH', `/api/events/${weekly.id}`, tenant.owner, {
      scope: 'this',
      occurrence: '2030-03-04T19:00:00',
      isCancelled: true,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await list('filter=self', tenant.member)).data.map((event) => event.occurrence.id)).toEqual([
      '2030-03-11T19:00:00',
    ]);
    expect((await list('filter=self', tenant.owner)).data).toEqual([]);
  });
});
