import { loadChunk } from '../../kernel/chunk';
import type { WebFeature } from '../../kernel/web-feature';

const screens = () => loadChunk(() => import('./onboarding-screens'));

/**
 * Spec §2 settings `onboarding` (ROUTE-91), below the app settings' layout (which checks the app's `edit` and
 * lists the screen for callers with `onboarding`). The members' checklist is the public module's.
 */
export const onboardingFeature: WebFeature = {
  name: 'onboarding',
  routes: {
    appSettings: [
      { path: 'onboarding', lazy: async () => ({ Component: (await screens()).OnboardingSettingsPage }) },
    ],
  },
};
