import { useEffect, useMemo, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Pagination,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconFolder,
  IconSearchOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStore, type StoreApi } from 'zustand';
import { cloudDefaults, pageSizes } from '../../../contracts/constants';
import { formatBytes } from '../../../contracts/upload-size';
import { cloudSearchPageQuery, cloudTreeQuery, type CloudEntity, type CloudListFilters } from './cloud-api';
import { useCloudScope, type CloudLocation } from './cloud-scope';
import { FileVisual } from './file-visual';
import { folderPaths, pathText } from './folder-paths';
import { sortKeyOf, type SearchSortKey, type SearchStore } from './search-store';
import classes from './search.module.css';

type SearchTableProps = {
  store: StoreApi<SearchStore>;
  location: CloudLocation;
  /** What to search with (`listFiltersOf`); sort and page come from the store. */
  filters: CloudListFilters;
  onOpen: (entity: CloudEntity) => void;
  renderActions: (entity: CloudEntity) => ReactNode;
};

/** "PNG-Bild", "PDF-Datei", "Ordner": the type column. */
export function typeLabel(entity: CloudEntity, t: TFunction): string {
  if (entity.isFolder) {
    return t('cloud.item.folder');
  }
  const kind = entity.type ?? 'other';
  return entity.extension
    ? t(`cloudSearch.table.typeWithExtension.${kind}`, { ext: entity.extension.toUpperCase() })
    : t(`cloudSearch.table.typeOnly.${kind}`);
}

type SortHeaderProps = {
  column: SearchSortKey;
  label: string;
  store: StoreApi<SearchStore>;
  className?: string;
};

