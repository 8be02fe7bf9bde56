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
      name: 'GET month view (member)',
      method: 'GET',
      path: `/api/apps/${data.appId}/events/calendar?from=${from}&to=${to}&timeZone=Europe%2FBerlin`,
      headers: member,
      check: (body) => {
        const { data: items, meta } = body as Page;
        if (items?.length !== 100 || (meta?.total ?? 0) <= 100) {
          return `expected 100 of more than 100 occurrences, got ${items?.length ?? 'none'} of ${meta?.total}`;
        }
        return items.every((item) => item.occurrence?.id && item.occurrence.id.slice(0, 7) <= to.slice(0, 7))
          ? null
          : 'expected occurrences of this month';
      },
      budget: { minShareOfCeiling: 0.4, maxP99Ms: 50 },
    },
    {
      name: 'GET ICS feed (101 members)',
      method: 'GET',
      path: data.feedPaths[0]!,
      // Every connection walks through the members' feeds (no answer is the one before), and looks at its first
      // answer: the feed is iCalendar, which `check` (JSON) cannot read.
      requests: () => {
        let sent = 0;
        return [
          {
            setupRequest: (request) => ({
              ...request,
              path: data.feedPaths[sent++ % data.feedPaths.length]!,
            }),
            onResponse: (status, text) => {
              if (sent === 1) {
                assertFeed(status, text);
              }
            },
          },
        ];
      },
      budget: { maxP99Ms: 50 },
    },
  ];
}

function assertFeed(status: number, text: string): void {
  const vevents = text.split('BEGIN:VEVENT').length - 1;
  if (status !== 200 || !text.startsWith('BEGIN:VCALENDAR') || vevents < 300) {
    throw new Error(`ICS feed: expected a calendar of 300 events or more, got ${status} with ${vevents}`);
  }
}

/** A member's feed without load: the 101 feeds one after another, twice; latency as the client sees it. */
function feedOneAtATime(data: EventsSeed): Measurement {
  return {
    name: 'ICS feed, one request at a time',
    async run(context) {
      const times: number[] = [];
      let bytes = 0;
      for (const path of [...data.feedPaths, ...data.feedPaths]) {
        const started = performance.now();
        const response = await fetch(`${context.baseUrl}${path}`);
        const text = await response.text();
        times.push(performance.now() - started);
        assertFeed(response.status, text);
        bytes = text.length;
      }
      times.sort((a, b) => a - b);
      const at = (share: number) =>
        Math.round(times[Math.min(times.length - 1, Math.floor(times.length * share))]! * 10) / 10;
      const details = { requests: times.length, feeds: data.feedPaths.length, bytes };
      return [
        { name: 'ICS feed p50 (one at a time)', value: at(0.5), unit: 'ms', budget: { max: 50 }, details },
        { name: 'ICS feed p99 (one at a time)', value: at(0.99), unit: 'ms', budget: { max: 50 }, details },
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
