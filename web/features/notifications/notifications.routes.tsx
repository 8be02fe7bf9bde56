import type { WebFeature } from '../../kernel/web-feature';
import { loadChunk } from '../../kernel/chunk';

const screens = () => loadChunk(() => import('./notifications-screens'));
const unsubscribeScreens = () => loadChunk(() => import('./unsubscribe-screens'));

/**
 * Spec §2 `notifications` (ROUTE-132: a member's own list; the guard is not stated, GAPS 29: personal, so signed
 * in) and `unsubscribe/{hash}` (ROUTE-56: no sign-in). The unsubscribe link of the mails points at the apps'
 * domain, the spec lists it on the service host: it is served on both, outside any shell.
 */
export const notificationsFeature: WebFeature = {
  name: 'notifications',
  routes: {
    app: [
      {
        path: 'notifications',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).NotificationsPage }),
      },
    ],
    bare: [
      {
        path: 'projects/:projectId/unsubscribe/:hash',
        lazy: async () => ({ Component: (await unsubscribeScreens()).UnsubscribePage }),
      },
    ],
  },
};
