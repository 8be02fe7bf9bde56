import { Button, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { ReportLine } from './inbox-item';
import { moderationReportsQuery, type ModerationItem } from './moderation-api';
import classes from './moderation.module.css';

function ReportList({ item }: { item: ModerationItem }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useInfiniteQuery(moderationReportsQuery(app.id, item.id));
  if (query.isError) {
    return <Text size="sm">{t('moderation.reports.loadError')}</Text>;
  }
  if (!query.data) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={44} radius="md" />
        <Skeleton height={44} radius="md" />
      </Stack>
    );
  }
  const reports = query.data.pages.flatMap((page) => page.data);
  if (reports.length === 0) {
    return <Text size="sm">{t('moderation.reports.empty')}</Text>;
  }
  return (
    <>
      <ul className={classes.reportList} data-testid="all-reports">
        {reports.map((report, index) => (
          <ReportLine key={`${report.createdAt}-${index}`} report={report} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          variant="default"
          mt="md"
          fullWidth
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('moderation.reports.loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/** "Meldungen anzeigen": every report of an item (MODERATION-05), newest first, more on demand. */
export function ReportsDialog({ item, onClose }: { item: ModerationItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('moderation.reports.title')}
      centered
      size={isMobile ? '100%' : 'lg'}
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('moderation.reports.lead')}
      </Text>
      {item ? <ReportList key={item.id} item={item} /> : null}
    </Modal>
  );
}
