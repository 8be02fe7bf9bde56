import { redirect } from 'react-router';
import { isAuthenticated } from '../kernel/session/account-store';
import { settleSession, withoutStashCode } from '../kernel/session/settle';
import { rememberRedirectAfterAuth } from '../kernel/redirect-after-auth';

export type GuardContext = {
  /** Sign-in route of this host: `/auth` or `/{appSlug}/auth`. */
  signInPath: string;
  /** Where signed-in people go from guest-only routes: `/projects` or the app's default route. */
  homePath: string;
};

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
