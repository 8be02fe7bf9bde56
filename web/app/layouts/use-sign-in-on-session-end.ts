import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tokenStore } from '../../api/token-store';
import { sessionEndReason } from '../../kernel/session/session';
import { rememberRedirectAfterAuth } from '../../kernel/redirect-after-auth';
import { useHostPaths } from '../../kernel/host-context';

/**
 * Spec §4/§8: when the session ends, go to sign-in. After an expired session (a refresh failed) the current
 * page is remembered, so signing in again returns there; after signing out it is not.
 */
export function useSignInOnSessionEnd(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { auth } = useHostPaths();
  const current = useRef('');
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    current.current = here;
  }, [here]);

  useEffect(
    () =>
      tokenStore.subscribe((session, previous) => {
        if (previous.accessToken !== null && session.accessToken === null) {
          if (sessionEndReason() === 'expired') {
            rememberRedirectAfterAuth(current.current);
          }
          void navigate(auth, { replace: true });
        }
      }),
    [navigate, auth],
  );
}
