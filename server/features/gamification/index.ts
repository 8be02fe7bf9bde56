import type { FeatureManifest } from '../../platform/features.ts';

/**
 * Gamification and the rewards shop (issue 21): rules, the points ledger, levels, leaderboards, rewards and
 * their orders. Decisions: docs/decisions/gamification.md.
 */
export const gamificationFeature: FeatureManifest = {
  name: 'gamification',
  routes: () => [],
  pathParams: {},
};
