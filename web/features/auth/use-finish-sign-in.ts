import { useNavigate } from 'react-router';
import type { Session } from '../../../contracts/auth';
import { takeRedirectAfterAuth } from '../../kernel/redirect-after-auth';
import { useHostPaths } from '../../kernel/host-context';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { startSession } from '../../kernel/session/session';

/** Keeps the session of a successful sign-in step and switches to the account's language. */
export function beginSignedIn(session: Session): void {
  startSession(session);
  if (session.account.language !== currentLanguage()) {
    void setLanguage(session.account.language);
  }
}

/**
 * After any successful sign-in step: keep the session, speak the account's language, and go to the
 * remembered target, else `/projects` (service host) or the app's default route.
 */
export function useFinishSignIn(): (session: Session) => void {
  const navigate = useNavigate();
  const { afterAuth } = useHostPaths();
  return (session) => {
    beginSignedIn(session);
    void navigate(takeRedirectAfterAuth() ?? afterAuth, { replace: true });
  };
}
