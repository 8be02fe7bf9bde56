import type { ReactNode } from 'react';
import { Anchor, Button, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { NotFoundMessage } from '../../components/not-found-message';
import classes from './helpdesk.module.css';

export type Crumb = { label: string; to?: string };

/** The trail above a help-desk page: the help desk, the categories down to the page (the last is the page). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('helpdesk.breadcrumbs')} className={classes.crumbs}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {index > 0 ? <IconChevronRight size={14} stroke={1.8} aria-hidden="true" /> : null}
            {crumb.to ? (
              <Anchor component={Link} to={crumb.to} size="sm" c="dimmed" fw={600}>
                {crumb.label}
              </Anchor>
            ) : (
              <Text span size="sm" fw={600} aria-current="page">
                {crumb.label}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

type EmptyProps = { icon: ReactNode; title: string; text?: string; action?: ReactNode; testId?: string };

export function Empty({ icon, title, text, action, testId }: EmptyProps) {
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

/** A failed read: not found (or not visible — the server never says which), or a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && (error.status === 404 || error.status === 401)) {
    return <NotFoundMessage />;
  }
  return (
    <Empty
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      title={t('helpdesk.error.title')}
      text={t(errorTextKey(error))}
      action={
        <Button variant="default" leftSection={<IconRefresh size={18} stroke={1.8} />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      testId="helpdesk-error"
    />
  );
}
