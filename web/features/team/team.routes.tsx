import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

export const teamFeature: WebFeature = {
  name: 'team',
  routes: {
    project: [
      {
        path: 'settings/team',
        lazy: async () => ({ Component: (await loadChunk(() => import('./team-screens'))).TeamPage }),
      },
    ],
  },
};
