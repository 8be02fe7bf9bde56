import { and, eq, like, ne, or } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import { eventLimits } from '../../../contracts/events.ts';
import { slugify } from '../../../contracts/slug.ts';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';

/*
 * Event slugs, unique per app (the page `events/{slug}/view`; a unique index). A chosen slug is kept or refused
 * (409 SLUG_TAKEN); one made from the name is numbered -2, -3 … until free, and a parallel save that took it
 * between the look and the write retries with the next number. Deleted events keep theirs (feeds still name them).
 */

/** Words beside the slug in the events' addresses (`events/calendar`, `events/create`): never a slug. */
const reserved: ReadonlySet<string> = new Set(['calendar', 'categories', 'create', 'settings']);

const slugTaken = () => new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

async function freeSlug(db: DbOrTx, appId: string, name: string): Promise<string> {
  const made = slugify(name)
    .slice(0, eventLimits.slug - 4)
    .replace(/-+$/, '');
  const base = made && !reserved.has(made) ? made : 'termin';
  const escaped = base.replace(/[\\%_]/g, (character) => `\\${character}`);
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(and(eq(events.appId, appId), or(eq(events.slug, base), like(events.slug, `${escaped}-%`))));
  const taken = new Set(rows.map((row) => row.slug));
  let candidate = base;
  for (let number = 2; taken.has(candidate); number += 1) {
    candidate = `${base}-${number}`;
  }
  return candidate;
}

/** Runs `write` with the event's slug: `chosen` (409 when taken or reserved), else one made from `name`. */
export async function withEventSlug<T>(
  db: DbOrTx,
  input: { appId: string; chosen: string | undefined; name: string; exceptId?: string },
  write: (slug: string) => Promise<T>,
): Promise<T> {
  if (input.chosen !== undefined) {
    const [taken] = await db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.appId, input.appId),
          eq(events.slug, input.chosen),
          input.exceptId ? ne(events.id, input.exceptId) : undefined,
        ),
      )
      .limit(1);
    if (reserved.has(input.chosen) || taken) {
      throw slugTaken();
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    const slug = input.chosen ?? (await freeSlug(db, input.appId, input.name));
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || input.chosen !== undefined || attempt >= 5) {
        throw isUniqueViolation(error) ? slugTaken() : error;
      }
    }
  }
}