/** A header that sorts by its column; a second click flips the direction (spec §9: descending first). */
function SortHeader({ column, label, store, className }: SortHeaderProps) {
  const sort = useStore(store, (state) => state.sort);
  const toggleSort = useStore(store, (state) => state.toggleSort);
  const { key, descending } = sortKeyOf(sort);
  const active = key === column;
  const Icon = active ? (descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
  return (
    <Table.Th className={className} aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => toggleSort(column)}
        data-active={active || undefined}
        data-testid={`cloud-search-sort-${column}`}
      >
        {label}
        <Icon size={14} stroke={2} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

function SkeletonRows() {
  return Array.from({ length: pageSizes.searchTable }, (_, index) => (
    <Table.Tr key={index} aria-hidden>
      <Table.Td>
        <div className={classes.nameCell}>
          <Skeleton
            width={cloudDefaults.thumbnailSizePx}
            height={cloudDefaults.thumbnailSizePx}
            radius="md"
          />
          <Skeleton height={12} width={`${40 + ((index * 17) % 35)}%`} radius="xl" />
        </div>
      </Table.Td>
      <Table.Td className={classes.colDate}>
        <Skeleton height={10} width={72} radius="xl" />
      </Table.Td>
      <Table.Td className={classes.colType}>
        <Skeleton height={10} width={64} radius="xl" />
      </Table.Td>
      <Table.Td className={classes.colSize}>
        <Skeleton height={10} width={48} radius="xl" />
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  ));
}

type ResultRowProps = {
  entity: CloudEntity;
  /** The folders from My files down to the item's folder, when it lies in the caller's tree. */
  folderPath: readonly string[] | undefined;
  onOpen: (entity: CloudEntity) => void;
  actions: ReactNode;
};

function ResultRow({ entity, folderPath, onOpen, actions }: ResultRowProps) {
  const { t, i18n } = useTranslation();
  const date = dayjs(entity.updatedAt).format(cloudDefaults.searchTableDateFormat);
  const size = entity.fileInfo ? formatBytes(entity.fileInfo.size, i18n.language) : null;
  return (
    <Table.Tr
      className={classes.row}
      onDoubleClick={() => onOpen(entity)}
      data-testid="cloud-search-row"
      data-cell
      data-id={entity.id}
      data-name={entity.name}
      data-deleted={entity.isDeleted || undefined}
    >
      <Table.Td>
        <div className={classes.nameCell}>
          <FileVisual entity={entity} size={cloudDefaults.thumbnailSizePx} variant="table" />
          <div className={classes.nameText}>
            <UnstyledButton
              className={classes.nameButton}
              onClick={() => onOpen(entity)}
              title={entity.name}
              data-testid="cloud-search-open"
            >
              {entity.name}
            </UnstyledButton>
            {folderPath ? (
              <Text className={classes.folderLine} size="xs" c="dimmed" title={folderPath.join(' › ')}>
                <IconFolder size={12} stroke={1.8} aria-hidden />
                <span data-testid="cloud-search-folder">
                  {t('cloud.item.inFolder', { path: pathText(folderPath) })}
                </span>
              </Text>
            ) : null}
            {/* Narrow libraries hide the columns; the row still says when and how big. */}
            <Text className={classes.nameMeta} size="xs" c="dimmed" aria-hidden>
              {[date, size].filter(Boolean).join(' · ')}
            </Text>
          </div>
        </div>
      </Table.Td>
      <Table.Td className={classes.colDate}>{date}</Table.Td>
      <Table.Td className={classes.colType}>{typeLabel(entity, t)}</Table.Td>
      <Table.Td className={classes.colSize}>{size ?? '—'}</Table.Td>
      <Table.Td className={classes.colActions}>{actions}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The search result table (spec §2, §9): name with a 40 px thumbnail, date changed, type, size and the item
 * menu; 10 rows a page, sortable by name and date changed. A click on the name (or a double click on the
 * row) opens the item, as a double click opens it in the grid.
 */
export function SearchTable({ store, location, filters, onOpen, renderActions }: SearchTableProps) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const sort = useStore(store, (state) => state.sort);
  const page = useStore(store, (state) => state.page);
  const setPage = useStore(store, (state) => state.setPage);
  const result = useQuery(cloudSearchPageQuery(scope, location, { ...filters, sort }, page));
  // Where each result lies: the folder names come from the tree (the caller's own folders only).
  const tree = useQuery({ ...cloudTreeQuery(scope), meta: { silent: true } });
  const paths = useMemo(
    () => (tree.data ? folderPaths(tree.data, t('cloud.folders.my')) : null),
    [tree.data, t],
  );
  const pages = result.data?.meta.pages ?? 0;
  const items = result.data?.data ?? [];

  // Deleting or moving the last rows of the last page leaves it empty: show the page before.
  useEffect(() => {
    if (result.data && !result.isPlaceholderData && page > Math.max(pages, 1)) {
      setPage(Math.max(pages, 1));
    }
  }, [page, pages, result.data, result.isPlaceholderData, setPage]);

  const empty = result.isSuccess && items.length === 0 && !result.isPlaceholderData;

  return (
    <div
      className={classes.table}
      data-testid="cloud-search-table"
      aria-busy={result.isFetching || undefined}
    >
      {result.isError && !result.data ? (
        <Alert
          className={classes.tableNotice}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('cloudSearch.table.errorTitle')}
        >
          <Text size="sm" mb="xs">
            {t('cloudSearch.table.errorText')}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void result.refetch()}>
            {t('cloudSearch.table.retry')}
          </Button>
        </Alert>
      ) : empty ? (
        <div className={classes.emptyResult} data-testid="cloud-search-empty">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconSearchOff size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>{t('cloudSearch.table.emptyTitle')}</Text>
          <Text size="sm" c="dimmed" ta="center" maw={380}>
            {t('cloudSearch.table.emptyHint')}
          </Text>
        </div>
      ) : (
        <>
          <Text size="xs" c="dimmed" className={classes.resultCount} aria-live="polite">
            {result.data ? t('cloudSearch.table.results', { count: result.data.meta.total }) : '\u00a0'}
          </Text>
          <div className={classes.tableScroll} data-stale={result.isPlaceholderData || undefined}>
            <Table verticalSpacing={6} highlightOnHover stickyHeader className={classes.grid}>
              <Table.Thead>
                <Table.Tr>
                  <SortHeader column="name" label={t('cloudSearch.table.name')} store={store} />
                  <SortHeader
                    column="updatedAt"
                    label={t('cloudSearch.table.updatedAt')}
                    store={store}
                    className={classes.colDate}
                  />
                  <Table.Th className={classes.colType}>{t('cloudSearch.table.type')}</Table.Th>
                  <Table.Th className={classes.colSize}>{t('cloudSearch.table.size')}</Table.Th>
                  <Table.Th className={classes.colActions}>
                    <VisuallyHidden>{t('cloudSearch.table.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.isPending ? (
                  <SkeletonRows />
                ) : (
                  items.map((entity) => (
                    <ResultRow
                      key={entity.id}
                      entity={entity}
                      folderPath={entity.parentId ? paths?.get(entity.parentId) : undefined}
                      onOpen={onOpen}
                      actions={renderActions(entity)}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </div>
          {pages > 1 ? (
            <Pagination
              className={classes.pagination}
              total={pages}
              value={Math.min(page, pages)}
              onChange={setPage}
              size="sm"
              radius="md"
              getControlProps={(control) => ({
                'aria-label': t(`cloudSearch.table.pagination.${control}`),
              })}
              getItemProps={(item) => ({
                'aria-label': t('cloudSearch.table.pagination.page', { page: item }),
              })}
              data-testid="cloud-search-pagination"
            />
          ) : null}
        </>
      )}
    </div>
  );
}
