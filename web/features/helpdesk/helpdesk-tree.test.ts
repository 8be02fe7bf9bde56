import { describe, expect, it } from 'vitest';
import type { HelpdeskCategory } from '../../../contracts/helpdesk';
import { ancestryOf, deletionOf, heightOf, publishedBelow, subtreeOf } from './helpdesk-tree';

const node = (
  id: string,
  parentId: string | null,
  depth: number,
  counts: [number, number],
): HelpdeskCategory => ({
  id,
  parentId,
  name: id.toUpperCase(),
  slug: id,
  description: '',
  depth,
  position: 1,
  articlesCount: counts[0],
  allArticlesCount: counts[1],
  permissions: { can: ['view', 'edit'] },
});

// Depth first, as the server sends it.
const tree = [
  node('a', null, 1, [1, 2]),
  node('a1', 'a', 2, [2, 2]),
  node('a11', 'a1', 3, [0, 1]),
  node('b', null, 1, [4, 4]),
];

describe('help-desk tree', () => {
  it('finds ancestors, subtrees and their counts', () => {
    expect(ancestryOf(tree, 'a11').map((category) => category.id)).toEqual(['a', 'a1', 'a11']);
    expect(subtreeOf(tree, 'a1').map((category) => category.id)).toEqual(['a1', 'a11']);
    expect(publishedBelow(tree, 'a')).toBe(3);
    expect(deletionOf(tree, 'a')).toEqual({ subcategories: 2, articles: 5 });
    expect(deletionOf(tree, 'b')).toEqual({ subcategories: 0, articles: 4 });
    expect(heightOf(tree, 'a')).toBe(3);
    expect(heightOf(tree, 'a1')).toBe(2);
    expect(heightOf(tree, 'b')).toBe(1);
  });
});
