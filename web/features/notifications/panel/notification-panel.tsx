// The bell's panel, a lazy chunk of its own: the latest items, "mark all read" and the way to the whole list.
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import { useId } from 'react';
import { Anchor, Button, Drawer, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../../kernel/current-app';
import {
  NotificationList,
  NotificationLoadError,
  NotificationSkeleton,
  NotificationState,
} from '../items/notification-list';
import { notificationCountersQuery, notificationListQuery } from '../notifications-api';
import { useMarkAllNotificationsRead } from '../notifications-mutations';
import { notificationsPath } from '../notifications-paths';
import classes from './notification-panel.module.css';

type PanelProps = {
  /** The reader follows a link out of the panel: it closes, and the new page takes the focus. */
  onNavigate: () => void;
  /** The panel names itself (in the popover); the drawer's title does it on the phone. */
  withTitle?: boolean;
};

/** The latest items (the list's first page), "Alle als gelesen markieren" and "Alle anzeigen". */
export function NotificationPanel({ onNavigate, withTitle = true }: PanelProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const titleId = useId();
  const list = useInfiniteQuery(notificationListQuery(app.id, 'all'));
  const counters = useQuery(notificationCountersQuery(app.id));
  const markAll = useMarkAllNotificationsRead(app.id);
  const items = list.data?.pages[0]?.data ?? [];
  const unread = counters.data?.notifications ?? items.filter((item) => !item.isRead).length;

  return (
    <section
      className={classes.panel}
      aria-labelledby={withTitle ? titleId : undefined}
      data-testid="notification-panel"
    >
      <header className={classes.head} data-bare={!withTitle || undefined}>
        {withTitle ? (
          <Title order={2} id={titleId} className={classes.title}>
            {t('notifications.title')}
          </Title>
        ) : null}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChecks size={16} stroke={1.8} />}
          disabled={unread === 0}
          className={classes.markAll}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all"
        >
          {t('notifications.markAllRead')}
        </Button>
      </header>
      <div className={classes.scroll}>
        {list.isPending ? (
          <NotificationSkeleton rows={4} />
        ) : list.isError && !list.data ? (
          <NotificationLoadError error={list.error} onRetry={() => void list.refetch()} order={3} />
        ) : items.length === 0 ? (
          <NotificationState
            order={3}
            icon={<IconBellOff size={24} stroke={1.6} />}
            title={t('notifications.empty.title')}
            text={t('notifications.empty.text')}
            testId="notifications-empty"
          />
        ) : (
          <NotificationList items={items} onOpened={onNavigate} label={t('notifications.title')} />
        )}
      </div>
      <footer className={classes.foot}>
        <Anchor
          component={Link}
          to={notificationsPath(app.slug)}
          onClick={onNavigate}
          className={classes.showAll}
          data-testid="notifications-show-all"
        >
          {t('notifications.panel.showAll')}
        </Anchor>
      </footer>
    </section>
  );
}

type DrawerProps = PanelProps & { opened: boolean; onClose: () => void };

/** On the phone the panel fills the screen. Closed, it gives the focus back through `onClose`. */
export function NotificationDrawer({ opened, onClose, onNavigate }: DrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="100%"
      title={t('notifications.title')}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('notifications.panel.close') }}
      classNames={{ body: classes.drawerBody, title: classes.drawerTitle }}
      data-testid="notification-drawer"
    >
      <NotificationPanel onNavigate={onNavigate} withTitle={false} />
    </Drawer>
  );
}
