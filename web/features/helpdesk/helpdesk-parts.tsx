import { Anchor, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedState } from '../../components/empty-state';
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

/** What belongs here when nothing does yet (the product's one empty state). */
export { EmptyState as Empty } from '../../components/empty-state';

/** A failed read: not found (or not visible — the server never says which), or a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailedState error={error} title={t('helpdesk.error.title')} onRetry={onRetry} />;
}
