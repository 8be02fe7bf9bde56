import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';

/*
 * Order by `prevId` moves (groups, spaces within a group, communities categories, links), as the custom fields
 * do it (server/features/custom-fields/positions.ts): a moved item takes a position halfway between its new
 * neighbours; when they are too close for a double, the list is renumbered 1, 2, 3 … first.
 */

/** Neighbours closer than this are renumbered first: doubles lose precision when halved too often. */
export const minPositionGap = 1e-6;

type Positioned = { id: string; position: number };

/**
 * The position right after `prevId` (null: before the first) among `ordered` (the other items, ascending),
 * or null when the neighbours are too close and the list must be renumbered first.
 */
export function positionAfter(ordered: readonly Positioned[], prevId: string | null): number | null {
  const index = prevId === null ? -1 : ordered.findIndex((item) => item.id === prevId);
  const prev = index >= 0 ? ordered[index]!.position : undefined;
  const next = ordered[index + 1]?.position;
  if (prev === undefined) {
    return next === undefined ? 1 : next - 1;
  }
  if (next === undefined) {
    return prev + 1;
  }
  return next - prev < minPositionGap ? null : (prev + next) / 2;
}

/**
 * Moves `itemId` right after `prevId` among `ordered` (every item of its list, ascending, the moved one
 * included) and writes the new position (and the renumbering, when needed) through `write`. 400 with
 * `errors.prevId` when `prevId` is the item itself or not in the list.
 */
export async function moveAfter(
  ordered: readonly Positioned[],
  itemId: string,
  prevId: string | null,
  write: (id: string, position: number) => Promise<void>,
): Promise<number> {
  let others = ordered.filter((item) => item.id !== itemId);
  if (prevId === itemId || (prevId !== null && !others.some((item) => item.id === prevId))) {
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

/**
 * Makes the writers of one ordered list take turns until the transaction ends (adding reads the last position,
 * moving reads the neighbours): a transaction-scoped advisory lock on `list:appId`.
 */
export async function lockList(
  tx: DbOrTx,
  list: 'groups' | 'categories' | 'links',
  appId: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`community-${list}:${appId}`}, 0))`);
}
