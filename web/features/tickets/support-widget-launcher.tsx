import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { IconMessageQuestion, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loadChunk } from '../../kernel/chunk';
import { appCan, type RouterApp } from '../../kernel/current-app';
import type { AppMenuContext } from '../../kernel/web-feature';
import { requestPaths } from './tickets-paths';
import classes from './support-widget-launcher.module.css';

// The launcher is in every app page's first load (the manifest); the panel, its form and the Mantine parts they
// need are a chunk of their own, fetched when the pointer or the focus reaches the button.
const loadPanel = () => loadChunk(() => import('./support-widget'));
const preloadPanel = () => void loadPanel().catch(() => undefined);
const SupportWidget = lazy(async () => ({ default: (await loadPanel()).SupportWidget }));

/** Members with a profile who may open requests, as themselves: the team works them elsewhere. */
export const mayOpenRequests = ({ app, signedIn, masquerading }: AppMenuContext) =>
  signedIn && !masquerading && app.viewer !== null && appCan(app, 'create_ticket') && !appCan(app, 'tickets');

const isRequestsPage = (pathname: string, slug: string) => {
  const list = requestPaths.list(slug);
  return pathname === list || pathname.startsWith(`${list}/`);
};

/** Marks the panel, so that closing it knows whether the focus was still inside. */
export const supportWidgetPanelAttribute = 'data-support-widget-panel';

function Launcher({ app, pathname }: { app: RouterApp; pathname: string }) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Open on the address it was opened on: following a link (a suggestion, "Meine Anfragen") closes it, and the
  // new page takes the focus.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const opened = openedOn === pathname;

  const handleToggle = (event: MouseEvent<HTMLButtonElement>) => {
    // Safari does not focus a clicked button.
    event.currentTarget.focus();
    setLoaded(true);
    setOpenedOn(opened ? null : pathname);
  };
  // The panel mounts already open the first time (its code arrives then), so it never saw what had the focus:
  // the launcher takes it back itself — unless the member has put it somewhere else on the page meanwhile.
  const handleClose = () => {
    setOpenedOn(null);
    window.setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest(`[${supportWidgetPanelAttribute}]`)) {
        buttonRef.current?.focus();
      }
    }, 0);
  };

  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={classes.launcher}
      aria-label={t('tickets.widget.launcher')}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={handleToggle}
      onPointerEnter={preloadPanel}
      onFocus={preloadPanel}
      data-testid="support-widget-launcher"
    >
      {opened ? <IconX size={24} stroke={2} /> : <IconMessageQuestion size={26} stroke={1.8} />}
    </button>
  );
  return (
    <div className={classes.spot} data-testid="support-widget">
      {loaded ? (
        <Suspense fallback={button}>
          <SupportWidget app={app} opened={opened} onClose={handleClose} launcher={button} />
        </Suspense>
      ) : (
        button
      )}
    </div>
  );
}

/**
 * The app shell's floating "Hilfe & Support" button (an overlay of the tickets' manifest): a new request without
 * leaving the page, for members who may open one. Not on their requests' own pages, which offer the same.
 */
export function SupportWidgetLauncher({ context }: { context: AppMenuContext }) {
  const { pathname } = useLocation();
  if (!mayOpenRequests(context) || isRequestsPage(pathname, context.app.slug)) {
    return null;
  }
  return <Launcher app={context.app} pathname={pathname} />;
}
