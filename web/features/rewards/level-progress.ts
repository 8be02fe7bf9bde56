import type { PointsSummary } from '../../../contracts/gamification';

/**
 * How far the member is on the way to the next level, 0–100: the share of the next level's threshold already
 * earned (the summary does not carry the current level's threshold); 100 at the top level.
 */
export function levelProgress(summary: Pick<PointsSummary, 'total' | 'nextLevel'>): number {
  const next = summary.nextLevel;
  if (!next) {
    return 100;
  }
  if (next.points <= 0) {
    return 100;
  }
  const earned = Math.max(0, next.points - next.missing);
  return Math.max(0, Math.min(100, Math.floor((earned / next.points) * 100)));
}
