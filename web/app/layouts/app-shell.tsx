import { useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, Button, MantineThemeProvider, Tooltip } from '@mantine/core';
import { IconCloudOff, IconPalette, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { setHeadersProvider } from '../../api/client';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { NotFoundMessage } from '../../components/not-found-message';
import { AccountMenu } from '../../features/account';
import { NotificationBell } from '../../features/notifications';
import { AppViewerContext } from '../../kernel/app-viewer';
import { useRealtimeConnection } from '../../kernel/realtime';
import { useAccount, useIsAuthenticated } from '../../kernel/session/account-store';
import {
  appRequestHeaders,
  CurrentAppContext,
  endMasquerade,
  useMasqueradeProfileId,
  type RouterApp,
} from '../../kernel/current-app';
import { currentAppQuery } from '../../kernel/current-app-query';
import { layout } from '../../kernel/layout-sizes';
import { appColorCss, appColorTheme } from '../theme';
import { useIsMobile } from '../../kernel/ui-store';
import { appOverlays, menuEntries } from '../features';
import { RouteErrorBoundary } from '../route-error-boundary';
import { appMenuItems, appSettingsPath, desktopMenuLayoutOf, showsThemeEntry } from './app-menu';
import { AppBottomNav, AppSecondaryNav, AppSideNav } from './app-nav';
import { MasqueradeBanner } from './masquerade-banner';
import { useIsImmersiveRoute, useRouteWithoutOverlays } from '../../kernel/route-handle';
import { mainContentId, useFocusPageOnNavigation } from '../../kernel/route-focus';
import { AppBrand } from './app-brand';
import { useAppFavicon, useAppLocale, useAppViewerPerson, useProfileLanguageSaver } from './app-viewer';
import { BlockedMessage } from './blocked-message';
import { ShellFooter } from './shell-footer';
import { ShellHeader } from './shell-header';
import { SkipLink } from './skip-link';
import { useSignInOnSessionEnd } from './use-sign-in-on-session-end';
import shellClasses from './shell.module.css';
import classes from './app-shell.module.css';

/** The owner's way to the app's look (spec §6: owner only, never while masquerading). */
function ThemeEntry({ slug }: { slug: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('appSettings.menu.theme')}>
      <ActionIcon
        component={Link}
        to={`${appSettingsPath(slug)}/general#design`}
        variant="subtle"
        color="gray"
        size={38}
        radius="md"
        aria-label={t('appSettings.menu.theme')}
        data-testid="theme-entry"
      >
        <IconPalette size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The app's primary colour for everything below, portals included (spec §3 theme fields). */
function AppColors({ color, children }: { color: string | undefined; children: ReactNode }) {
  const override = useMemo(() => (color ? appColorTheme(color) : null), [color]);
  const css = useMemo(() => (color ? appColorCss(color) : null), [color]);
  if (!override || !css) {
    return children;
  }
  return (
    <MantineThemeProvider theme={override}>
      <style data-testid="app-colors">{css}</style>
      {children}
    </MantineThemeProvider>
  );
}

type FrameProps = { app: RouterApp | null; slug: string | undefined; children?: ReactNode };

/** Everything around one app's screens: banner, header, the app's menu in its layout, footer. */
function AppFrame({ app, slug, children }: FrameProps) {
  const signedIn = useIsAuthenticated();
  const isMobile = useIsMobile();
  const immersive = useIsImmersiveRoute();
  const withoutOverlays = useRouteWithoutOverlays();
  const { t } = useTranslation();
  useSignInOnSessionEnd();
  const mainRef = useRef<HTMLElement>(null);
  useFocusPageOnNavigation(mainRef);

  const masquerading = Boolean(app?.masqueradeProfileId);
  // Members listen to their app's events; an admin viewing the app as someone else does not.
  const listens = signedIn && app && !masquerading && app.permissions.can.includes('view_posts');
  useRealtimeConnection(listens ? app.id : null);
  const menuInput = app ? { app, signedIn, masquerading } : null;
  const items = menuInput && !immersive ? appMenuItems(menuInput) : [];
  // A menu of one entry is the brand link again.
  const menu = items.length > 1 ? items : [];
  const menuLayout = desktopMenuLayoutOf(app);
  const themeEntry = menuInput && slug && showsThemeEntry(menuInput) ? <ThemeEntry slug={slug} /> : null;
  const accountLinks = slug
    ? menuEntries('appAccount', { slug }).map((entry) => ({ ...entry, label: t(entry.label) }))
    : [];
  const person = useAppViewerPerson(app);
  const saveProfileLanguage = useProfileLanguageSaver(app);
  useAppLocale(app);
  useAppFavicon(app?.appIconUrl ?? null);
  const account =
    signedIn && app ? (
      <AccountMenu links={accountLinks} person={person} onLanguage={saveProfileLanguage} />
    ) : null;

  const sizes = {
    '--shell-header-height': `${isMobile ? layout.mobileHeaderHeight : layout.headerHeight}px`,
    '--shell-footer-height': `${isMobile ? layout.mobileFooterHeight : layout.footerHeight}px`,
    '--shell-container-width': `${layout.containerWidth}px`,
  } as CSSProperties;
  // A blocked member is told so, instead of meeting screens that each refuse without saying why.
  const content =
    app?.viewer?.sanction === 'blocked' ? (
      <BlockedMessage app={app} masquerading={masquerading} />
    ) : (
      <AppViewerContext value={person}>{children ?? <Outlet />}</AppViewerContext>
    );
  const side = !isMobile && menuLayout === 'left' && menu.length > 0;

  return (
    <div
      className={`${shellClasses.shell} ${classes.frame}`}
      data-testid="app-shell-app"
      data-mobile={isMobile || undefined}
      data-immersive={immersive || undefined}
      data-menu-layout={menuLayout}
      data-bottom-nav={(isMobile && menu.length > 0) || undefined}
      style={sizes}
    >
      <SkipLink mainRef={mainRef} />
      {app?.masqueradeProfileId ? <MasqueradeBanner app={app} profileId={app.masqueradeProfileId} /> : null}
      <ShellHeader
        homePath={slug ? `/${slug}` : '/'}
        brand={slug ? <AppBrand app={app} /> : null}
        navItems={menuLayout === 'top' ? menu : []}
        isMobile={isMobile}
        account={
          account || themeEntry ? (
            <>
              {themeEntry}
              <NotificationBell app={app} />
              {account}
            </>
          ) : null
        }
      />
      {!isMobile && menuLayout === 'second' && menu.length > 0 ? <AppSecondaryNav items={menu} /> : null}
      <main ref={mainRef} id={mainContentId} className={shellClasses.main}>
        {side ? (
          <div className={`${shellClasses.container} ${classes.withSide}`}>
            <AppSideNav items={menu} />
            <div className={`${shellClasses.main} ${classes.sideContent}`}>{content}</div>
          </div>
        ) : (
          <div className={`${shellClasses.container} ${shellClasses.main}`}>{content}</div>
        )}
      </main>
      <ShellFooter owner={app?.name ?? null} legalLinks={[]} isMobile={isMobile} />
      {isMobile && menu.length > 0 ? <AppBottomNav items={menu} /> : null}
      {menuInput && !withoutOverlays
        ? appOverlays().map(({ key, Overlay }) => <Overlay key={key} context={menuInput} />)
        : null}
    </div>
  );
}

/** The address the router call resolves: the one in the browser, also under a memory router (tests). */
function useAddress(): string {
  const location = useLocation();
  return new URL(`${location.pathname}${location.search}`, window.location.origin).href;
}

/** While an app is on screen, every API call carries its masquerade header (if any). */
function useAppRequestHeaders(slug: string): void {
  useEffect(() => setHeadersProvider(() => appRequestHeaders(slug)), [slug]);
}

/** `/:appSlug/*`: resolves the app (404 → not-found) and provides it to every screen below. */
function ResolvedApp({ slug, children }: { slug: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const address = useAddress();
  const accountId = useAccount()?.id ?? null;
  const masqueradeProfileId = useMasqueradeProfileId(slug);
  const query = useQuery(currentAppQuery(slug, address, accountId, masqueradeProfileId));
  useAppRequestHeaders(slug);

  const refused = query.error instanceof ApiError && query.error.status === 403;
  useEffect(() => {
    // The server no longer lets this person view the app as someone else: back to their own view.
    if (refused && masqueradeProfileId) {
      endMasquerade(slug);
    }
  }, [refused, masqueradeProfileId, slug]);

  if (query.data) {
    return (
      <CurrentAppContext value={query.data}>
        <AppColors color={query.data.theme.primaryColor}>
          <AppFrame app={query.data} slug={slug}>
            {children}
          </AppFrame>
        </AppColors>
      </CurrentAppContext>
    );
  }
  if (query.isError && !(refused && masqueradeProfileId)) {
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

/** A route of an app failed to load or render: the message inside the app's shell. */
export function AppHostShellErrorBoundary() {
  return (
    <AppHostShell>
      <RouteErrorBoundary />
    </AppHostShell>
  );
}
