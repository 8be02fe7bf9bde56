/** An entity as lists know it: anything with an id. */
export type WithId = { id: string | number };

/**
 * Appends a loaded page to a list without duplicates (spec §5 "lists merge by unique id", RULE-102): pages
 * overlap when items are added or removed between two page loads. Order is kept; the first occurrence of an
 * id stays where it is and later ones are dropped, so rows do not jump while the user scrolls.
 */
export function mergeById<T extends WithId>(existing: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set<T['id']>();
  const merged: T[] = [];
  for (const item of [...existing, ...incoming]) {
    if (!seen.has(item.id)) {
      seen.add(item.id);
      merged.push(item);
    }
  }
  return merged;
}
