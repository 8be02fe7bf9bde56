// The app-profile feature's public module: what other features and the shell may use of it.
export * from './app-profile-paths';
export * from './profile-link-sections';
export { memberProfileQuery } from './app-profile-api';

/**
 * Stores this browser's push subscription for the app again when its owner opens the app (push-refresh.ts);
 * the code loads only where push was allowed.
 */
export const refreshPushSubscription = (appId: string, appSlug: string, accountId: string): Promise<void> =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted'
    ? import('./push-refresh').then((module) => module.refreshPushSubscription(appId, appSlug, accountId))
    : Promise.resolve();
