import type { PointsSummary } from '../../../contracts/gamification-points';

/**
 * How far the member is on the way from their level to the next, 0–100: the share of the step between the two
 * thresholds already earned; 100 at the top level.
 */
export function levelProgress(summary: Pick<PointsSummary, 'total' | 'levelPoints' | 'nextLevel'>): number {
  const next = summary.nextLevel;
  if (!next) {
    return 100;
  }
  const step = next.points - summary.levelPoints;
  if (step <= 0) {
    return 100;
  }
  const earned = Math.max(0, summary.total - summary.levelPoints);
  return Math.max(0, Math.min(100, Math.floor((earned / step) * 100)));
}
