import { pushSubscriptionBodySchema } from '../../../contracts/push';
import { appProfileApi } from './app-profile-api';
import { currentPushSubscription, isPushSupported, pushScopeOf } from './web-push';

/*
 * A browser's push subscription can change while no page is open: the push service rotates it and the worker
 * (web/public/push-sw.js, `pushsubscriptionchange`) subscribes again, but it holds no session to tell the
 * server. So each time the person who turned push on opens the app in this browser, the subscription the
 * browser holds is stored again (the server keeps one row per endpoint). Another person signed in on the same
 * browser does not take it over: only whoever turned push on here (remembered per app) refreshes it.
 */

const ownerKey = (appId: string) => `gemeinde.push.${appId}`;
const refreshed = new Set<string>();

/** Remembers who turned push on for the app in this browser (null: nobody, after turning it off). */
export function rememberPushOwner(appId: string, accountId: string | null): void {
  try {
    if (accountId) {
      window.localStorage.setItem(ownerKey(appId), accountId);
    } else {
      window.localStorage.removeItem(ownerKey(appId));
    }
  } catch {
    // Storage refused (private mode): the subscription is then refreshed from the settings screen only.
  }
}

function pushOwner(appId: string): string | null {
  try {
    return window.localStorage.getItem(ownerKey(appId));
  } catch {
    return null;
  }
}

/** Stores this browser's current subscription for the app again, once per page load. Never throws. */
export async function refreshPushSubscription(
  appId: string,
  appSlug: string,
  accountId: string,
): Promise<void> {
  if (refreshed.has(appId) || !isPushSupported() || Notification.permission !== 'granted') {
    return;
  }
  if (pushOwner(appId) !== accountId) {
    return;
  }
  refreshed.add(appId);
  try {
    const subscription = await currentPushSubscription(pushScopeOf(appSlug));
    if (subscription) {
      await appProfileApi.subscribePush(appId, pushSubscriptionBodySchema.parse(subscription.toJSON()));
    }
  } catch {
    // Offline, or refused: the next visit tries again.
    refreshed.delete(appId);
  }
}
