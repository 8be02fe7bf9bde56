import type { Status } from '../../../../contracts/gamification-levels';

/**
 * Levels are ordered by their points threshold, so putting them in a new order (a drag, or a move up or down)
 * hands the same thresholds, lowest first, to the levels in their new order. Returns the levels whose threshold
 * changes, with the new one (none when the order is the same).
 */
export function thresholdsInOrder(
  levels: readonly Pick<Status, 'id' | 'points'>[],
): { id: string; points: number }[] {
  const thresholds = levels.map((level) => level.points).sort((a, b) => a - b);
  return levels.flatMap((level, index) =>
    level.points === thresholds[index] ? [] : [{ id: level.id, points: thresholds[index]! }],
  );
}

/** A threshold for a new level: above the highest one (doubling it, at least 100 more). */
export function nextThreshold(levels: readonly Pick<Status, 'points'>[]): number {
  const top = Math.max(0, ...levels.map((level) => level.points));
  return levels.length === 0 ? 0 : top + Math.max(100, top);
}
