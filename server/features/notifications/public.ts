/*
 * The notifications' public module (issue 16): other features record what happened inside their own
 * transaction (`recordNotifications`) and hand the result to a notifier after commit (`notifier.deliver`).
 */
export {
  recordNotifications,
  type NotificationEvent,
  type RecordedNotification,
} from './notifications.repo.ts';
export { createNotifier, type Notifier } from './notifier.ts';
