import { describe, expect, it } from 'vitest';
import { fittingCount } from './header-nav';

describe('fittingCount', () => {
  it('keeps every entry when they all fit, gaps included', () => {
    expect(fittingCount([100, 100, 100], 308)).toBe(3);
  });

  it('keeps room for "Mehr" once one entry does not fit', () => {
    // 3 × 100 + 2 gaps = 308 > 300: "Mehr" (96) + two entries with gaps (208) = 304 > 300, so one stays.
    expect(fittingCount([100, 100, 100], 300)).toBe(1);
    expect(fittingCount([100, 100, 100], 305)).toBe(2);
  });

  it('shows everything in a row that is not laid out', () => {
    expect(fittingCount([0, 0, 0], 0)).toBe(3);
  });
});
