import { defineArea, type Measurement, type Scenario, type ScenarioContext } from '../lib/types.ts';
import { seedEvents, type EventsSeed } from '../seed/events.ts';

/*
 * Issue 18's budgets: the month view (100 occurrences of this month with the member's joined flags, expanded
 * recurring series included) ≥ 40 % of the ceiling and p99 ≤ 50 ms; a member's ICS feed ≤ 50 ms (p99); 100
 * concurrent joins on a 10-seat event end with exactly 10 going and 90 waitlisted (a measurement: it runs once).
 */

type Page = { data?: { occurrence?: { id?: string } }[]; meta?: { total?: number } };

export const eventsArea = defineArea({
  name: 'events',
  seed: seedEvents,
  summary: (data) => ({
    events: data.events,
    recurring: data.recurring,
    attendances: data.attendances,
    members: data.members,
  }),
  scenarios: (data, context) => eventScenarios(data, context),
  measurements: (data) => [feedOneAtATime(data), concurrentJoins(data)],
});

async function eventScenarios(data: EventsSeed, context: ScenarioContext): Promise<Scenario[]> {
  const member = { authorization: await context.authorization(data.memberAccountId) };
  const { from, to } = data.month;
  return [
    {
      name: 'GET month view (member, as a browser asks)',
      method: 'GET',
      path: `/api/apps/${data.appId}/events/calendar?from=${from}&to=${to}&timeZone=Europe%2FBerlin`,
      // A browser always says which encodings it reads: the kept answer goes out compressed (kept-answers.ts).
      headers: { ...member, 'accept-encoding': 'gzip, deflate, br, zstd' },
      check: checkMonth(to),
      budget: { minShareOfCeiling: 0.4, maxP99Ms: 50 },
    },
    {
      name: 'GET month view (member, uncompressed)',
      method: 'GET',
      path: `/api/apps/${data.appId}/events/calendar?from=${from}&to=${to}&timeZone=Europe%2FBerlin`,
      headers: member,
      check: checkMonth(to),
      // For comparison: the same read by a client that reads no compression (no budget: browsers do).
      budget: {},
    },
    {
      name: 'GET ICS feed (101 members)',
      method: 'GET',
      path: data.feedPaths[0]!,
      // As calendar apps ask (they read gzip). Every connection walks through the members' feeds (no answer is
      // the one before); the probe looks at the first answer: the feed is iCalendar, which `check` (JSON) cannot
      // read.
      headers: { 'accept-encoding': 'gzip' },
      requests: () => {
        let sent = 0;
        return [
          {
            setupRequest: (request) => ({
              ...request,
              path: data.feedPaths[sent++ % data.feedPaths.length]!,
            }),
            onResponse: (status, text) => {
              // The probe's first answer comes as fetch decompresses it; under load autocannon sees gzip.
              if (sent === 1 && !text.startsWith('\x1f')) {
                assertFeed(status, text);
              } else if (status !== 200) {
                throw new Error(`ICS feed: expected 200, got ${status}`);
              }
            },
          },
        ];
      },
      budget: { maxP99Ms: 50 },
    },
  ];
}

/** The month view's answer: the first 100 occurrences of more than 100, all of this month. */
function checkMonth(to: string) {
  return (body: unknown): string | null => {
    const { data: items, meta } = body as Page;
    if (items?.length !== 100 || (meta?.total ?? 0) <= 100) {
      return `expected 100 of more than 100 occurrences, got ${items?.length ?? 'none'} of ${meta?.total}`;
    }
    return items.every((item) => item.occurrence?.id && item.occurrence.id.slice(0, 7) <= to.slice(0, 7))
      ? null
      : 'expected occurrences of this month';
  };
}

function assertFeed(status: number, text: string): void {
  const vevents = text.split('BEGIN:VEVENT').length - 1;
  if (status !== 200 || !text.startsWith('BEGIN:VCALENDAR') || vevents < 300) {
    throw new Error(`ICS feed: expected a calendar of 300 events or more, got ${status} with ${vevents}`);
  }
}

