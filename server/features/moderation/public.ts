/*
 * The moderation feature's public module (issue 16): what the community calls when a post or comment is
 * written, moved or deleted — the settings and their hourly limits, holding a new post for the inbox, the
 * status of held posts, and the moderators' counters event.
 */
export { moderationSettingsOf } from './settings.repo.ts';
export { assertWithinHourlyLimit, type LimitedKind } from './rate-limits.ts';
export {
  dropModerationItem,
  holdNewPost,
  moderationStatusOfPosts,
  moveModerationItems,
} from './items.repo.ts';
export { createModerationSignals, type ModerationSignals } from './signals.ts';
