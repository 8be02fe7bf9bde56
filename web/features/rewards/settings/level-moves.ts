import type { Status } from '../../../../contracts/gamification';

/**
 * Moving a level up or down the ladder swaps its points threshold with its neighbour's (levels are ordered by
 * points). Returns the two levels' new thresholds, or null at either end.
 */
export function swapWithNeighbour(
  levels: readonly Pick<Status, 'id' | 'points'>[],
  index: number,
  direction: -1 | 1,
): { id: string; points: number }[] | null {
  const level = levels[index];
  const neighbour = levels[index + direction];
  if (!level || !neighbour) {
    return null;
  }
  return [
    { id: level.id, points: neighbour.points },
    { id: neighbour.id, points: level.points },
  ];
}

/** A threshold for a new level: above the highest one (doubling it, at least 100 more). */
export function nextThreshold(levels: readonly Pick<Status, 'points'>[]): number {
  const top = Math.max(0, ...levels.map((level) => level.points));
  return levels.length === 0 ? 0 : top + Math.max(100, top);
}
