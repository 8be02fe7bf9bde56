import type { ReactNode } from 'react';
import { Button, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../../contracts/notifications';
import { errorTextKey } from '../../../api/notify-error';
import { useCurrentApp } from '../../../kernel/current-app';
import { useMarkNotificationRead } from '../notifications-mutations';
import { NotificationItem } from './notification-item';
import { notificationTarget } from './notification-target';
import classes from './notification-item.module.css';
import stateClasses from './notification-states.module.css';

type NotificationListProps = {
  items: readonly Notification[];
  /** After an item was opened (the panel closes). */
  onOpened?: () => void;
  label: string;
};

/** Items in order; opening one marks it read at once and follows its link. */
export function NotificationList({ items, onOpened, label }: NotificationListProps) {
  const app = useCurrentApp();
  const markRead = useMarkNotificationRead(app.id);
  const handleOpen = (item: Notification) => {
    if (!item.isRead) {
      markRead.mutate(item.id);
    }
    onOpened?.();
  };
  return (
    <ul className={classes.list} aria-label={label} data-testid="notification-list">
      {items.map((item) => (
        <NotificationItem
          key={item.id}
          item={item}
          to={notificationTarget(app.slug, item)}
          onOpen={handleOpen}
        />
      ))}
    </ul>
  );
}

/** Grey rows in the shape of items while the list loads. */
export function NotificationSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={stateClasses.skeletons} role="status" aria-label={t('notifications.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={stateClasses.skeletonRow}>
          <Skeleton circle height={44} />
          <div className={stateClasses.skeletonText}>
            <Skeleton height={12} radius="xl" width="90%" />
            <Skeleton height={12} radius="xl" width="60%" />
            <Skeleton height={10} radius="xl" width="25%" />
          </div>
        </div>
      ))}
    </div>
  );
}

type StateProps = {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  /** The heading's level in its place: `h2` on the page, `h3` in the panel below its `h2`. */
  order: 2 | 3;
  testId?: string;
};

/** An empty or failed list, said in words. */
export function NotificationState({ icon, title, text, action, order, testId }: StateProps) {
  return (
    <div className={stateClasses.state} data-testid={testId}>
      <ThemeIcon size={52} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Title order={order} className={stateClasses.stateTitle}>
        {title}
      </Title>
      <Text className={stateClasses.stateText}>{text}</Text>
      {action}
    </div>
  );
}

/** A list that failed to load, with a retry. */
export function NotificationLoadError({
  error,
  onRetry,
  order,
}: {
  error: unknown;
  onRetry: () => void;
  order: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <NotificationState
      order={order}
      icon={<IconAlertTriangle size={26} stroke={1.6} />}
      title={t('notifications.error.title')}
      text={t(errorTextKey(error))}
      action={
        <Button variant="default" leftSection={<IconRefresh size={18} stroke={1.8} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      testId="notifications-error"
    />
  );
}
