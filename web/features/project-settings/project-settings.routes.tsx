import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./project-settings-screens'));

export const projectSettingsFeature: WebFeature = {
  name: 'project-settings',
  routes: {
    project: [
      { path: 'settings', lazy: async () => ({ Component: (await screens()).ProjectSettingsPage }) },
      { path: 'settings/payment-plan', lazy: async () => ({ Component: (await screens()).PaymentPlanPage }) },
    ],
  },
};
