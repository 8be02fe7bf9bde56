import { describe, expect, it } from 'vitest';
import { pageOffset, paginate } from './pagination.ts';

describe('pagination', () => {
  it('counts pages from 1 and rounds the page count up', () => {
    expect(paginate(['a', 'b'], 45, { page: 3, limit: 20 })).toEqual({
      data: ['a', 'b'],
      meta: { page: 3, pages: 3, total: 45 },
    });
    expect(paginate([], 0, { page: 1, limit: 20 })).toEqual({
      data: [],
      meta: { page: 1, pages: 0, total: 0 },
    });
    expect(paginate(['x'], 20, { page: 1, limit: 20 }).meta.pages).toBe(1);
  });

  it('turns a page into an offset', () => {
    expect(pageOffset({ page: 1, limit: 50 })).toBe(0);
    expect(pageOffset({ page: 4, limit: 50 })).toBe(150);
  });
});
