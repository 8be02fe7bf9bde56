import { describe, expect, it } from 'vitest';
import { dropItem, moveItem } from './reorder';

const [a, b, c] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('reorder', () => {
  it('moves an item and names the one it now follows (null: first)', () => {
    expect(moveItem([a, b, c], 2, 0)).toEqual({ items: [c, a, b], prevId: null, moved: c });
    expect(moveItem([a, b, c], 0, 2)).toEqual({ items: [b, c, a], prevId: 'c', moved: a });
    expect(moveItem([a, b, c], 0, 1)).toEqual({ items: [b, a, c], prevId: 'b', moved: a });
  });

  it('does nothing past either end or in place', () => {
    expect(moveItem([a, b, c], 0, -1)).toBeNull();
    expect(moveItem([a, b, c], 2, 3)).toBeNull();
    expect(moveItem([a, b, c], 1, 1)).toBeNull();
  });

  it('turns a drop on another item into that item’s place', () => {
    expect(dropItem([a, b, c], 'c', 'a')).toEqual({ items: [c, a, b], prevId: null, moved: c });
    expect(dropItem([a, b, c], 'a', 'b')).toEqual({ items: [b, a, c], prevId: 'b', moved: a });
    expect(dropItem([a, b, c], 'a', null)).toBeNull();
    expect(dropItem([a, b, c], 'a', 'a')).toBeNull();
  });
});
