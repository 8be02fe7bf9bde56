import type { FeatureContext, FeatureManifest } from '../../platform/features.ts';
import { createAccessScopes } from '../workspace/public.ts';
import { createGamificationScopes, type GamificationDeps } from './gamification.access.ts';
import { pointRoutes } from './points.routes.ts';
import { ruleRoutes } from './rules.routes.ts';
import { registerRewardsSettingsCheck } from './settings.check.ts';
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
    return [...ruleRoutes(deps), ...statusRoutes(deps), ...pointRoutes(deps), ...topUpRoutes(deps)];
  },
  pathParams: {
    'statuses/:id': 'statusId',
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
