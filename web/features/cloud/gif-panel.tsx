import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CloseButton, Loader, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue, useElementSize } from '@mantine/hooks';
import { IconGif, IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudDefaults, timing } from '../../../contracts/constants';
import { gifLimits } from '../../../contracts/gifs';
import { useClientConfig } from '../../kernel/client-config';
import { gifListQuery, gifsOfPages, type Gif } from './gif-api';
import classes from './gif-panel.module.css';

export type GifPanelProps = {
  onSelect: (gif: Gif) => void;
};

const columnMinWidthPx = 150;
const columnGapPx = 8;
// Soft placeholder tones while a preview loads, so the grid never shows white holes.
const placeholderTones = ['blue', 'grape', 'teal', 'orange', 'pink', 'indigo'] as const;

/** How many masonry columns fit the panel: at least two, so a phone shows a real grid. */
export function gifColumnCount(widthPx: number): number {
  return Math.max(2, Math.floor((widthPx + columnGapPx) / (columnMinWidthPx + columnGapPx)));
}

/**
 * Deals GIFs into columns, each to the currently shortest one (by aspect ratio). Appending a page only adds
 * to the columns' ends, so what the person is looking at does not jump while scrolling.
 */
export function masonryColumns(gifs: readonly Gif[], count: number): Gif[][] {
  const columns: Gif[][] = Array.from({ length: Math.max(1, count) }, () => []);
  const heights = columns.map(() => 0);
  for (const gif of gifs) {
    const shortest = heights.indexOf(Math.min(...heights));
    const ratio = gif.previewWidth > 0 && gif.previewHeight > 0 ? gif.previewHeight / gif.previewWidth : 1;
    columns[shortest]?.push(gif);
    heights[shortest] = (heights[shortest] ?? 0) + ratio;
  }
  return columns;
}

/**
 * The GIF panel (spec GIF-01, GIF-02): trending while the search is empty, else the search, loaded page by page
 * when the person scrolls near the end. Without a provider key on the server it only says so.
 */
export function GifPanel({ onSelect }: GifPanelProps) {
  const { t } = useTranslation();
  const config = useClientConfig();
  if (config?.gifs === false) {
    return (
      <div className={classes.panel} data-testid="gif-panel">
        <div className={classes.message} data-testid="gif-unavailable">
          <IconGif size={32} stroke={1.4} aria-hidden />
          <Text size="sm" c="dimmed">
            {t('cloudPicker.gif.unavailable')}
          </Text>
        </div>
      </div>
    );
  }
  return <GifBrowser onSelect={onSelect} />;
}

function GifBrowser({ onSelect }: GifPanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), timing.gifSearchDebounceMs);
  const list = useInfiniteQuery(gifListQuery(query));
  const gifs = useMemo(() => gifsOfPages(list.data?.pages), [list.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { ref: gridRef, width } = useElementSize();
  const columns = useMemo(() => masonryColumns(gifs, gifColumnCount(width)), [gifs, width]);

  // Spec §8: a GIF loading error is only logged, the panel stays quiet.
  useEffect(() => {
    if (list.error) {
      console.error('GIFs could not be loaded', list.error);
    }
  }, [list.error]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMoreNearEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) {
      return;
    }
    const rest = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (rest <= cloudDefaults.gifInfiniteScrollOffsetPx) {
      void fetchNextPage();
    }
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  const handleScroll = useDebouncedCallback(loadMoreNearEnd, timing.gifScrollDebounceMs);

  // A page that does not fill the panel gives nothing to scroll: load on until it does (not after a failure,
  // which would retry in a loop; scrolling tries again).
  useEffect(() => {
    if (!isFetchNextPageError) {
      loadMoreNearEnd();
    }
  }, [gifs.length, isFetchNextPageError, loadMoreNearEnd]);

  // Another search starts at the top.
  useEffect(() => {
    if (scrollRef.current) {
      scrollRef.current.scrollTop = 0;
    }
  }, [query]);

  return (
    <div className={classes.panel} data-testid="gif-panel">
      <div className={classes.search}>
        <TextInput
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('cloudPicker.gif.search')}
          aria-label={t('cloudPicker.gif.search')}
          maxLength={gifLimits.queryLength}
          leftSection={<IconSearch size={16} stroke={1.8} />}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('cloudPicker.gif.clearSearch')}
                onClick={() => setSearch('')}
              />
            ) : null
          }
          radius="xl"
          data-testid="gif-search"
        />
      </div>
      <div ref={scrollRef} className={classes.scroll} onScroll={handleScroll} data-testid="gif-scroll">
        {list.isPending ? (
          <GifSkeletons />
        ) : gifs.length === 0 ? (
          <div className={classes.message} data-testid={list.isError ? 'gif-failed' : 'gif-empty'}>
            <IconMoodEmpty size={32} stroke={1.4} aria-hidden />
            <Text fw={600}>{t(list.isError ? 'cloudPicker.gif.failed' : 'cloudPicker.gif.empty')}</Text>
            {list.isError ? null : (
              <Text size="sm" c="dimmed">
                {t(query ? 'cloudPicker.gif.emptySearchHint' : 'cloudPicker.gif.emptyTrendingHint')}
              </Text>
            )}
          </div>
        ) : (
          <div ref={gridRef} className={classes.grid}>
            {columns.map((column, columnIndex) => (
              <div key={columnIndex} className={classes.column}>
                {column.map((gif, index) => (
                  <GifItem
                    key={gif.id}
                    gif={gif}
                    tone={(columnIndex + index) % placeholderTones.length}
                    onSelect={onSelect}
                  />
                ))}
              </div>
            ))}
          </div>
        )}
        {isFetchingNextPage ? (
          <div className={classes.more}>
            <Loader size="sm" aria-label={t('cloudPicker.gif.loadingMore')} />
          </div>
        ) : null}
      </div>
      <Text className={classes.attribution} size="xs" c="dimmed">
        {t('cloudPicker.gif.poweredBy')}
      </Text>
    </div>
  );
}

function GifItem({ gif, tone, onSelect }: { gif: Gif; tone: number; onSelect: (gif: Gif) => void }) {
  const { t } = useTranslation();
  // A preview that does not load leaves the tinted tile with the GIF mark, not a broken-image icon.
  const [broken, setBroken] = useState(false);
  const ratio =
    gif.previewWidth > 0 && gif.previewHeight > 0 ? `${gif.previewWidth} / ${gif.previewHeight}` : '1';
  return (
    <UnstyledButton
      className={classes.item}
      style={{
        aspectRatio: ratio,
        background: `var(--mantine-color-${placeholderTones[tone]}-light)`,
      }}
      onClick={() => onSelect(gif)}
      aria-label={gif.title || t('cloudPicker.gif.untitled')}
      title={gif.title || undefined}
      data-testid="gif-item"
    >
      {broken ? (
        <span className={classes.fallback} data-testid="gif-item-fallback">
          <IconGif size={28} stroke={1.5} aria-hidden />
        </span>
      ) : (
        <img
          className={classes.image}
          src={gif.previewUrl}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setBroken(true)}
        />
      )}
    </UnstyledButton>
  );
}

function GifSkeletons() {
  const heights = [
    [120, 170, 140],
    [160, 110, 150],
  ];
  return (
    <div className={classes.grid} aria-busy>
      {heights.map((column, columnIndex) => (
        <div key={columnIndex} className={classes.column}>
          {column.map((height, index) => (
            <Skeleton key={index} height={height} radius="md" />
          ))}
        </div>
      ))}
    </div>
  );
}
