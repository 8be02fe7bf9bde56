/*
 * The category tree of one app, put together in memory from its flat rows (apps hold tens of categories): depth
 * first order, depths, ancestors and subtrees for the move rules and the breadcrumbs.
 */

type Node = { id: string; parentId: string | null };

export type Placed<T extends Node> = T & { depth: number };

/** The rows depth first (each parent before its children), keeping their order among siblings. */
export function depthFirst<T extends Node>(rows: readonly T[]): Placed<T>[] {
  const children = new Map<string | null, T[]>();
  const ids = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    // A parent the caller cannot know (never, with the foreign key) would hide the row: show it at the top.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ordered: Placed<T>[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      ordered.push({ ...row, depth });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 1);
  return ordered;
}

/** The category and its ancestors, top first. */
export function pathTo<T extends Node>(rows: readonly T[], id: string): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: T[] = [];
  for (let current = byId.get(id); current && path.length <= rows.length;) {
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

/** The ids of the category's subtree, itself included. */
export function subtreeIds(rows: readonly Node[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && found.has(row.parentId) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}

/** How many levels the category's subtree spans (1: no subcategories). */
export function heightOf(rows: readonly Node[], id: string): number {
  const below = rows.filter((row) => row.parentId === id);
  return 1 + Math.max(0, ...below.map((row) => heightOf(rows, row.id)));
}
