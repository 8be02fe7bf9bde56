import { useEffect } from 'react';
import { ActionIcon, Badge, Button, CloseButton, TextInput, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore, type StoreApi } from 'zustand';
import { timing } from '../../../contracts/constants';
import { activeFilterCount, isSearching, type SearchStore } from './search-store';
import classes from './search.module.css';

type SearchBoxProps = {
  store: StoreApi<SearchStore>;
  onOpenFilters: () => void;
  /** Small screens and the picker popup: no Search button, an icon-only filter button. */
  compact: boolean;
};

/**
 * The library's search box (spec §2 "search box (Enter or Search button)"): Enter and the button search at
 * once, typing searches after the debounce. The filter button opens the side panel and carries a badge
 * with the number of active filters; the close button ends the search and clears the filters (spec §4).
 */
export function SearchBox({ store, onOpenFilters, compact }: SearchBoxProps) {
  const { t } = useTranslation();
  const state = useStore(store);
  const { input, term, setInput, apply, close } = state;
  const filterCount = activeFilterCount(state);
  const showClose = isSearching(state) || input !== '';

  // Enter and the button apply at once; the cleanup then cancels the pending debounce.
  useEffect(() => {
    if (input.trim() === term) {
      return undefined;
    }
    const timer = window.setTimeout(apply, timing.cloudSearchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [apply, input, term]);

  const badge =
    filterCount > 0 ? (
      <Badge
        size="xs"
        circle={compact}
        variant="filled"
        className={compact ? classes.filterBadgeCorner : undefined}
        data-testid="cloud-filter-badge"
        aria-hidden
      >
        {filterCount}
      </Badge>
    ) : null;
  const filterLabel =
    filterCount > 0
      ? t('cloudSearch.box.filtersActive', { count: filterCount })
      : t('cloudSearch.box.filters');

  return (
    <div className={classes.box} role="search">
      <TextInput
        className={classes.boxInput}
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            apply();
          }
        }}
        placeholder={t(compact ? 'cloudSearch.box.placeholderShort' : 'cloudSearch.box.placeholder')}
        aria-label={t('cloudSearch.box.label')}
        leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
        rightSection={
          showClose ? (
            <CloseButton
              size="sm"
              onClick={close}
              aria-label={t('cloudSearch.box.close')}
              data-testid="cloud-search-close"
            />
          ) : null
        }
        radius="md"
        enterKeyHint="search"
        data-testid="cloud-search-input"
      />
      {compact ? null : (
        <Button variant="default" radius="md" onClick={apply} data-testid="cloud-search-submit">
          {t('cloudSearch.box.submit')}
        </Button>
      )}
      {compact ? (
        <Tooltip label={filterLabel} withinPortal>
          <ActionIcon
            variant={filterCount > 0 ? 'light' : 'default'}
            size={36}
            radius="md"
            className={classes.filterIcon}
            onClick={onOpenFilters}
            aria-label={filterLabel}
            data-testid="cloud-filter-button"
          >
            <IconAdjustmentsHorizontal size={18} stroke={1.8} />
            {badge}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant={filterCount > 0 ? 'light' : 'default'}
          radius="md"
          leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.8} />}
          rightSection={badge}
          onClick={onOpenFilters}
          aria-label={filterLabel}
          data-testid="cloud-filter-button"
        >
          {/* A space before the badge: the visible text reads "Filter 1", as its name begins (WCAG 2.5.3). */}
          {t('cloudSearch.box.filters')}{' '}
        </Button>
      )}
    </div>
  );
}
