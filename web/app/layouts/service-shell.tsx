import type { ReactNode } from 'react';
import { IconHome } from '@tabler/icons-react';
import { useStore } from 'zustand';
import { Logo } from '../../components/logo';
import { tokenStore } from '../../api/token-store';
import { productName } from '../brand';
import { Shell } from './shell';
import type { NavItem } from './shell-header';

const signedInNav: NavItem[] = [{ to: '/', label: 'common.nav.home', icon: IconHome, end: true }];

/** Provider-level screens on the service host. */
export function ServiceShell({ children }: { children?: ReactNode }) {
  const signedIn = useStore(tokenStore, (session) => session.accessToken !== null);
  return (
    <Shell
      testId="app-shell-service"
      homePath="/"
      brand={<Logo name={productName} />}
      owner={productName}
      navItems={signedIn ? signedInNav : []}
      // Legal links come from the deployment's configuration once the server provides them.
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}
