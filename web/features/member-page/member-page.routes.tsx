import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./member-screens'));

/** Spec §2 `m/{memberId}` (auth, ROUTE-75): the member page, with its sub-pages comments and spaces. */
export const memberPageFeature: WebFeature = {
  name: 'member-page',
  routes: {
    app: [
      {
        path: 'm/:memberId',
        handle: { access: 'signedIn' },
        lazy: async () => ({ Component: (await screens()).MemberPage }),
        // ROUTE-76, ROUTE-77: the member's comments and spaces below the profile.
        children: [
          { index: true, lazy: async () => ({ Component: (await screens()).MemberActivity }) },
          { path: 'comments', lazy: async () => ({ Component: (await screens()).MemberComments }) },
          { path: 'spaces', lazy: async () => ({ Component: (await screens()).MemberSpaces }) },
        ],
      },
    ],
  },
};
