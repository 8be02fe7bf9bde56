// The rewards' public module: the level badge other features show beside members' names, and the addresses.
export { LevelBadge } from './level-badge';
export { rewardsLinks } from './rewards-links';
export { statusesQuery } from './rewards-api';
