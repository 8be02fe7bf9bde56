import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { NotFoundMessage } from '../../components/not-found-message';
import { AccountMenu } from '../../features/account/account-menu';
import { useAppAccountLinks } from '../../features/app-profile/app-profile-paths';
import { useAccount, useIsAuthenticated } from '../../features/auth/session/account-store';
import { CurrentAppContext, currentAppQuery, type RouterApp } from '../current-app';
import { Shell } from './shell';
import classes from './app-shell.module.css';

/** The app's initial and name; the logo joins once apps have one. */
function AppBrand({ name }: { name: string | null }) {
  return (
    <Group gap={10} wrap="nowrap" className={classes.brand}>
      <span className={classes.initial} aria-hidden="true">
        {name ? name.trim().charAt(0).toUpperCase() : ''}
      </span>
      {name === null ? (
        <span className={classes.namePlaceholder} aria-hidden="true" />
      ) : (
        <Text component="span" className={classes.name} data-testid="app-name">
          {name}
        </Text>
      )}
    </Group>
  );
}

function AccountLinks() {
  const links = useAppAccountLinks();
  return <AccountMenu links={links} />;
}

type FrameProps = { app: RouterApp | null; slug: string | undefined; children?: ReactNode };

/** The shell around everything of one app: its name in the header and footer, the account menu. */
function AppFrame({ app, slug, children }: FrameProps) {
  const signedIn = useIsAuthenticated();
  return (
    <Shell
      testId="app-shell-app"
      homePath={slug ? `/${slug}` : '/'}
      brand={slug ? <AppBrand name={app?.name ?? null} /> : null}
      owner={app?.name ?? null}
      navItems={[]}
      account={signedIn && app ? <AccountLinks /> : null}
      legalLinks={[]}
    >
      {children}
    </Shell>
  );
}

/** The address the router call resolves: the one in the browser, also under a memory router (tests). */
function useAddress(): string {
  const location = useLocation();
  return new URL(`${location.pathname}${location.search}`, window.location.origin).href;
}

/** `/:appSlug/*`: resolves the app (404 → not-found) and provides it to every screen below. */
function ResolvedApp({ slug, children }: { slug: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const address = useAddress();
  const accountId = useAccount()?.id ?? null;
  const query = useQuery(currentAppQuery(slug, address, accountId));

  if (query.data) {
    return (
      <CurrentAppContext value={query.data}>
        <AppFrame app={query.data} slug={slug}>
          {children}
        </AppFrame>
      </CurrentAppContext>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <AppFrame app={null} slug={undefined}>
        {notFound ? (
          <NotFoundMessage />
        ) : (
          <FullPageMessage
            data-testid="app-unreachable"
            color="red"
            icon={<IconCloudOff size={32} stroke={1.6} />}
            title={t('app.unreachable.title')}
            text={t('app.unreachable.text')}
            actions={
              <Button
                size="md"
                leftSection={<IconRefresh size={18} stroke={1.8} />}
                loading={query.isFetching}
                onClick={() => void query.refetch()}
              >
                {t('common.retry')}
              </Button>
            }
          />
        )}
      </AppFrame>
    );
  }
  return (
    <AppFrame app={null} slug={slug}>
      <FullPageLoader fullScreen={false} />
    </AppFrame>
  );
}

/** A branded app on the public domain or a custom domain. */
export function AppHostShell({ children }: { children?: ReactNode }) {
  const { appSlug } = useParams();
  if (!appSlug) {
    return (
      <AppFrame app={null} slug={undefined}>
        {children}
      </AppFrame>
    );
  }
  return <ResolvedApp slug={appSlug}>{children}</ResolvedApp>;
}
