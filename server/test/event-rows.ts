import { events, eventOverrides } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { seriesBounds, seriesOf } from '../features/events/series.ts';
import { newId } from '../platform/ids.ts';

/*
 * Events written straight into the tables (the categories', settings' and feeds' tests): a series as the
 * events service would store it, with its real-time bounds, without going through the events' routes.
 */

export type EventRowInput = Partial<typeof events.$inferInsert> & {
  appId: string;
  startsLocal: string;
};

export async function insertEventRow(db: Db, input: EventRowInput): Promise<typeof events.$inferSelect> {
  const id = input.id ?? newId();
  const row = {
    timeZone: 'Europe/Berlin',
    durationSeconds: 3600,
    rrule: null,
    exdates: [],
    ...input,
  };
  const bounds = seriesBounds(seriesOf({ ...row, rrule: row.rrule ?? null, exdates: row.exdates ?? [] }));
  const [inserted] = await db
    .insert(events)
    .values({ name: `Termin ${id.slice(-6)}`, slug: `termin-${id}`, ...bounds, ...row, id })
    .returning();
  return inserted!;
}

export async function insertOverrideRow(db: Db, values: typeof eventOverrides.$inferInsert): Promise<void> {
  await db.insert(eventOverrides).values(values);
}
