import { and, eq, like, ne, or } from 'drizzle-orm';
import { communityLimits } from '../../../contracts/community-spaces.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { slugify } from '../../../contracts/slug.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { communityCategories, communityGroups, communitySpaces } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { escapeLike } from '../../db/like.ts';

/*
 * Slugs of groups, spaces and communities categories: unique per app within their kind (a unique index each).
 * A slug the caller chose is kept or refused (409 SLUG_TAKEN); a slug made from the name (spec §5, RULE-89) is
 * numbered -2, -3 … until it is free.
 */

export type SlugTable = typeof communityGroups | typeof communitySpaces | typeof communityCategories;

/** Path segments beside the slug routes (`…/groups/dropdown`, `…/spaces/dropdown`): never a slug. */
export const reservedSlugs: ReadonlySet<string> = new Set(['dropdown']);

export const slugTaken = () =>
  new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

/** A unique-index violation (PostgreSQL 23505) anywhere in the error's cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') {
      return true;
    }
  }
  return false;
}

/** The slug made from a name: its transliteration, or `fallback` when nothing of it is Latin. */
export function slugOfName(name: string, fallback: string): string {
  // Room for a "-999" suffix within the length limit.
  const base = slugify(name)
    .slice(0, communityLimits.slug - 4)
    .replace(/-+$/, '');
  return base || fallback;
}

/** The first of `base`, `base-2`, `base-3` … that is not among `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) {
    return base;
  }
  for (let number = 2; ; number += 1) {
    const candidate = `${base}-${number}`;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
}

/** Slugs of the app's rows of `table` that are `base` or `base-…` (the candidates a numbered slug must avoid). */
export async function slugsLike(
  db: DbOrTx,
  table: SlugTable,
  appId: string,
  base: string,
): Promise<Set<string>> {
  const escaped = escapeLike(base);
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(and(eq(table.appId, appId), or(eq(table.slug, base), like(table.slug, `${escaped}-%`))));
  return new Set(rows.map((row) => row.slug));
}

/** Whether another row of the app (not `exceptId`) already has the slug. */
export async function isSlugTaken(
  db: DbOrTx,
  table: SlugTable,
  appId: string,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.appId, appId), eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * The slug a new or renamed row gets: the chosen one (409 when taken), else one made from the name and
 * numbered until free. The unique index stays the last word: callers map a violation to `slugTaken()`.
 */
export async function resolveSlug(
  db: DbOrTx,
  table: SlugTable,
  input: { appId: string; chosen: string | undefined; name: string; fallback: string; exceptId?: string },
): Promise<string> {
  if (input.chosen !== undefined) {
    if (
      reservedSlugs.has(input.chosen) ||
      (await isSlugTaken(db, table, input.appId, input.chosen, input.exceptId))
    ) {
      throw slugTaken();
    }
    return input.chosen;
  }
  const base = slugOfName(input.name, input.fallback);
  const taken = await slugsLike(db, table, input.appId, base);
  return firstFreeSlug(base, new Set([...taken, ...reservedSlugs]));
}

/** Runs a write that stores a slug; a unique violation (a parallel save took it) becomes 409 SLUG_TAKEN. */
export async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw slugTaken();
    }
    throw error;
  }
}
