import { eventLimits } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { withUniqueSlug, type SlugTable } from '../../db/unique-slug.ts';

/*
 * Event slugs, unique per app (the page `events/{slug}/view`; a unique index), made and kept by the shared
 * slug helper (server/db/unique-slug.ts). Deleted events keep theirs (feeds still name them).
 */

const eventSlugs: SlugTable = {
  table: events,
  id: events.id,
  appId: events.appId,
  slug: events.slug,
  maxLength: eventLimits.slug,
  /** Words beside the slug in the events' addresses (`events/calendar`, `events/create`): never a slug. */
  reserved: new Set(['calendar', 'categories', 'create', 'settings']),
  fallback: 'termin',
};

/** Runs `write` with the event's slug: `chosen` (409 when taken or reserved), else one made from `name`. */
export function withEventSlug<T>(
  db: DbOrTx,
  input: { appId: string; chosen: string | undefined; name: string; exceptId?: string },
  write: (slug: string) => Promise<T>,
): Promise<T> {
  return withUniqueSlug(db, eventSlugs, input, write);
}
