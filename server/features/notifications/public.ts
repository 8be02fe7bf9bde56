/*
 * The notifications' public module (issue 16): other features record what happened inside their own
 * transaction (`recordNotifications`) and hand the result to a notifier after commit (`notifier.deliver`).
 * A feature that collapses its news under a key of its own (the chat: `chat:{id}`) may read what a person was
 * last told under it and mark it read when the person saw the thing elsewhere.
 */
export {
  markCollapsedRead,
  newestDataByCollapseKey,
  recordNotifications,
  type NotificationEvent,
  type RecordedNotification,
} from './notifications.repo.ts';
export { createNotifier, type Notifier } from './notifier.ts';
