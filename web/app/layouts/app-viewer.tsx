import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../contracts/language';
import { profileSchema } from '../../../contracts/profile';
import { api } from '../../api/client';
import { memberQuery } from '../../features/member-page';
import type { AppViewerPerson } from '../../kernel/app-viewer';
import { currentAppQueryPrefix, type RouterApp } from '../../kernel/current-app';
import { usePersonLocale } from '../../kernel/person-locale';
import { useAccount } from '../../kernel/session/account-store';

/**
 * Who the app is shown for: while masquerading the viewed member (name and photo from the member page's
 * call), otherwise the signed-in account with its photo in this app. Null for guests.
 */
export function useAppViewerPerson(app: RouterApp | null): AppViewerPerson | null {
  const account = useAccount();
  const viewedId = app?.masqueradeProfileId ?? null;
  const viewed = useQuery({ ...memberQuery(viewedId ?? ''), enabled: viewedId !== null });
  if (!account || !app) {
    return null;
  }
  if (viewedId) {
    const member = viewed.data;
    // Until the member is loaded, a neutral name rather than the admin's own.
    return member
      ? {
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email ?? '',
          avatarUrl: member.avatarUrl,
        }
      : { firstName: '', lastName: '', email: '', avatarUrl: null };
  }
  return { ...account, avatarUrl: app.viewer?.avatarUrl ?? null };
}

/**
 * One language per person on both hosts: the app profile's own language or time zone, else the account's.
 * An admin viewing the app as a member keeps their own language.
 */
export function useAppLocale(app: RouterApp | null): void {
  const account = useAccount();
  const own = app && !app.masqueradeProfileId ? app.viewer : null;
  usePersonLocale(
    account ? (own?.language ?? account.language) : null,
    account ? (own?.timezone ?? account.timezone) : null,
  );
}

/**
 * The language chosen in the account menu on an app host: saved to the app profile when that profile has a
 * language of its own (it would override the account's otherwise), else to the account as on the service host.
 */
export function useProfileLanguageSaver(app: RouterApp | null): ((language: Language) => void) | null {
  const queryClient = useQueryClient();
  if (!app?.viewer?.language || app.masqueradeProfileId) {
    return null;
  }
  const appId = app.id;
  const slug = app.slug;
  return (language) => {
    void api
      .patch(`/apps/${appId}/profile`, { body: { language }, schema: profileSchema })
      .then(() => queryClient.invalidateQueries({ queryKey: currentAppQueryPrefix(slug) }));
  };
}

/** The app's icon as the tab's icon while the app is on screen; the product's icon comes back afterwards. */
export function useAppFavicon(iconUrl: string | null): void {
  useEffect(() => {
    if (!iconUrl) {
      return undefined;
    }
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
    const before = links.map((link) => ({
      link,
      href: link.getAttribute('href'),
      type: link.getAttribute('type'),
    }));
    let added: HTMLLinkElement | null = null;
    if (links.length === 0) {
      added = document.createElement('link');
      added.rel = 'icon';
      document.head.append(added);
      links.push(added);
    }
    for (const link of links) {
      link.setAttribute('href', iconUrl);
      link.setAttribute('type', 'image/png');
    }
    return () => {
      added?.remove();
      for (const { link, href, type } of before) {
        restoreAttribute(link, 'href', href);
        restoreAttribute(link, 'type', type);
      }
    };
  }, [iconUrl]);
}

function restoreAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) {
    element.removeAttribute(name);
  } else {
    element.setAttribute(name, value);
  }
}
