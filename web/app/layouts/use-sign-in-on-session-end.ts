import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { tokenStore } from '../../api/token-store';
import { useHostPaths } from '../host-context';

/** Spec §8: when the session ends (a refresh failed, or sign-out), go to sign-in. */
export function useSignInOnSessionEnd(): void {
  const navigate = useNavigate();
  const { auth } = useHostPaths();
  useEffect(
    () =>
      tokenStore.subscribe((session, previous) => {
        if (previous.accessToken !== null && session.accessToken === null) {
          void navigate(auth, { replace: true });
        }
      }),
    [navigate, auth],
  );
}
