import { redirect } from 'react-router';
import { hasSession } from '../api/token-store';

const redirectKey = 'redirectAfterAuth';

export type GuardContext = {
  /** Sign-in route of this host: `/auth` or `/{appSlug}/auth`. */
  signInPath: string;
  /** Where signed-in people go from guest-only routes: `/projects` or the app's default route. */
  homePath: string;
};

function targetOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Spec §2: an auth route without a session remembers the target and goes to sign-in.
 * Returns the redirect for the loader to return, or null when the route may render.
 */
export function requireAuth(request: Request, context: GuardContext): Response | null {
  if (hasSession()) {
    return null;
  }
  try {
    window.sessionStorage.setItem(redirectKey, targetOf(request));
  } catch {
    // Without storage the person lands on the home route after signing in.
  }
  return redirect(context.signInPath);
}

/** Spec §2: guest-only routes send signed-in people home. Returns the redirect, or null. */
export function guestOnly(context: GuardContext): Response | null {
  return hasSession() ? redirect(context.homePath) : null;
}

/** The remembered target, once: the identity feature calls this after a successful sign-in. */
export function takeRedirectAfterAuth(): string | null {
  try {
    const target = window.sessionStorage.getItem(redirectKey);
    window.sessionStorage.removeItem(redirectKey);
    // Only paths of this origin: never an open redirect.
    return target?.startsWith('/') && !target.startsWith('//') ? target : null;
  } catch {
    return null;
  }
}
