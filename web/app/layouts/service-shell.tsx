import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { AccountMenu } from '../../features/account';
import { productName } from '../../kernel/brand';
import { usePersonLocale } from '../../kernel/person-locale';
import { useAccount, useIsAuthenticated } from '../../kernel/session/account-store';
import { menuEntries } from '../features';
import { RouteErrorBoundary } from '../route-error-boundary';
import { Shell } from './shell';

/** Provider-level screens on the service host; the menus come from the features' manifests. */
export function ServiceShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const account = useAccount();
  // One language per person: the account's, on every host (the app host adds the profile's own choice).
  usePersonLocale(account?.language ?? null, account?.timezone ?? null);
  const context = { signedIn };
  const accountLinks = menuEntries('serviceAccount', context).map((entry) => ({
    ...entry,
    label: t(entry.label),
  }));
  return (
    <Shell
      testId="app-shell-service"
      homePath="/"
      brand={<Logo name={productName} />}
      owner={productName}
      navItems={menuEntries('serviceMain', context)}
      account={signedIn ? <AccountMenu links={accountLinks} /> : null}
      // Legal links come from the deployment's configuration once the server provides them.
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}

/** A route of the service host failed to load or render: the message inside the shell. */
export function ServiceShellErrorBoundary() {
  return (
    <ServiceShell>
      <RouteErrorBoundary />
    </ServiceShell>
  );
}
