import { useEffect, useState } from 'react';
import { Button, Pagination, Skeleton, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  moderationStatusValues,
  type ModerationInboxTab,
  type ModerationStatus,
} from '../../../contracts/enums';
import { moderationLimits } from '../../../contracts/moderation';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { InboxItem } from './inbox-item';
import {
  moderationCountersQuery,
  moderationListQuery,
  type ModerationItem,
  type ModerationList,
} from './moderation-api';
import { RejectDialog } from './reject-dialog';
import { ReportsDialog } from './reports-dialog';
import { counterOf, useDecision } from './use-decision';
import classes from './moderation.module.css';

function ListSkeleton() {
  return (
    <div className={classes.items} aria-busy="true" data-testid="moderation-loading">
      {[0, 1, 2].map((row) => (
        <div key={row} className={classes.item}>
          <div className={classes.itemMain}>
            <Skeleton height={36} circle />
            <Skeleton height={14} width="50%" radius="xl" mt={12} />
            <Skeleton height={10} width="80%" radius="xl" mt={10} />
          </div>
        </div>
      ))}
    </div>
  );
}

function Empty({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation();
  return (
    <div className={classes.empty} data-testid="moderation-empty">
      <span className={classes.emptyIcon} aria-hidden="true">
        <IconCircleCheck size={28} stroke={1.6} />
      </span>
      <Text fw={600}>{t(`moderation.empty.${status}.title`)}</Text>
      <Text size="sm" c="dimmed" maw={440}>
        {t(`moderation.empty.${status}.text`)}
      </Text>
    </div>
  );
}

function Pager({ list, onPage }: { list: ModerationList; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { page, pages, total } = list.meta;
  if (total === 0) {
    return null;
  }
  const size = moderationLimits.pageSize;
  return (
    <nav className={classes.pager} aria-label={t('moderation.list.pager.label')}>
      <Text size="sm" c="dimmed" data-testid="moderation-range">
        {t('moderation.list.range', {
          from: (page - 1) * size + 1,
          to: Math.min(total, page * size),
          total,
        })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={isMobile ? 0 : 1}
          getControlProps={(control) => ({ 'aria-label': t(`moderation.list.pager.${control}`) })}
        />
      ) : null}
    </nav>
  );
}

type InboxPanelProps = {
  tab: ModerationInboxTab;
  status: ModerationStatus;
  page: number;
  onStatus: (status: ModerationStatus) => void;
  onPage: (page: number) => void;
};

/**
 * One inbox tab (MODERATION-03, 04): the filters inbox | approved | rejected with their counters, the page of
 * items, and the decisions on them.
 */
export function InboxPanel({ tab, status, page, onStatus, onPage }: InboxPanelProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const counters = useQuery(moderationCountersQuery(app.id, tab));
  const list = useQuery(moderationListQuery(app.id, tab, status, page));
  const decide = useDecision(app.id, { tab, page });
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const [reportsOf, setReportsOf] = useState<ModerationItem | null>(null);

  // The last items of a page were decided: show the last page there still is.
  const lastPage = list.data && !list.isPlaceholderData ? Math.max(1, list.data.meta.pages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      onPage(lastPage);
    }
  }, [lastPage, page, onPage]);

  let content;
  if (list.isError && !list.data) {
    content = (
      <div className={classes.empty} data-testid="moderation-error">
        <span className={classes.emptyIcon} aria-hidden="true">
          <IconAlertTriangle size={28} stroke={1.6} />
        </span>
        <Text fw={600}>{t('moderation.list.loadError')}</Text>
        <Text size="sm" c="dimmed">
          {t('moderation.list.loadErrorText')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={17} />}
          onClick={() => void list.refetch()}
          mt="xs"
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!list.data) {
    content = <ListSkeleton />;
  } else if (list.data.data.length === 0) {
    content = <Empty status={status} />;
  } else {
    content = (
      <ul
        className={classes.items}
        aria-label={t('moderation.list.label', { status: t(`moderation.filters.${status}`) })}
        aria-busy={list.isPlaceholderData || undefined}
        data-testid="moderation-list"
      >
        {list.data.data.map((item) => (
          <li key={item.id}>
            <InboxItem
              item={item}
              appSlug={app.slug}
              onApprove={() => decide.mutate({ item, verdict: 'approve' })}
              onReject={() => setRejecting(item)}
              onShowReports={() => setReportsOf(item)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <Tabs
        value={status}
        onChange={(value) => {
          const next = moderationStatusValues.find((entry) => entry === value);
          if (next) {
            onStatus(next);
          }
        }}
        variant="pills"
        radius="md"
        keepMounted={false}
        activateTabWithKeyboard
      >
        <Tabs.List aria-label={t('moderation.filters.label')} className={classes.filters}>
          {moderationStatusValues.map((entry) => (
            <Tabs.Tab
              key={entry}
              value={entry}
              rightSection={
                <span className={classes.count} data-testid={`count-${entry}`}>
                  {counters.data ? counters.data[counterOf[entry]] : '–'}
                </span>
              }
              data-testid={`filter-${entry}`}
              className={classes.filter}
            >
              {t(`moderation.filters.${entry}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {moderationStatusValues.map((entry) => (
          <Tabs.Panel key={entry} value={entry} className={classes.filterPanel}>
            {entry === status ? (
              <>
                <div className={classes.panel} data-fetching={list.isPlaceholderData || undefined}>
                  {content}
                </div>
                {list.data ? <Pager list={list.data} onPage={onPage} /> : null}
              </>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
      <RejectDialog
        item={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(item, reason) => {
          setRejecting(null);
          decide.mutate({ item, verdict: 'reject', reason });
        }}
      />
      <ReportsDialog item={reportsOf} onClose={() => setReportsOf(null)} />
    </>
  );
}