/**
 * A member's feed without load, latency as the client sees it (it asks for gzip, as calendar apps do). First every
 * feed is asked for once, unmeasured: a server that has run for a while. Then an organizer changes the events (a
 * new category raises the app's version), so every feed is made again when its member's calendar next asks: the
 * 101 feeds one after another, "made"; and again, "kept".
 */
function feedOneAtATime(data: EventsSeed): Measurement {
  return {
    name: 'ICS feed, one request at a time',
    async run(context) {
      let bytes = 0;
      const pass = async () => {
        const times: number[] = [];
        for (const path of data.feedPaths) {
          const started = performance.now();
          const response = await fetch(`${context.baseUrl}${path}`, {
            headers: { 'accept-encoding': 'gzip' },
          });
          const text = await response.text();
          times.push(performance.now() - started);
          assertFeed(response.status, text);
          bytes = text.length;
        }
        return times.sort((a, b) => a - b);
      };
      await pass();
      const changed = await fetch(`${context.baseUrl}/api/apps/${data.appId}/events/categories`, {
        method: 'POST',
        headers: {
          authorization: await context.authorization(data.ownerAccountId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Neue Kategorie' }),
      });
      if (changed.status !== 201) {
        throw new Error(
          `ICS feed: the category was not created (${changed.status}: ${await changed.text()})`,
        );
      }
      const made = await pass();
      const kept = await pass();
      const at = (times: number[], share: number) =>
        Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))]! * 10) / 10;
      const details = {
        feeds: data.feedPaths.length,
        bytes,
        slowestMadeMs: made.slice(-3).map(Math.round).join(' '),
        slowestKeptMs: kept.slice(-3).map(Math.round).join(' '),
        medianKeptMs: at(kept, 0.5),
      };
      const budget = { max: 50 };
      return [
        { name: 'ICS feed p50, made (one at a time)', value: at(made, 0.5), unit: 'ms', budget, details },
        { name: 'ICS feed p99, made (one at a time)', value: at(made, 0.99), unit: 'ms', budget, details },
        { name: 'ICS feed p99, kept (one at a time)', value: at(kept, 0.99), unit: 'ms', budget, details },
      ];
    },
  };
}

/** 100 members join the 10-seat event at once; afterwards exactly 10 are going and 90 waitlisted. */
function concurrentJoins(data: EventsSeed): Measurement {
  return {
    name: '100 concurrent joins, 10 seats',
    async run(context) {
      const tokens = await Promise.all(data.joinerAccountIds.map((id) => context.authorization(id)));
      const url = `${context.baseUrl}/api/events/${data.joinEvent.id}/join`;
      const started = Date.now();
      const answers = await Promise.all(
        tokens.map((authorization) =>
          fetch(url, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({ occurrence: data.joinEvent.occurrence }),
          }).then(async (response) => ({ status: response.status, body: await response.text() })),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const failed = answers.filter((answer) => answer.status < 200 || answer.status >= 300);
      if (failed.length > 0) {
        context.log(
          `events: ${failed.length} joins failed, e.g. ${failed[0]!.status} ${failed[0]!.body.slice(0, 200)}`,
        );
      }
      const owner = await context.authorization(data.ownerAccountId);
      const page = await fetch(
        `${context.baseUrl}/api/events/${data.joinEvent.id}?occurrence=${encodeURIComponent(data.joinEvent.occurrence)}`,
        { headers: { authorization: owner } },
      );
      const event = (await page.json()) as {
        data?: { occurrence?: { attendeesCount?: number; waitlistCount?: number } };
      };
      const going = event.data?.occurrence?.attendeesCount ?? -1;
      const waitlisted = event.data?.occurrence?.waitlistCount ?? -1;
      const details = { joins: answers.length, seats: 10, seconds };
      return [
        {
          name: 'going after 100 joins',
          value: going,
          unit: 'members',
          budget: { min: 10, max: 10 },
          errors: failed.length,
          details,
        },
        {
          name: 'waitlisted after 100 joins',
          value: waitlisted,
          unit: 'members',
          budget: { min: 90, max: 90 },
          details,
        },
      ];
    },
  };
}
