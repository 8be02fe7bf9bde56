import { accountFeature } from '../features/account/account.routes';
import { appMembersFeature } from '../features/app-members/app-members.routes';
import { appProfileFeature } from '../features/app-profile/app-profile.routes';
import { appSettingsFeature } from '../features/app-settings/app-settings.routes';
import { articlesFeature } from '../features/articles/articles.routes';
import { authFeature } from '../features/auth/auth.routes';
import { chatFeature } from '../features/chat/chat.routes';
import { cloudFeature } from '../features/cloud/cloud.routes';
import { communityFeature } from '../features/community/community.routes';
import { communitySettingsFeature } from '../features/community-settings/community-settings.routes';
import { contactsFeature } from '../features/contacts/contacts.routes';
import { coursesFeature } from '../features/courses/courses.routes';
import { customFieldsFeature } from '../features/custom-fields/custom-fields.routes';
import { eventsFeature } from '../features/events/events.routes';
import { helpdeskFeature } from '../features/helpdesk/helpdesk.routes';
import { homeFeature } from '../features/home/home.routes';
import { memberPageFeature } from '../features/member-page/member-page.routes';
import { moderationFeature } from '../features/moderation/moderation.routes';
import { notFoundFeature } from '../features/not-found/not-found.routes';
import { notificationsFeature } from '../features/notifications/notifications.routes';
import { onboardingFeature } from '../features/onboarding/onboarding.routes';
import { projectSettingsFeature } from '../features/project-settings/project-settings.routes';
import { projectsFeature } from '../features/projects/projects.routes';
import { rewardsFeature } from '../features/rewards/rewards.routes';
import { teamFeature } from '../features/team/team.routes';
import { ticketsFeature } from '../features/tickets/tickets.routes';
import { createElement, type ComponentType, type ReactNode } from 'react';
import type { AppMenuContext, FeatureMenus, MenuEntry, RouteSlot, WebFeature } from '../kernel/web-feature';

/**
 * Every web feature with screens, explicitly: adding one is its folder plus one line here. The order is the
 * order of the menus' entries (an app's menu: home, profile, files, settings).
 */
export const webFeatures: readonly WebFeature[] = [
  authFeature,
  projectsFeature,
  accountFeature,
  projectSettingsFeature,
  teamFeature,
  contactsFeature,
  homeFeature,
  communityFeature,
  chatFeature,
  helpdeskFeature,
  articlesFeature,
  eventsFeature,
  coursesFeature,
  rewardsFeature,
  ticketsFeature,
  appProfileFeature,
  cloudFeature,
  appSettingsFeature,
  customFieldsFeature,
  communitySettingsFeature,
  appMembersFeature,
  moderationFeature,
  onboardingFeature,
  memberPageFeature,
  notificationsFeature,
  notFoundFeature,
];

/** The routes every feature puts into one slot, in list order. */
export const slotRoutes = (slot: RouteSlot, features: readonly WebFeature[] = webFeatures) =>
  features.flatMap((feature) => feature.routes?.[slot] ?? []);

type ContextOf<Name extends keyof FeatureMenus> =
  NonNullable<FeatureMenus[Name]>[number] extends MenuEntry<infer Context> ? Context : never;

export type ShownMenuEntry = Omit<MenuEntry<never>, 'to' | 'shows' | 'badge'> & {
  to: string;
  badge?: ReactNode;
};

/** One menu of the shells: every feature's entries that show in this context, with their addresses. */
export function menuEntries<Name extends keyof FeatureMenus>(
  name: Name,
  context: ContextOf<Name>,
  features: readonly WebFeature[] = webFeatures,
): ShownMenuEntry[] {
  return features
    .flatMap((feature) => (feature.menus?.[name] ?? []) as unknown as MenuEntry<ContextOf<Name>>[])
    .filter((entry) => entry.shows?.(context) ?? true)
    .map(({ label, icon, end, to, badge }) => ({
      label,
      icon,
      end,
      to: to(context),
      badge: badge ? createElement(badge, { context }) : undefined,
    }));
}

export type ShellOverlay = { key: string; Overlay: ComponentType<{ context: AppMenuContext }> };

/** The components every feature puts beside an app's pages (its overlays), in list order, each with a key. */
export function appOverlays(features: readonly WebFeature[] = webFeatures): ShellOverlay[] {
  return features.flatMap((feature) =>
    (feature.overlays?.app ?? []).map((Overlay, index) => ({ key: `${feature.name}-${index}`, Overlay })),
  );
}
