import { createContext, useContext, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AbilityName } from '../../contracts/abilities';
import type { RouterApp } from '../../contracts/router';

export type { RouterApp };
export type AppAbility = AbilityName<'app'>;

// ---------- masquerade (spec §6: an admin views the app as one of its members) ----------

/** The header the server reads the viewed member from (server/platform/auth.ts). */
export const masqueradeHeader = 'x-masquerade-profile';

/**
 * The member an admin views the app as, kept per app for this browser tab (sessionStorage). Keyed by the
 * slug: the app shell needs it for `GET /router`, before it knows the app's id.
 */
const masqueradeKey = (slug: string) => `masquerade:${slug}`;
const masqueradeListeners = new Set<() => void>();

export function masqueradeProfileOf(slug: string): string | null {
  try {
    return window.sessionStorage.getItem(masqueradeKey(slug));
  } catch {
    return null;
  }
}

function changeMasquerade(slug: string, profileId: string | null): void {
  try {
    if (profileId) {
      window.sessionStorage.setItem(masqueradeKey(slug), profileId);
    } else {
      window.sessionStorage.removeItem(masqueradeKey(slug));
    }
  } catch {
    // Without storage there is no masquerade: the server never sees the header.
  }
  masqueradeListeners.forEach((listener) => listener());
}

/** Every cached answer was given as the viewed member, except the deployment's configuration. */
export function forgetAnswersOfViewer(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'client-config' });
}

export const startMasquerade = (slug: string, profileId: string) => changeMasquerade(slug, profileId);
export const endMasquerade = (slug: string) => changeMasquerade(slug, null);

/** The viewed member's id while an admin masquerades in this app; re-renders on start and end. */
export function useMasqueradeProfileId(slug: string): string | null {
  return useSyncExternalStore(
    (listener) => {
      masqueradeListeners.add(listener);
      return () => masqueradeListeners.delete(listener);
    },
    () => masqueradeProfileOf(slug),
    () => null,
  );
}

/** The headers every API call of this app carries: the viewed member while masquerading. */
export function appRequestHeaders(slug: string): Record<string, string> {
  const profileId = masqueradeProfileOf(slug);
  return profileId ? { [masqueradeHeader]: profileId } : {};
}

// ---------- the app of the address ----------

/** Every cached router answer of an app, whoever asked: refreshed after its settings change. */
export const currentAppQueryPrefix = (slug: string) => ['router', slug] as const;

export const CurrentAppContext = createContext<RouterApp | null>(null);

/** The app of the app host's current address, or null outside an app (the service host, `/` of an app host). */
export function useOptionalCurrentApp(): RouterApp | null {
  return useContext(CurrentAppContext);
}

/** The app of the current address; only for screens below `/:appSlug`, where the app shell resolved it. */
export function useCurrentApp(): RouterApp {
  const app = useContext(CurrentAppContext);
  if (!app) {
    throw new Error('useCurrentApp() is used outside an app: the app shell provides it under /:appSlug.');
  }
  return app;
}

/** Whether the caller holds an app ability (spec §6); the server decides, the screens only hide. */
export function appCan(app: Pick<RouterApp, 'permissions'>, ability: AppAbility): boolean {
  return app.permissions.can.includes(ability);
}

/** The app's start route: the app root until the services have screens of their own. */
export const appHomePath = (slug: string) => `/${slug}`;
