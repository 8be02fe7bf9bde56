import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { createGamificationScopes, type GamificationDeps } from './gamification.access.ts';
import { gamificationQueues, gamificationSweepJobOf } from './gamification-jobs.ts';
import { leaderboardRoutes } from './leaderboard.routes.ts';
import { pointRoutes } from './points.routes.ts';
import { ruleRoutes } from './rules.routes.ts';
import { registerRewardsSettingsCheck } from './settings.check.ts';
import { shopRoutes } from './shop.routes.ts';
import { statusRoutes } from './statuses.routes.ts';
import { topUpRoutes } from './top-ups.routes.ts';

// The rewards settings' excluded tags and groups must be the app's own (apps' service settings route).
registerRewardsSettingsCheck();

/**
 * Gamification and the rewards shop (issue 21): rules, the points ledger, levels, leaderboards, rewards and
 * their orders. Decisions: docs/decisions/gamification.md.
 */
export const gamificationFeature: FeatureManifest = {
  name: 'gamification',
  routes: (context) => {
    const deps = gamificationDepsOf(context);
    return [
      ...ruleRoutes(deps),
      ...statusRoutes(deps),
      ...pointRoutes(deps),
      ...topUpRoutes(deps),
      ...shopRoutes(deps),
      ...leaderboardRoutes(deps),
    ];
  },
  queues: { ...gamificationQueues },
  jobs: (context) => [gamificationSweepJobOf(context)],
  pathParams: {
    'statuses/:id': 'statusId',
    'custom-stuff/:id': 'customStuffId',
    'reward-orders/:id': 'rewardOrderId',
  },
};

function gamificationDepsOf({ db, urlSigner }: FeatureContext): GamificationDeps {
  return {
    db,
    scopes: createGamificationScopes(db),
    access: createAccessScopes(db),
    sign: (path: string) => urlSigner.sign(path),
  };
}
