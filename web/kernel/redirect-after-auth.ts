const redirectKey = 'redirectAfterAuth';

/** Remembers where to return after signing in (a path of this origin). */
export function rememberRedirectAfterAuth(target: string): void {
  try {
    window.sessionStorage.setItem(redirectKey, target);
  } catch {
    // Without storage the person lands on the home route after signing in.
  }
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
