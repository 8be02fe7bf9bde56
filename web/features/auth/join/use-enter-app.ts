import { useNavigate } from 'react-router';
import type { Session } from '../../../../contracts/auth';
import { useClientConfig } from '../../../kernel/client-config';
import { goToAddress } from '../../../kernel/go-to-address';
import { useHostKind } from '../../../kernel/host-context';
import { linkWithSession } from '../../../kernel/session/settle';
import { beginSignedIn } from '../use-finish-sign-in';

/**
 * After accepting an invitation: keep the session and open the app at `/{slug}`. On an app host that is a
 * route of this SPA; the service host has no app routes, so the session hops to the public domain with a stash
 * code. The returned promise stays open while the page is being replaced, so the button keeps spinning.
 */
export function useEnterApp(slug: string): (session: Session) => Promise<void> {
  const navigate = useNavigate();
  const hostKind = useHostKind();
  const config = useClientConfig();

  return async (session) => {
    beginSignedIn(session);
    const path = `/${slug}`;
    if (hostKind === 'app' || !config) {
      await navigate(path, { replace: true });
      return;
    }
    const target = `${window.location.protocol}//${config.publicDomain}${path}`;
    let address = target;
    try {
      address = await linkWithSession(target);
    } catch {
      // Without the stash the app asks to sign in once more; the invitation is accepted either way.
    }
    goToAddress(address);
    await new Promise<never>(() => {});
  };
}
