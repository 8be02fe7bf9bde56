import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { ActionIcon, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NotificationCounters } from '../../../../contracts/notifications';
import { loadChunk } from '../../../kernel/chunk';
import type { RouterApp } from '../../../kernel/current-app';
import { realtimeConnectedEvent, useRealtimeEvent } from '../../../kernel/realtime';
import { useAccount, useIsAuthenticated } from '../../../kernel/session/account-store';
import { useIsMobile } from '../../../kernel/ui-store';
import { refreshPushSubscription } from '../../app-profile';
import { notificationCountersQuery, notificationKeys } from '../notifications-api';
import classes from './notification-bell.module.css';

// The panel is a chunk of its own, fetched when the pointer or the focus reaches the bell.
const loadPanel = () => loadChunk(() => import('../panel/notification-panel'));
const preloadPanel = () => void loadPanel().catch(() => undefined);
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));
const NotificationDrawer = lazy(async () => ({ default: (await loadPanel()).NotificationDrawer }));

/** The badge's text: the count, capped. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

const isCountersEvent = (payload: unknown): payload is NotificationCounters =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as { notifications?: unknown }).notifications === 'number';

/** Who has a notification list in the app: a signed-in member with a profile, as themselves, not blocked. */
export function hasNotifications(app: RouterApp | null, signedIn: boolean): app is RouterApp {
  return Boolean(signedIn && app?.viewer && !app.masqueradeProfileId && app.viewer.sanction !== 'blocked');
}

/**
 * The bell in the app's header: the unread count, kept live by the realtime `counters` event (which also says
 * the list changed), and the latest items in a popover (desktop) or a full-screen drawer (phone).
 */
function Bell({ app }: { app: RouterApp }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const counters = useQuery(notificationCountersQuery(app.id));
  const [opened, setOpened] = useState(false);
  // Closing by following a link leaves the focus to the new page; closing otherwise gives it back to the bell.
  const [returnFocus, setReturnFocus] = useState(true);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  // The same event carries the community's post counters (`{ posts: true }`); only a number is the badge.
  useRealtimeEvent('counters', (payload) => {
    if (isCountersEvent(payload)) {
      const key = notificationKeys.counters(app.id);
      // A read still on its way (e.g. the one started at connect) began before this count: it must not land
      // after it and put the older number back.
      void queryClient.cancelQueries({ queryKey: key }).then(() => {
        queryClient.setQueryData<NotificationCounters>(key, { notifications: payload.notifications });
      });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(app.id) });
    }
  });

  // The browser may have replaced its push subscription while no page was open: the server gets the current one.
  const accountId = useAccount()?.id ?? null;
  useEffect(() => {
    if (accountId) {
      void refreshPushSubscription(app.id, app.slug, accountId).catch(() => undefined);
    }
  }, [app.id, app.slug, accountId]);

  // A badge read before the socket listened may have missed an event: read it again once it listens.
  useRealtimeEvent(realtimeConnectedEvent, () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all(app.id) });
  });

  const unread = counters.data?.notifications ?? 0;
  const label =
    unread > 0 ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.bell.label');
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    // Safari does not focus a clicked button; the panel gives the focus back to what had it when it opened.
    event.currentTarget.focus();
    setReturnFocus(true);
    setDrawerLoaded(true);
    setOpened((open) => !open);
  };
  const bellRef = useRef<HTMLButtonElement>(null);
  // The drawer mounts already open the first time (its code arrives then), so it never saw what had the focus:
  // the bell takes it back itself.
  const closeDrawer = () => {
    setOpened(false);
    window.setTimeout(() => bellRef.current?.focus(), 0);
  };
  const closeForNavigation = () => {
    setReturnFocus(false);
    setOpened(false);
  };

  const button = (
    <ActionIcon
      ref={bellRef}
      variant="subtle"
      color="gray"
      size="lg"
      radius="md"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={opened}
      onClick={toggle}
      onPointerEnter={preloadPanel}
      onFocus={preloadPanel}
      data-testid="notification-bell"
    >
      <IconBell size={20} stroke={1.7} />
    </ActionIcon>
  );
  const badge =
    unread > 0 ? (
      <span className={classes.badge} aria-hidden="true" data-testid="notification-badge">
        {badgeText(unread)}
      </span>
    ) : null;

  if (isMobile) {
    return (
      <span className={classes.bell}>
        {button}
        {badge}
        {drawerLoaded ? (
          <Suspense fallback={null}>
            <NotificationDrawer opened={opened} onClose={closeDrawer} onNavigate={closeForNavigation} />
          </Suspense>
        ) : null}
      </span>
    );
  }
  return (
    <span className={classes.bell}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        offset={10}
        width={420}
        shadow="lg"
        radius="lg"
        trapFocus
        returnFocus={returnFocus}
        withinPortal
      >
        <Popover.Target>{button}</Popover.Target>
        <Popover.Dropdown className={classes.dropdown}>
          <Suspense fallback={<div className={classes.fallback} />}>
            <NotificationPanel onNavigate={closeForNavigation} />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      {badge}
    </span>
  );
}

/** The bell for those who have notifications in this app; nothing for everyone else. */
export function NotificationBell({ app }: { app: RouterApp | null }) {
  const signedIn = useIsAuthenticated();
  return hasNotifications(app, signedIn) ? <Bell app={app} /> : null;
}
