/*
 * The route matrix's expectations for the rewards shop's items and orders (issue 21), from the rules
 * (server/features/gamification/shop.access.ts, docs/decisions/gamification.md "Shop"): an item
 * (`custom-stuff(:id)`) and an order (`reward-order(:id)`) answer with their app's abilities to whoever sees the
 * app's gamification, so they hold what the `gamification app` column holds (route-matrix/gamification.ts).
 * The fixture's item and order (shop.fixture.ts) are the tenant's, its order the tenant's member's.
 */
export const rewardShopScopeColumns = {
  'custom-stuff(:id)': 'gamification app',
  'reward-order(:id)': 'gamification app',
} as const;
