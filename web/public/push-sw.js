/*
 * The service worker of Web Push (issue 16). web/features/app-profile/web-push.ts registers it once per app,
 * with the app's path as scope (`/{appSlug}/`), so every app on a host has a push subscription of its own. It
 * shows what the server sends (contracts/push.ts `PushPayload`), opens its address on a click, and subscribes
 * again when the push service replaces the subscription. It handles
 * no fetch: pages load as without it. Served from the site's root with `Cache-Control: no-cache`, so a new
 * version reaches browsers at their next check.
 */

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no caches an open page could still rely on.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Open pages of the app become controlled, so a click can bring one of them to the message's address.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const options = { body: message.body, data: { url: message.url } };
  if (message.tag) {
    options.tag = message.tag;
  }
  if (message.icon) {
    options.icon = message.icon;
  }
  // Browsers require every push to show something (`userVisibleOnly`).
  event.waitUntil(self.registration.showNotification(message.title, options));
});

// The push service replaced or ended the subscription: subscribe again with the same key, so the browser keeps
// receiving. The worker holds no session; the app stores the new subscription on the server the next time the
// person who turned push on opens it (web/features/app-profile/push-refresh.ts).
self.addEventListener('pushsubscriptionchange', (event) => {
  const key = event.oldSubscription && event.oldSubscription.options.applicationServerKey;
  if (!key) {
    return;
  }
  event.waitUntil(
    self.registration.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: key })
      .catch(() => undefined),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openAddress(addressOf(event.notification.data)));
});

/** The message as sent, or a neutral text when it cannot be read (the browser still wants a notification). */
function readMessage(data) {
  const fallback = {
    title: navigator.language.startsWith('de') ? 'Neue Benachrichtigung' : 'New notification',
    body: '',
    url: '',
  };
  try {
    const message = data ? data.json() : null;
    if (!message || typeof message.title !== 'string') {
      return fallback;
    }
    return {
      title: message.title,
      body: typeof message.body === 'string' ? message.body : '',
      url: typeof message.url === 'string' ? message.url : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: typeof message.icon === 'string' ? message.icon : undefined,
    };
  } catch {
    return fallback;
  }
}

/** The address to open: the message's, if it lies inside the app; else the app's start page. */
function addressOf(data) {
  const scope = self.registration.scope;
  try {
    const address = new URL(data && data.url ? data.url : scope, scope);
    return address.href.startsWith(scope) ? address.href : scope;
  } catch {
    return scope;
  }
}

/** Focuses a window showing the address, else brings a window of the app there, else opens a new one. */
async function openAddress(address) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((client) => client.url === address);
  if (exact) {
    return exact.focus();
  }
  const ofApp = windows.find((client) => client.url.startsWith(self.registration.scope));
  if (ofApp) {
    try {
      const moved = await ofApp.navigate(address);
      if (moved) {
        return moved.focus();
      }
    } catch {
      // Not controlled by this worker (opened before it was active): a new window instead.
    }
  }
  return self.clients.openWindow(address);
}
