import { createContext, useContext } from 'react';

/**
 * The person an app is shown for, as the app host's shell resolved it: the signed-in account with its photo
 * in this app, or — while an admin masquerades — the member viewed. Greetings and avatars read it, so they
 * never show the admin while the banner says someone else is viewed.
 */
export type AppViewerPerson = {
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
};

export const AppViewerContext = createContext<AppViewerPerson | null>(null);

/** The person the current app is shown for; null for guests and outside an app. */
export function useAppViewerPerson(): AppViewerPerson | null {
  return useContext(AppViewerContext);
}
