import { redirect } from 'react-router';
import { isAuthenticated } from '../features/auth/session/account-store';
import { settleSession, withoutStashCode } from '../features/auth/session/settle';

const redirectKey = 'redirectAfterAuth';

export type GuardContext = {
  /** Sign-in route of this host: `/auth` or `/{appSlug}/auth`. */
  signInPath: string;
  /** Where signed-in people go from guest-only routes: `/projects` or the app's default route. */
  homePath: string;
};

/** Remembers where to return after signing in (a path of this origin). */
export function rememberRedirectAfterAuth(target: string): void {
  try {
    window.sessionStorage.setItem(redirectKey, target);
  } catch {
    // Without storage the person lands on the home route after signing in.
  }
}

/**
 * Spec §2: an auth route without a session remembers the target and goes to sign-in.
 * Returns the redirect for the loader to return, or null when the route may render.
 */
export async function requireAuth(request: Request, context: GuardContext): Promise<Response | null> {
  await settleSession(request);
  if (isAuthenticated()) {
    return null;
  }
  rememberRedirectAfterAuth(withoutStashCode(new URL(request.url)));
  return redirect(context.signInPath);
}

/** Spec §2: guest-only routes send signed-in people home. Returns the redirect, or null. */
export async function guestOnly(request: Request, context: GuardContext): Promise<Response | null> {
  await settleSession(request);
  return isAuthenticated() ? redirect(context.homePath) : null;
}

/** The remembered target, once: the identity feature calls this after a successful sign-in. */
export function takeRedirectAfterAuth(): string | null {
  try {
    const target = window.sessionStorage.getItem(redirectKey);
    window.sessionStorage.removeItem(redirectKey);
    // Only paths of this origin: never an open redirect.
    return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
  } catch {
    return null;
  }
}
