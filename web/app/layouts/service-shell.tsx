import type { ReactNode } from 'react';
import { IconLayoutGrid } from '@tabler/icons-react';
import { Logo } from '../../components/logo';
import { AccountMenu } from '../../features/account/account-menu';
import { useIsAuthenticated } from '../../features/auth/session/account-store';
import { productName } from '../brand';
import { Shell } from './shell';
import type { NavItem } from './shell-header';

const signedInNav: NavItem[] = [
  { to: '/projects', label: 'common.nav.projects', icon: IconLayoutGrid, end: true },
];

/** Provider-level screens on the service host. */
export function ServiceShell({ children }: { children?: ReactNode }) {
  const signedIn = useIsAuthenticated();
  return (
    <Shell
      testId="app-shell-service"
      homePath="/"
      brand={<Logo name={productName} />}
      owner={productName}
      navItems={signedIn ? signedInNav : []}
      account={signedIn ? <AccountMenu withAccountLinks /> : null}
      // Legal links come from the deployment's configuration once the server provides them.
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}
