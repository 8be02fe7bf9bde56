import type { ComponentType } from 'react';
import {
  IconAdjustmentsHorizontal,
  IconApps,
  IconArticle,
  IconCalendarEvent,
  IconCategory,
  IconFolders,
  IconHelpCircle,
  IconForms,
  IconLifebuoy,
  IconLink,
  IconListCheck,
  IconMailPlus,
  IconMessageReport,
  IconMessages,
  IconShieldCheck,
  IconTags,
  IconTrophy,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { appCan, type AppAbility, type RouterApp } from '../../kernel/current-app';

/** The addresses of an app's settings (spec §2 "settings", web-routes.tsv ROUTE-87…112). */
export function settingsPaths(slug: string) {
  const base = `/${slug}/settings`;
  return {
    base,
    general: `${base}/general`,
    services: `${base}/services`,
    customFields: `${base}/custom-fields`,
    customFieldCreate: `${base}/custom-fields/create`,
    customFieldEdit: (customFieldId: string) => `${base}/custom-fields/${customFieldId}/edit`,
    members: `${base}/members`,
    groups: `${base}/groups`,
    communities: `${base}/communities`,
    helpdesk: `${base}/helpdesk`,
    articles: `${base}/articles`,
    events: `${base}/events`,
    moderation: `${base}/moderation`,
    onboarding: `${base}/onboarding`,
    chat: `${base}/chat`,
    support: `${base}/support`,
    gamification: `${base}/gamification`,
  };
}

export type SettingsLink = {
  key: string;
  to: string;
  /** i18n key */
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** The app ability the screen needs (the server checks the same one). */
  ability: AppAbility;
  /** Highlighted only on exactly this address (a list whose sub-screens have entries of their own). */
  end?: boolean;
};

export type SettingsGroup = { key: string; label: string; links: SettingsLink[] };

/** Every settings screen that exists, grouped as the side navigation shows them. */
function allGroups(slug: string): SettingsGroup[] {
  const paths = settingsPaths(slug);
  const members = paths.members;
  return [
    {
      key: 'app',
      label: 'appSettings.nav.groupApp',
      links: [
        {
          key: 'general',
          to: paths.general,
          label: 'appSettings.nav.general',
          icon: IconAdjustmentsHorizontal,
          ability: 'settings_app',
        },
        {
          key: 'services',
          to: paths.services,
          label: 'appSettings.nav.services',
          icon: IconApps,
          ability: 'settings_app',
        },
        {
          key: 'customFields',
          to: paths.customFields,
          label: 'appSettings.nav.customFields',
          icon: IconForms,
          ability: 'settings_app',
        },
      ],
    },
    {
      key: 'community',
      label: 'communitySettings.menu.section',
      links: [
        {
          key: 'groups',
          to: paths.groups,
          label: 'communitySettings.menu.groups',
          icon: IconFolders,
          ability: 'create_group',
        },
        {
          key: 'communities',
          to: paths.communities,
          label: 'communitySettings.menu.communities',
          icon: IconCategory,
          ability: 'create_communities_category',
        },
        {
          key: 'helpdesk',
          to: paths.helpdesk,
          label: 'helpdesk.settings.menu',
          icon: IconHelpCircle,
          ability: 'create_article',
        },
        {
          key: 'articles',
          to: paths.articles,
          label: 'articles.settings.menu',
          icon: IconArticle,
          ability: 'create_article',
        },
        {
          key: 'events',
          to: paths.events,
          label: 'eventSettings.menu',
          icon: IconCalendarEvent,
          ability: 'edit',
        },
        {
          key: 'contentModeration',
          to: paths.moderation,
          label: 'appSettings.nav.contentModeration',
          icon: IconMessageReport,
          ability: 'moderation',
        },
        {
          key: 'onboarding',
          to: paths.onboarding,
          label: 'appSettings.nav.onboarding',
          icon: IconListCheck,
          ability: 'onboarding',
        },
        {
          key: 'chat',
          to: paths.chat,
          label: 'chatSettings.menu',
          icon: IconMessages,
          ability: 'edit',
        },
        {
          key: 'support',
          to: paths.support,
          label: 'tickets.settings.menu',
          icon: IconLifebuoy,
          ability: 'tickets',
        },
        {
          key: 'gamification',
          to: paths.gamification,
          label: 'rewards.settings.menu',
          icon: IconTrophy,
          ability: 'create_gamification_rule',
        },
      ],
    },
    {
      key: 'members',
      label: 'appSettings.nav.groupMembers',
      links: [
        {
          key: 'members',
          to: members,
          label: 'appSettings.nav.members',
          icon: IconUsers,
          ability: 'settings_members',
          end: true,
        },
        {
          key: 'invite',
          to: `${members}/invite`,
          label: 'appSettings.nav.invite',
          icon: IconMailPlus,
          ability: 'settings_members',
        },
        {
          key: 'inviteLinks',
          to: `${members}/invite-links`,
          label: 'appSettings.nav.inviteLinks',
          icon: IconLink,
          ability: 'view_invitations',
        },
        {
          key: 'tags',
          to: `${members}/tags`,
          label: 'appSettings.nav.tags',
          icon: IconTags,
          ability: 'settings_members',
        },
        {
          key: 'bulkImport',
          to: `${members}/bulk-import`,
          label: 'appSettings.nav.bulkImport',
          icon: IconUpload,
          ability: 'import_profiles',
        },
        {
          key: 'moderation',
          to: `${members}/moderation`,
          label: 'appSettings.nav.moderation',
          icon: IconShieldCheck,
          ability: 'settings_moderation',
        },
      ],
    },
  ];
}

/** The settings screens the caller may open: a section whose ability is missing is not listed. */
export function settingsGroupsFor(app: Pick<RouterApp, 'slug' | 'permissions'>): SettingsGroup[] {
  return allGroups(app.slug)
    .map((group) => ({ ...group, links: group.links.filter((link) => appCan(app, link.ability)) }))
    .filter((group) => group.links.length > 0);
}

/** The entry an address belongs to: the longest link that is the address or one of its parents. */
export function settingsLinkOf(groups: SettingsGroup[], pathname: string): SettingsLink | null {
  const links = groups.flatMap((group) => group.links);
  const matches = links.filter((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
  return matches.sort((a, b) => b.to.length - a.to.length)[0] ?? null;
}

/** Whether an address is one of the settings screens at all (known, whoever may open it). */
export function isKnownSettingsPath(slug: string, pathname: string): boolean {
  return settingsLinkOf(allGroups(slug), pathname) !== null;
}
