import { Button, SegmentedControl, Title } from '@mantine/core';
import { IconBellOff, IconChecks, IconMoodHappy, IconUserOff } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Notification } from '../../../../contracts/notifications';
import { ApiError } from '../../../api/api-error';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { usePageTitle } from '../../../kernel/use-page-title';
import {
  NotificationList,
  NotificationLoadError,
  NotificationSkeleton,
  NotificationState,
} from '../items/notification-list';
import {
  notificationCountersQuery,
  notificationListQuery,
  type NotificationFilter,
} from '../notifications-api';
import { useMarkAllNotificationsRead } from '../notifications-mutations';
import classes from './notifications-page.module.css';

const filterParam = 'filter';

/** The items of every loaded page, once each (a page may repeat an item that moved up meanwhile). */
function itemsOf(pages: readonly { data: Notification[] }[] | undefined): Notification[] {
  const byId = new Map<string, Notification>();
  for (const item of (pages ?? []).flatMap((page) => page.data)) {
    if (!byId.has(item.id)) {
      byId.set(item.id, item);
    }
  }
  return [...byId.values()];
}

/** `?filter=unread`: the filter lives in the address, so it survives a reload and the back button. */
function useFilter(): [NotificationFilter, (filter: NotificationFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter: NotificationFilter = params.get(filterParam) === 'unread' ? 'unread' : 'all';
  const setFilter = (next: NotificationFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') {
          updated.delete(filterParam);
        } else {
          updated.set(filterParam, next);
        }
        return updated;
      },
      { replace: true },
    );
  return [filter, setFilter];
}

/** `/{appSlug}/notifications` (ROUTE-132): every item, 20 at a time, all or unread only, mark all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [filter, setFilter] = useFilter();
  const list = useInfiniteQuery(notificationListQuery(app.id, filter));
  const counters = useQuery(notificationCountersQuery(app.id));
  const markAll = useMarkAllNotificationsRead(app.id);
  usePageTitle(t('notifications.title'));
  const items = itemsOf(list.data?.pages);
  const unread = counters.data?.notifications ?? items.filter((item) => !item.isRead).length;
  // Someone without a profile in the app (the project's team) has no list here.
  const noProfile = list.error instanceof ApiError && list.error.status === 404;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="notifications-page">
      <header className={classes.header}>
        <Title order={1} className={classes.title}>
          {t('notifications.title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconChecks size={18} stroke={1.8} />}
          disabled={unread === 0 || noProfile}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all"
        >
          {t('notifications.markAllRead')}
        </Button>
      </header>
      <div className={classes.card}>
        <div className={classes.toolbar}>
          <SegmentedControl
            value={filter}
            onChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}
            data={[
              { value: 'all', label: t('notifications.filter.all') },
              { value: 'unread', label: t('notifications.filter.unread') },
            ]}
            aria-label={t('notifications.filter.label')}
            radius="md"
            data-testid="notifications-filter"
          />
        </div>
        {list.isPending ? (
          <NotificationSkeleton rows={6} />
        ) : noProfile ? (
          <NotificationState
            order={2}
            icon={<IconUserOff size={26} stroke={1.6} />}
            title={t('notifications.noProfile.title')}
            text={t('notifications.noProfile.text')}
            testId="notifications-no-profile"
          />
        ) : list.isError && !list.data ? (
          <NotificationLoadError error={list.error} onRetry={() => void list.refetch()} order={2} />
        ) : items.length === 0 ? (
          filter === 'unread' ? (
            <NotificationState
              order={2}
              icon={<IconMoodHappy size={26} stroke={1.6} />}
              title={t('notifications.empty.unreadTitle')}
              text={t('notifications.empty.unreadText')}
              testId="notifications-empty"
            />
          ) : (
            <NotificationState
              order={2}
              icon={<IconBellOff size={26} stroke={1.6} />}
              title={t('notifications.empty.title')}
              text={t('notifications.empty.text')}
              testId="notifications-empty"
            />
          )
        ) : (
          <NotificationList items={items} label={t('notifications.title')} />
        )}
        {list.hasNextPage ? (
          <div className={classes.more}>
            <Button
              variant="default"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              data-testid="notifications-more"
            >
              {t('notifications.loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
