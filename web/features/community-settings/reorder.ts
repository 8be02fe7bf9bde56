/*
 * Reordering (groups, spaces in a group, categories, links): the server places an item right after `prevId`
 * (null: first), so a move is the new order plus the id the moved item now follows.
 */

export type Reorder<T> = { items: T[]; prevId: string | null; moved: T };

/** The order after moving the item at `fromIndex` to `toIndex`; null when nothing moves. */
export function moveItem<T extends { id: string }>(
  items: readonly T[],
  fromIndex: number,
  toIndex: number,
): Reorder<T> | null {
  const moved = items[fromIndex];
  if (!moved || fromIndex === toIndex || toIndex < 0 || toIndex >= items.length) {
    return null;
  }
  const next = [...items];
  next.splice(fromIndex, 1);
  next.splice(toIndex, 0, moved);
  return { items: next, prevId: toIndex > 0 ? (next[toIndex - 1]?.id ?? null) : null, moved };
}

/** A drag's result: the dragged item dropped on another one takes that one's place. */
export function dropItem<T extends { id: string }>(
  items: readonly T[],
  activeId: string,
  overId: string | null,
): Reorder<T> | null {
  if (overId === null) {
    return null;
  }
  return moveItem(
    items,
    items.findIndex((item) => item.id === activeId),
    items.findIndex((item) => item.id === overId),
  );
}
