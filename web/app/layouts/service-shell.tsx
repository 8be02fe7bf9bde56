import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { IconLayoutGrid, IconLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/account/account-menu';
import { accountPaths } from '../../features/account/account-paths';
import { useIsAuthenticated } from '../../features/auth/session/account-store';
import { productName } from '../brand';
import { Shell } from './shell';
import type { NavItem } from './shell-header';

const signedInNav: NavItem[] = [
  { to: '/projects', label: 'common.nav.projects', icon: IconLayoutGrid, end: true },
];

/** Provider-level screens on the service host. */
export function ServiceShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const accountLinks = [
    { to: accountPaths.profile, label: t('account.nav.profile'), icon: IconUserCircle },
    { to: accountPaths.password, label: t('account.nav.password'), icon: IconLock },
  ];
  return (
    <Shell
      testId="app-shell-service"
      homePath="/"
      brand={<Logo name={productName} />}
      owner={productName}
      navItems={signedIn ? signedInNav : []}
      account={signedIn ? <AccountMenu links={accountLinks} /> : null}
      // Legal links come from the deployment's configuration once the server provides them.
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}
