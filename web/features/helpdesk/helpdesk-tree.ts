import type { HelpdeskCategory } from '../../../contracts/helpdesk';

/*
 * The category tree as the screens use it: the server sends it flat and depth first, with parents; these pure
 * helpers find children, ancestors and subtree counts.
 */

export const childrenOf = (categories: readonly HelpdeskCategory[], parentId: string | null) =>
  categories.filter((category) => category.parentId === parentId);

/** The category and its ancestors, top first. */
export function ancestryOf(categories: readonly HelpdeskCategory[], id: string): HelpdeskCategory[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const path: HelpdeskCategory[] = [];
  for (let current = byId.get(id); current && path.length < categories.length;) {
    path.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}

/** The category's subtree (itself first, depth first). */
export function subtreeOf(categories: readonly HelpdeskCategory[], id: string): HelpdeskCategory[] {
  const found = new Set([id]);
  return categories.filter((category) => {
    if (found.has(category.id) || (category.parentId && found.has(category.parentId))) {
      found.add(category.id);
      return true;
    }
    return false;
  });
}

/** Published articles in the category and below it. */
export const publishedBelow = (categories: readonly HelpdeskCategory[], id: string) =>
  subtreeOf(categories, id).reduce((sum, category) => sum + category.articlesCount, 0);

/** What deleting the category takes along: its subcategories and every article under it (editors' counts). */
export function deletionOf(categories: readonly HelpdeskCategory[], id: string) {
  const subtree = subtreeOf(categories, id);
  return {
    subcategories: subtree.length - 1,
    articles: subtree.reduce(
      (sum, category) => sum + (category.allArticlesCount ?? category.articlesCount),
      0,
    ),
  };
}

/** How many levels the category's subtree spans (1: none below it). */
export function heightOf(categories: readonly HelpdeskCategory[], id: string): number {
  const subtree = subtreeOf(categories, id);
  const top = subtree[0]?.depth ?? 1;
  return Math.max(1, ...subtree.map((category) => category.depth - top + 1));
}
