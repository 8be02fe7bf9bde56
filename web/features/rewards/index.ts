// The rewards' public module: the level badge other features show beside members' names, the "Mindestlevel"
// field of the forms of level-gated content and its lock text, and the addresses.
export { LevelBadge } from './level-badge';
export { RequiredLevelSelect, useLevelLockText } from './required-level-select';
export { rewardsLinks } from './rewards-links';
