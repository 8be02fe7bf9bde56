import { pushSubscriptionBodySchema, type PushSubscriptionBody } from '../../../contracts/push';

/*
 * This browser's side of Web Push (issue 16): the service worker web/public/push-sw.js, registered per app with
 * the app's path as scope, so each app on a host has its own subscription (and its own endpoint on the server).
 */

const workerUrl = '/push-sw.js';

/** The scope of an app's worker: its pages, `/{appSlug}/…`, on the public domain and on custom domains alike. */
export const pushScopeOf = (appSlug: string) => `/${appSlug}/`;

/** Whether this browser can receive push at all (not, for example, Safari on iOS outside a home-screen app). */
export function isPushSupported(): boolean {
  return (
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): NotificationPermission {
  return isPushSupported() ? Notification.permission : 'default';
}

/** This browser's subscription for the app, or null when it has none. */
export async function currentPushSubscription(scope: string): Promise<PushSubscription | null> {
  if (!isPushSupported()) {
    return null;
  }
  const registration = await navigator.serviceWorker.getRegistration(scope);
  // getRegistration answers the registration whose scope covers the address: only ours counts.
  if (!registration || new URL(registration.scope).pathname !== scope) {
    return null;
  }
  return registration.pushManager.getSubscription();
}

export class PushPermissionError extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`notification permission ${permission}`);
    this.name = 'PushPermissionError';
  }
}

/**
 * Asks for permission (first, while the click still counts as the person's gesture), registers the worker and
 * subscribes with the deployment's key. An existing subscription is kept: the server stores it again.
 */
export async function subscribeThisBrowser(scope: string, publicKey: string): Promise<PushSubscriptionBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushPermissionError(permission);
  }
  const registration = await navigator.serviceWorker.register(workerUrl, { scope });
  await activated(registration);
  const key = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the deployment's keys were replaced) can no longer receive anything.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return pushSubscriptionBodySchema.parse(subscription.toJSON());
}

/** Ends this browser's subscription for the app; answers its endpoint for the server to forget, or null. */
export async function unsubscribeThisBrowser(scope: string): Promise<string | null> {
  const subscription = await currentPushSubscription(scope);
  if (!subscription) {
    return null;
  }
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** `pushManager.subscribe` needs an active worker; a fresh registration is still installing. */
function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const handleStateChange = () => {
      if (worker.state === 'activated') {
        worker.removeEventListener('statechange', handleStateChange);
        resolve();
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', handleStateChange);
        reject(new Error('the push worker could not be installed'));
      }
    };
    worker.addEventListener('statechange', handleStateChange);
  });
}

function sameBytes(buffer: ArrayBuffer | null, bytes: Uint8Array): boolean {
  const other = buffer ? new Uint8Array(buffer) : null;
  return (
    other !== null && other.length === bytes.length && other.every((byte, index) => byte === bytes[index])
  );
}

/** base64url (the VAPID public key) → bytes. */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}
