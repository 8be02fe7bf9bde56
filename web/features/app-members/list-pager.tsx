import { Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaginationMeta } from '../../../contracts/pagination';
import { useIsMobile } from '../../kernel/ui-store';
import classes from './app-members.module.css';

/** "41–60 von 87" and the page buttons under a list; nothing while everything fits on one page. */
export function ListPager({
  meta,
  pageSize,
  onPage,
}: {
  meta: PaginationMeta;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  if (meta.total === 0) {
    return null;
  }
  const from = (meta.page - 1) * pageSize + 1;
  const to = Math.min(meta.total, meta.page * pageSize);
  return (
    <div className={classes.pager} data-mobile={isMobile || undefined}>
      <Text size="sm" c="dimmed" data-testid="list-range">
        {t('members.list.range', { from, to, total: meta.total })}
      </Text>
      {meta.pages > 1 ? (
        <Pagination
          total={meta.pages}
          value={meta.page}
          onChange={onPage}
          size="sm"
          siblings={isMobile ? 0 : 1}
          getControlProps={(control) => ({
            'aria-label': t(`members.list.pager.${control}`),
          })}
        />
      ) : null}
    </div>
  );
}
