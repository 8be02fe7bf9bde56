import type { ReactNode } from 'react';
import { Button, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { errorTextKey } from '../api/notify-error';
import { NotFoundMessage } from './not-found-message';
import classes from './empty-state.module.css';

type EmptyStateProps = { icon: ReactNode; title: string; text?: string; action?: ReactNode; testId?: string };

/** What belongs here when nothing does yet, and what to do next (a list, a tab, a search without hits). */
export function EmptyState({ icon, title, text, action, testId }: EmptyStateProps) {
  return (
    <div className={classes.empty} data-testid={testId}>
      <span className={classes.emptyIcon} aria-hidden="true">
        {icon}
      </span>
      <Title order={2} size="h4">
        {title}
      </Title>
      {text ? (
        <Text c="dimmed" size="sm" maw={440} ta="center">
          {text}
        </Text>
      ) : null}
      {action}
    </div>
  );
}

/**
 * A failed read: not found (or not visible — the server never says which) for 404 and 401, else what went wrong
 * under `title` with a retry.
 */
export function LoadFailedState({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
    return <NotFoundMessage />;
  }
  return (
    <EmptyState
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      title={title}
      text={t(errorTextKey(error))}
      action={
        <Button variant="default" leftSection={<IconRefresh size={18} stroke={1.8} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      testId="load-failed"
    />
  );
}
