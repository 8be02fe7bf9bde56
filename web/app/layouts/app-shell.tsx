import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Group, Text } from '@mantine/core';
import { AccountMenu } from '../../features/account/account-menu';
import { useIsAuthenticated } from '../../features/auth/session/account-store';
import { Shell } from './shell';
import classes from './app-shell.module.css';

/** Until the workspace feature loads the app's name and logo, the slug stands in for both. */
function AppBrand({ slug }: { slug: string | undefined }) {
  if (!slug) {
    return null;
  }
  return (
    <Group gap={10} wrap="nowrap" className={classes.brand}>
      <span className={classes.initial} aria-hidden="true">
        {slug.charAt(0).toUpperCase()}
      </span>
      <Text component="span" className={classes.slug}>
        {slug}
      </Text>
    </Group>
  );
}

/** A branded app on the public domain or a custom domain. */
export function AppHostShell({ children }: { children?: ReactNode }) {
  const { appSlug } = useParams();
  const signedIn = useIsAuthenticated();
  return (
    <Shell
      testId="app-shell-app"
      homePath={appSlug ? `/${appSlug}` : '/'}
      brand={<AppBrand slug={appSlug} />}
      owner={appSlug ?? null}
      navItems={[]}
      account={signedIn ? <AccountMenu withAccountLinks={false} /> : null}
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}
