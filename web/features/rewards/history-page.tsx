import { useState } from 'react';
import { Group, Pagination, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconGift, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LedgerEntry } from '../../../contracts/gamification-points';
import { EmptyState, LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { historyQuery, type HistoryFilter } from './rewards-api';
import { rewardsLinks } from './rewards-links';
import classes from './rewards.module.css';

const filters = ['all', 'earned', 'spent'] as const satisfies readonly HistoryFilter[];

/** What a ledger entry was: the rule's action, a top-up with its reason, a purchase with its reward. */
function useEntryTitle() {
  const { t } = useTranslation();
  return (entry: LedgerEntry) => {
    if (entry.reward) {
      return t(entry.kind === 'refund' ? 'rewards.history.refund' : 'rewards.history.purchase', {
        name: entry.reward.name,
      });
    }
    const action = t(`rewards.action.${entry.action}`, { defaultValue: entry.action });
    return entry.kind === 'reversal' ? t('rewards.history.reversal', { action }) : action;
  };
}

function Entry({ entry }: { entry: LedgerEntry }) {
  const format = useFormat();
  const title = useEntryTitle();
  const positive = entry.points > 0;
  return (
    <li className={classes.historyRow} data-testid="history-entry" data-kind={entry.kind}>
      <div className={classes.historyText}>
        <Text fw={600} size="sm">
          {entry.reward ? (
            <IconGift size={15} stroke={1.8} aria-hidden="true" className={classes.inlineIcon} />
          ) : null}
          {title(entry)}
        </Text>
        {entry.reason ? (
          <Text size="sm" c="dimmed">
            {entry.reason}
          </Text>
        ) : null}
        {entry.reward?.windowAfterPurchase && entry.kind === 'spend' ? (
          <div className={classes.afterPurchase} data-testid="history-reward-text">
            {entry.reward.windowAfterPurchase}
          </div>
        ) : null}
        <Text size="xs" c="dimmed">
          {format.dateTime(entry.createdAt)}
        </Text>
      </div>
      <span className={classes.historyPoints} data-positive={positive || undefined}>
        {positive ? '+' : '−'}
        {format.number(Math.abs(entry.points))}
      </span>
    </li>
  );
}

/** `/{appSlug}/rewards/history` (ROUTE-82): the member's earnings and spendings, purchases with their rewards. */
export function HistoryPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  usePageTitle(t('rewards.history.title'));
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const [page, setPage] = useState(1);
  const history = useQuery(historyQuery(app.id, filter, page));
  let content;
  if (history.isPending) {
    content = [0, 1, 2, 3].map((key) => <Skeleton key={key} height={64} radius="md" mb={8} />);
  } else if (history.isError) {
    content = (
      <LoadFailedState
        error={history.error}
        title={t('rewards.history.error')}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (history.data.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconHistory size={28} stroke={1.6} />}
        title={t(`rewards.history.empty.${filter}`)}
        testId="history-empty"
      />
    );
  } else {
    content = (
      <>
        <ul className={classes.historyList} data-testid="history-list">
          {history.data.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
        {history.data.meta.pages > 1 ? (
          <Group justify="center" mt="lg">
            <Pagination total={history.data.meta.pages} value={page} onChange={setPage} />
          </Group>
        ) : null}
      </>
    );
  }
  return (
    <div className={classes.narrowPage} data-testid="history-page">
      <Link to={rewardsLinks.overview(app.slug)} className={classes.back}>
        <IconChevronLeft size={16} stroke={2} aria-hidden="true" />
        {t('rewards.title')}
      </Link>
      <header className={classes.pageHead}>
        <Title order={1} fz="clamp(1.6rem, 4vw, 2.2rem)">
          {t('rewards.history.title')}
        </Title>
        <Text c="dimmed">{t('rewards.history.lead')}</Text>
      </header>
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        data={filters.map((value) => ({ value, label: t(`rewards.history.filter.${value}`) }))}
        aria-label={t('rewards.history.filterLabel')}
        mb="lg"
        data-testid="history-filter"
      />
      <section className={classes.card}>{content}</section>
    </div>
  );
}
