/** Addresses of the rewards' screens: the overview, the shop, the history and the settings. */
export const rewardsLinks = {
  overview: (appSlug: string) => `/${appSlug}/rewards`,
  shop: (appSlug: string) => `/${appSlug}/rewards/spend-points`,
  history: (appSlug: string) => `/${appSlug}/rewards/history`,
  settings: (appSlug: string) => `/${appSlug}/settings/gamification`,
};
