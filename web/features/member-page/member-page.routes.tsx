import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

/** Spec §2 `m/{memberId}` (auth, ROUTE-75): the member page. */
export const memberPageFeature: WebFeature = {
  name: 'member-page',
  routes: {
    app: [
      {
        path: 'm/:memberId',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await loadChunk(() => import('./member-screens'))).MemberPage }),
      },
    ],
  },
};
