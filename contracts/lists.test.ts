import { describe, expect, it } from 'vitest';
import { mergeById } from './lists.ts';

describe('lists', () => {
  it('RULE-102 paged lists merge by unique id: an overlapping page adds only new items, in order', () => {
    const page1 = [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ];
    const page2 = [
      { id: 'b', name: 'B (again)' },
      { id: 'c', name: 'C' },
      { id: 'c', name: 'C twice' },
    ];
    expect(mergeById(page1, page2)).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ]);
    expect(page1).toHaveLength(2);
  });

  it('RULE-102 numeric ids and empty pages', () => {
    expect(mergeById([{ id: 1 }], [{ id: 2 }, { id: 1 }])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(mergeById([], [{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(mergeById([{ id: 1 }], [])).toEqual([{ id: 1 }]);
  });
});
