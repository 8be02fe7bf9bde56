import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, eventAttendees, events } from '../../db/schema/index.ts';
import { communityApp, communityCaller, type CommunityApp } from '../../test/community-spaces.ts';
import { insertEventRow, insertOverrideRow } from '../../test/event-rows.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
const dayMs = 86_400_000;

type Vevent = {
  uid: string;
  summary: string;
  sequence: number;
  status: string;
  recurrenceId: string | null;
  exdates: string[];
};

/** The file as ical.js (an independent parser) reads it. */
function parse(text: string): { refresh: string | null; vevents: Vevent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    refresh: calendar.getFirstPropertyValue('refresh-interval')?.toString() ?? null,
    vevents: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      status: String(vevent.getFirstPropertyValue('status')),
      recurrenceId: vevent.getFirstPropertyValue('recurrence-id')?.toString() ?? null,
      exdates: vevent.getAllProperties('exdate').map((property) => String(property.getFirstValue())),
    })),
  };
}

const uidsOf = (vevents: Vevent[]) => [...new Set(vevents.map((vevent) => vevent.uid.split('@')[0]))].sort();
const isoLocal = (date: Date) => date.toISOString().slice(0, 19);

/** A tenant whose app lets guests see free events, with a spread of events around now. */
async function feedTenant() {
  const tenant = await communityApp(server);
  await tenant.db
    .update(apps)
    .set({
      serviceSettings: sql`${apps.serviceSettings} || '{"events": {"isVisibleToGuests": true}}'::jsonb`,
    })
    .where(eq(apps.id, tenant.app.id));
  const appId = tenant.app.id;
  const soon = isoLocal(new Date(Date.now() + 7 * dayMs));
  const weekly = await insertEventRow(tenant.db, {
    appId,
    name: 'Wöchentlicher Call',
    startsLocal: '2026-01-05T18:30:00',
    rrule: 'FREQ=WEEKLY;BYDAY=MO',
    exdates: ['2026-01-12T18:30:00'],
    access: 'free',
  });
  await insertOverrideRow(tenant.db, {
    eventId: weekly.id,
    occurrence: '2026-01-19T18:30:00',
    startsLocal: '2026-01-19T19:00:00',
    durationSeconds: null,
    changes: { name: 'Sonder-Call' },
  });
  const members = await insertEventRow(tenant.db, { appId, name: 'Nur für Mitglieder', startsLocal: soon });
  const cancelled = await insertEventRow(tenant.db, {
    appId,
    name: 'Abgesagt',
    startsLocal: soon,
    access: 'free',
    deletedAt: new Date(Date.now() - dayMs),
  });
  const longGone = await insertEventRow(tenant.db, {
    appId,
    name: 'Lange gelöscht',
    startsLocal: soon,
    deletedAt: new Date(Date.now() - 40 * dayMs),
  });
  const oldPast = isoLocal(new Date(Date.now() - 200 * dayMs));
  const oldJoined = await insertEventRow(tenant.db, { appId, name: 'Alt, besucht', startsLocal: oldPast });
  const oldOther = await insertEventRow(tenant.db, {
    appId,
    name: 'Alt, nicht besucht',
    startsLocal: oldPast,
  });
  const recent = await insertEventRow(tenant.db, {
    appId,
    name: 'Letzten Monat',
    startsLocal: isoLocal(new Date(Date.now() - 30 * dayMs)),
  });
  await tenant.db.insert(eventAttendees).values({
    eventId: oldJoined.id,
    occurrence: oldJoined.startsLocal,
    profileId: tenant.member.profileId,
    status: 'going',
    startsAt: oldJoined.firstStartsAt,
  });
  return { tenant, weekly, members, cancelled, longGone, oldJoined, oldOther, recent };
}

async function makeFeed(tenant: CommunityApp, who: { auth: string }) {
  const response = await call('POST', `/api/apps/${tenant.app.id}/events/feed`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { webcalUrl: string; httpsUrl: string } }>().data;
}

const pathOf = (url: string) => new URL(url).pathname;

