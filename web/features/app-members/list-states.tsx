import type { ReactNode } from 'react';
import { Button, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './app-members.module.css';

/** Grey rows while a list loads for the first time. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className={classes.skeleton} data-testid="list-loading" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.skeletonRow}>
          <Skeleton circle height={36} />
          <div className={classes.skeletonText}>
            <Skeleton height={12} width="40%" radius="xl" />
            <Skeleton height={10} width="25%" radius="xl" mt={8} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className={classes.empty} data-testid="list-empty">
      <span className={classes.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <Text fw={600}>{title}</Text>
      {text ? (
        <Text size="sm" c="dimmed" maw={420}>
          {text}
        </Text>
      ) : null}
      {action}
    </div>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      title={t('members.list.loadError')}
      text={t('members.list.loadErrorText')}
      action={
        <Button variant="default" leftSection={<IconRefresh size={17} />} onClick={onRetry} mt="xs">
          {t('common.retry')}
        </Button>
      }
    />
  );
}
