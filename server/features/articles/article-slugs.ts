import { and, eq, like, ne, or } from 'drizzle-orm';
import { articleLimits } from '../../../contracts/articles.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { slugify } from '../../../contracts/slug.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { articleCategories, articles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeLike } from '../../db/like.ts';

/*
 * Slugs of article categories and articles (spec §5, RULE-89), unique per app within their kind (a unique index
 * each). A chosen slug is kept or refused (409 SLUG_TAKEN); one made from the name is numbered -2, -3 … until
 * free, and a parallel save that took it between the look and the write is retried with the next number.
 */

type SlugTable = typeof articleCategories | typeof articles;

/** Path segments beside the slug routes (`…/articles/categories`, `…/articles/counters`): never a slug. */
const reserved: ReadonlySet<string> = new Set(['categories', 'counters', 'by-slug']);

export const slugTaken = () =>
  new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

/** A unique-index violation (PostgreSQL 23505) anywhere in the error's cause chain. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current;) {
    if (current.code === '23505') {
      return true;
    }
    current = current.cause as typeof current;
  }
  return false;
}

function baseOf(name: string, fallback: string): string {
  const base = slugify(name)
    .slice(0, articleLimits.slug - 4)
    .replace(/-+$/, '');
  return base && !reserved.has(base) ? base : fallback;
}

async function freeSlug(db: DbOrTx, table: SlugTable, appId: string, base: string): Promise<string> {
  const escaped = escapeLike(base);
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(eq(table.appId, appId), or(eq(table.slug, base), like(table.slug, `${escaped}-%`))));
  const taken = new Set(rows.map((row) => row.slug));
  let candidate = base;
  for (let number = 2; taken.has(candidate); number += 1) {
    candidate = `${base}-${number}`;
  }
  return candidate;
}

async function isTaken(db: DbOrTx, table: SlugTable, appId: string, slug: string, exceptId?: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.appId, appId), eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Runs `write` with the slug the row gets: `chosen` (409 when taken or reserved), else one made from `name`.
 * A unique violation of a made slug retries with the next free one; of a chosen one answers 409.
 */
export async function withSlug<T>(
  db: DbOrTx,
  table: SlugTable,
  input: { appId: string; chosen: string | undefined; name: string; fallback: string; exceptId?: string },
  write: (slug: string) => Promise<T>,
): Promise<T> {
  if (input.chosen !== undefined) {
    if (reserved.has(input.chosen) || (await isTaken(db, table, input.appId, input.chosen, input.exceptId))) {
      throw slugTaken();
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    const slug = input.chosen ?? (await freeSlug(db, table, input.appId, baseOf(input.name, input.fallback)));
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
      if (input.chosen !== undefined || attempt >= 5) {
        throw slugTaken();
      }
    }
  }
}
