import type { OnboardingStep, OnboardingStepKey } from '../../../contracts/onboarding';
import type { RouterApp } from '../../kernel/current-app';
import { appProfilePaths } from '../app-profile';
import { communityLinks } from '../community';

/** The product's own wording of a step (`onboarding.steps.{key}.title` / `.description`), de and en. */
export const defaultTextKey = (key: OnboardingStepKey, part: 'title' | 'description' | 'action') =>
  `onboarding.steps.${key}.${part}`;

/** The step's text as a member reads it: the team's own wording, or the product's default when empty. */
export function stepText(
  step: Pick<OnboardingStep, 'key' | 'title' | 'description'>,
  t: (key: string) => string,
): { title: string; description: string } {
  return {
    title: step.title.trim() || t(defaultTextKey(step.key, 'title')),
    description: step.description.trim() || t(defaultTextKey(step.key, 'description')),
  };
}

/** Where the community's feed is: the groups, or the communities when only they are switched on. */
function feedOf(app: Pick<RouterApp, 'slug' | 'services'>): string {
  return !app.services.community && app.services.communities
    ? communityLinks.communities(app.slug)
    : communityLinks.groups(app.slug);
}

/** Where a member does a step: the profile, the groups, the feed's composer, the notification settings. */
export function stepLink(key: OnboardingStepKey, app: Pick<RouterApp, 'slug' | 'services'>): string {
  switch (key) {
    case 'complete_profile':
      return appProfilePaths.profile(app.slug);
    case 'join_space':
      return feedOf(app);
    case 'introduce_yourself':
      // The groups' feed opens its composer for `?compose`.
      return app.services.community ? `${communityLinks.groups(app.slug)}?compose` : feedOf(app);
    case 'first_comment':
      return feedOf(app);
    case 'enable_notifications':
      return appProfilePaths.notifications(app.slug);
  }
}

/** The new order after moving the step at `from` one place up (-1) or down (+1); null at an end. */
export function moveStep<T>(steps: readonly T[], from: number, by: -1 | 1): T[] | null {
  const to = from + by;
  const moved = steps[from];
  if (moved === undefined || to < 0 || to >= steps.length) {
    return null;
  }
  const next = [...steps];
  next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