describe(`calendar feeds (${testDriver})`, () => {
  it("writes the member's feed: visible events of the last 90 days and later, joined ones, cancelled ones", async () => {
    const world = await feedTenant();
    const { tenant } = world;
    const feed = await makeFeed(tenant, tenant.member);
    expect(feed.httpsUrl).toMatch(
      new RegExp(`^https?://[^/]+/api/calendar/${tenant.member.profileId}\\.[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(feed.webcalUrl).toBe(feed.httpsUrl.replace(/^https?:/, 'webcal:'));
    expect((await call('GET', `/api/apps/${tenant.app.id}/events/feed`, tenant.member)).json().data).toEqual(
      feed,
    );

    const response = await call('GET', pathOf(feed.httpsUrl));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const { refresh, vevents } = parse(response.body);
    expect(refresh).toBe('PT1H');
    expect(uidsOf(vevents)).toEqual(
      [world.weekly, world.members, world.cancelled, world.oldJoined, world.recent]
        .map((row) => row.id)
        .sort(),
    );
    const host = new URL(feed.httpsUrl).host;
    expect(vevents.every((vevent) => vevent.uid.endsWith(`@${host}`))).toBe(true);
    const of = (id: string) => vevents.filter((vevent) => vevent.uid.startsWith(id));
    expect(of(world.cancelled.id)[0]!.status).toBe('CANCELLED');
    expect(of(world.members.id)[0]!.status).toBe('CONFIRMED');
    const [master, ...exceptions] = of(world.weekly.id).sort((a, b) =>
      (a.recurrenceId ?? '').localeCompare(b.recurrenceId ?? ''),
    );
    expect(master!.exdates).toEqual(['2026-01-12T18:30:00']);
    expect(exceptions.map((vevent) => [vevent.recurrenceId, vevent.summary])).toContainEqual([
      '2026-01-19T18:30:00',
      'Sonder-Call',
    ]);

    // Another member's feed leaves out what they did not join long ago.
    const other = await makeFeed(tenant, tenant.other);
    const theirs = parse((await call('GET', pathOf(other.httpsUrl))).body);
    expect(uidsOf(theirs.vevents)).not.toContain(world.oldJoined.id);
    expect(uidsOf(theirs.vevents)).toContain(world.recent.id);
  });

  it('keeps UIDs and raises SEQUENCE after an edit', async () => {
    const { tenant, members } = await feedTenant();
    const url = pathOf((await makeFeed(tenant, tenant.member)).httpsUrl);
    const before = parse((await call('GET', url)).body).vevents.find((vevent) =>
      vevent.uid.startsWith(members.id),
    )!;
    await tenant.db
      .update(events)
      .set({ sequence: sql`${events.sequence} + 1`, name: 'Umbenannt' })
      .where(eq(events.id, members.id));
    const after = parse((await call('GET', url)).body).vevents.find((vevent) =>
      vevent.uid.startsWith(members.id),
    )!;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.summary).toBe('Umbenannt');
  });

  it('rotates and revokes the URL; tokens cannot be forged for another member', async () => {
    const { tenant } = await feedTenant();
    const feedUrl = `/api/apps/${tenant.app.id}/events/feed`;
    expect((await call('GET', feedUrl, tenant.member)).json()).toEqual({ data: null });
    const first = pathOf((await makeFeed(tenant, tenant.member)).httpsUrl);
    const second = pathOf((await makeFeed(tenant, tenant.member)).httpsUrl);
    expect(second).not.toBe(first);
    expect((await call('GET', first)).statusCode).toBe(404);
    expect((await call('GET', second)).statusCode).toBe(200);

    // The member's mac under another member's id, a changed mac, and nonsense are all unknown.
    const otherFeed = pathOf((await makeFeed(tenant, tenant.other)).httpsUrl);
    const mac = second.split('.')[1]!;
    const forged = `/api/calendar/${tenant.other.profileId}.${mac}.ics`;
    expect((await call('GET', forged)).statusCode).toBe(404);
    const flipped = second.replace(/\.(.)/, (_, char: string) => `.${char === 'A' ? 'B' : 'A'}`);
    expect((await call('GET', flipped)).statusCode).toBe(404);
    for (const bad of [
      '/api/calendar/nope.ics',
      `/api/calendar/${tenant.member.profileId}.ics`,
      '/api/calendar/x',
    ]) {
      expect((await call('GET', bad)).statusCode).toBe(404);
    }
    expect((await call('GET', otherFeed)).statusCode).toBe(200);

    expect((await call('DELETE', feedUrl, tenant.member)).statusCode).toBe(204);
    expect((await call('GET', second)).statusCode).toBe(404);
    expect((await call('GET', feedUrl, tenant.member)).json()).toEqual({ data: null });
    expect((await call('GET', otherFeed)).statusCode).toBe(200);

    // A blocked member's feed is closed with them.
    await tenant.sanction(tenant.other, 'blocked');
    expect((await call('GET', otherFeed)).statusCode).toBe(404);
  });

  it('refuses the feed URL calls to anonymous callers, other projects and people without a profile', async () => {
    const { tenant } = await feedTenant();
    const feedUrl = `/api/apps/${tenant.app.id}/events/feed`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(method, feedUrl)).statusCode).toBe(401);
      expect((await call(method, feedUrl, tenant.stranger)).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/apps/nope/events/feed', tenant.member)).statusCode).toBe(400);
    // The owner has a feed of their own.
    expect((await call('POST', feedUrl, tenant.owner)).statusCode).toBe(200);
  });

  it("writes the app's public feed of free events only, for anyone while guests see events", async () => {
    const world = await feedTenant();
    const { tenant } = world;
    const url = `/api/apps/${tenant.app.id}/events/feed.ics`;
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { refresh, vevents } = parse(response.body);
    expect(refresh).toBe('PT1H');
    expect(uidsOf(vevents)).toEqual([world.weekly.id, world.cancelled.id].sort());
    expect(response.body).not.toContain('Nur für Mitglieder');

    expect((await call('GET', '/api/apps/nope/events/feed.ics')).statusCode).toBe(400);
    await tenant.db
      .update(apps)
      .set({
        serviceSettings: sql`${apps.serviceSettings} || '{"events": {"isVisibleToGuests": false}}'::jsonb`,
      })
      .where(eq(apps.id, tenant.app.id));
    expect((await call('GET', url)).statusCode).toBe(404);
  });

  it("writes one event's file for whoever may view the event", async () => {
    const world = await feedTenant();
    const { tenant } = world;
    const file = (id: string) => `/api/events/${id}/calendar.ics`;
    const mine = await call('GET', file(world.members.id), tenant.member);
    expect(mine.statusCode).toBe(200);
    const { refresh, vevents } = parse(mine.body);
    expect(refresh).toBeNull();
    expect(uidsOf(vevents)).toEqual([world.members.id]);
    // Free events: anyone while guests see events; members-only ones: members.
    expect((await call('GET', file(world.weekly.id))).statusCode).toBe(200);
    expect((await call('GET', file(world.members.id))).statusCode).toBe(404);
    expect((await call('GET', file(world.members.id), tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', file(world.cancelled.id), tenant.member)).statusCode).toBe(404);
    expect((await call('GET', file('nope'), tenant.member)).statusCode).toBe(400);
  });
});
