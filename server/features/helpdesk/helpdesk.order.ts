import { and, eq, like, ne, or, sql } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import { helpdeskLimits } from '../../../contracts/helpdesk.ts';
import { slugify } from '../../../contracts/slug.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { helpdeskArticles, helpdeskCategories } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { escapeLike } from '../../db/like.ts';

/*
 * Order and addresses of the help desk's categories and articles: positions among siblings (a moved item takes
 * the middle between its new neighbours; the list is renumbered when they are too close for a double) and
 * slugs unique per app (a chosen slug is kept or refused with 409 SLUG_TAKEN; one made from the name, RULE-89,
 * is numbered -2, -3 … until free).
 */

type Positioned = { id: string; position: number };

/** The position right after `prevId` (null: first) among `others` (ascending), or null when too close. */
function positionAfter(others: readonly Positioned[], prevId: string | null): number | null {
  const index = prevId === null ? -1 : others.findIndex((item) => item.id === prevId);
  const prev = others[index]?.position;
  const next = others[index + 1]?.position;
  if (prev === undefined || next === undefined) {
    return prev === undefined ? (next ?? 2) - 1 : prev + 1;
  }
  return next - prev < 1e-6 ? null : (prev + next) / 2;
}

/**
 * Places `itemId` right after `prevId` among `siblings` (the list it goes to, ascending; it may be in it
 * already) and writes the positions through `write`. 400 `errors.prevId` when `prevId` is not a sibling.
 */
export async function placeAfter(
  siblings: readonly Positioned[],
  itemId: string,
  prevId: string | null,
  write: (id: string, position: number) => Promise<void>,
): Promise<number> {
  let others = siblings.filter((item) => item.id !== itemId);
  if (prevId !== null && !others.some((item) => item.id === prevId)) {
    throw badRequest({ prevId: 'validation.invalidValue' });
  }
  let position = positionAfter(others, prevId);
  if (position === null) {
    others = others.map((item, index) => ({ ...item, position: index + 1 }));
    for (const item of others) {
      await write(item.id, item.position);
    }
    position = positionAfter(others, prevId)!;
  }
  await write(itemId, position);
  return position;
}

/** Writers of the app's help desk (positions, counters of a category) take turns until the transaction ends. */
export async function lockHelpdesk(tx: DbOrTx, appId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helpdesk:${appId}`}, 0))`);
}

type SlugTable = typeof helpdeskCategories | typeof helpdeskArticles;

export const slugTaken = () =>
  new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });

/**
 * The slug a new or renamed row gets: the chosen one (409 when another row of the app has it), else one made
 * from the name and numbered until free. The unique index stays the last word (`withSlugConflict`).
 */
export async function resolveSlug(
  db: DbOrTx,
  table: SlugTable,
  input: { appId: string; chosen: string | undefined; name: string; fallback: string; exceptId?: string },
): Promise<string> {
  const others = (condition: ReturnType<typeof eq>) =>
    db
      .select({ slug: table.slug })
      .from(table)
      .where(
        and(
          eq(table.appId, input.appId),
          condition,
          input.exceptId ? ne(table.id, input.exceptId) : undefined,
        ),
      );
  if (input.chosen !== undefined) {
    if ((await others(eq(table.slug, input.chosen)).limit(1)).length > 0) {
      throw slugTaken();
    }
    return input.chosen;
  }
  const base =
    slugify(input.name)
      .slice(0, helpdeskLimits.slug - 4)
      .replace(/-+$/, '') || input.fallback;
  const escaped = escapeLike(base);
  const rows = await others(or(eq(table.slug, base), like(table.slug, `${escaped}-%`))!);
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let number = 2; taken.has(slug); number += 1) {
    slug = `${base}-${number}`;
  }
  return slug;
}

/** Runs a write that stores a slug; a unique violation (a parallel save took it) becomes 409 SLUG_TAKEN. */
export async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let current = error as { code?: unknown; cause?: unknown } | undefined; current;) {
      if (current.code === '23505') {
        throw slugTaken();
      }
      current = current.cause as typeof current;
    }
    throw error;
  }
}
