import { and, eq, like, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { errorCodes } from '../../contracts/errors.ts';
import { slugify } from '../../contracts/slug.ts';
import { AppError, isUniqueViolation } from '../platform/errors.ts';
import type { DbOrTx } from './client.ts';
import { escapeLike } from './like.ts';

/*
 * Slugs unique per app (a page's address, kept by a unique index). A chosen slug is kept or refused (409
 * SLUG_TAKEN); one made from the name is numbered -2, -3 … until free, and a parallel save that took it between
 * the look and the write retries with the next number.
 */

export type SlugTable = {
  table: PgTable;
  id: PgColumn;
  appId: PgColumn;
  slug: PgColumn;
  /** Rows whose slug no longer counts (deleted ones, when the unique index leaves them out). */
  live?: SQL;
  maxLength: number;
  /** Words beside the slugs in the addresses: never a slug. */
  reserved: ReadonlySet<string>;
  /** The slug when the name gives none. */
  fallback: string;
};

const slugTaken = () => new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

async function freeSlug(db: DbOrTx, of: SlugTable, appId: string, name: string): Promise<string> {
  const made = slugify(name)
    .slice(0, of.maxLength - 4)
    .replace(/-+$/, '');
  const base = made && !of.reserved.has(made) ? made : of.fallback;
  const escaped = escapeLike(base);
  const rows = await db
    .select({ slug: of.slug })
    .from(of.table)
    .where(and(eq(of.appId, appId), or(eq(of.slug, base), like(of.slug, `${escaped}-%`)), of.live));
  const taken = new Set(rows.map((row) => row.slug as string));
  let candidate = base;
  for (let number = 2; taken.has(candidate); number += 1) {
    candidate = `${base}-${number}`;
  }
  return candidate;
}

/** Runs `write` with the row's slug: `chosen` (409 when taken or reserved), else one made from `name`. */
export async function withUniqueSlug<T>(
  db: DbOrTx,
  of: SlugTable,
  input: { appId: string; chosen: string | undefined; name: string; exceptId?: string },
  write: (slug: string) => Promise<T>,
): Promise<T> {
  const chosen = input.chosen ? slugify(input.chosen) || undefined : undefined;
  if (chosen !== undefined) {
    const [taken] = await db
      .select({ id: of.id })
      .from(of.table)
      .where(
        and(
          eq(of.appId, input.appId),
          eq(of.slug, chosen),
          input.exceptId ? ne(of.id, input.exceptId) : undefined,
          of.live,
        ),
      )
      .limit(1);
    if (of.reserved.has(chosen) || taken) {
      throw slugTaken();
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    const slug = chosen ?? (await freeSlug(db, of, input.appId, input.name));
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error) || chosen !== undefined || attempt >= 5) {
        throw isUniqueViolation(error) ? slugTaken() : error;
      }
    }
  }
}
