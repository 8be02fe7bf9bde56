import { useMemo, useState } from 'react';
import {
  Button,
  Divider,
  Drawer,
  Stack,
  TagsInput,
  Text,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import { DateInput } from '../../components/date-inputs';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStore, type StoreApi } from 'zustand';
import { cloudLimits } from '../../../contracts/cloud';
import { normalizeExtension } from '../../../contracts/cloud-filters';
import { mimeTypesQuery } from './cloud-api';
import { SavedSearchList, SaveSearchButton, SaveSearchForm } from './search-saved';
import {
  activeFilterCount,
  isDateRangeInvalid,
  isSearching,
  savedFiltersOf,
  type SearchStore,
} from './search-store';
import classes from './search.module.css';

type FilterPanelProps = {
  opened: boolean;
  onClose: () => void;
  store: StoreApi<SearchStore>;
};

/** Spec §5 "Date picker format YYYY-MM-DD, week starts Monday". */
const dateFormat = 'YYYY-MM-DD';
const monday = 1;

/** Every extension the server knows, once and sorted: the suggestions of the file-type input. */
export function extensionSuggestions(types: readonly { extensions: readonly string[] }[]): string[] {
  const all = new Set(types.flatMap((type) => type.extensions.map(normalizeExtension)).filter(Boolean));
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** Suggestions that start with what was typed come first ('p' → pdf, png before epub). */
export const suggestExtensions: OptionsFilter = ({ options, search, limit }) => {
  const wanted = normalizeExtension(search);
  const items = options.filter((option): option is ComboboxItem => 'value' in option);
  const starting = items.filter((option) => option.value.startsWith(wanted));
  const containing = items.filter(
    (option) => !option.value.startsWith(wanted) && option.value.includes(wanted),
  );
  return [...starting, ...containing].slice(0, limit);
};

type ExtensionInputProps = {
  ext: readonly string[];
  suggestions: readonly string[];
  onChange: (ext: readonly string[]) => void;
};

/**
 * File types as chips: Enter (or a comma or space) adds what was typed. Suggestions show only while something
 * is typed, so that after a chip was added no list of every type lies over the date fields below.
 */
function ExtensionInput({ ext, suggestions, onChange }: ExtensionInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [suggesting, setSuggesting] = useState(false);
  return (
    <TagsInput
      label={t('cloudSearch.panel.types')}
      description={t('cloudSearch.panel.typesHint')}
      placeholder={ext.length === 0 ? t('cloudSearch.panel.typesPlaceholder') : undefined}
      value={[...ext]}
      onChange={onChange}
      searchValue={typed}
      onSearchChange={(value) => {
        setTyped(value);
        setSuggesting(true);
      }}
      dropdownOpened={suggesting && typed.trim() !== ''}
      onDropdownOpen={() => setSuggesting(true)}
      onDropdownClose={() => setSuggesting(false)}
      data={[...suggestions]}
      filter={suggestExtensions}
      limit={8}
      maxTags={cloudLimits.extensions}
      splitChars={[',', ' ', ';']}
      isDuplicate={(value, current) => current.includes(normalizeExtension(value))}
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid="cloud-ext-input"
    />
  );
}

type DateFieldProps = {
  label: string;
  /** YYYY-MM-DD or ''. */
  value: string;
  onChange: (date: string) => void;
  invalid: boolean;
  testId: string;
};

/**
 * A creation date, picked in the calendar or typed as YYYY-MM-DD. Enter confirms a typed date: the calendar
 * closes (so it no longer covers the panel) while the focus stays; any further typing or a click opens it again.
 */
function DateField({ label, value, onChange, invalid, testId }: DateFieldProps) {
  const { i18n } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const reopen = () => setConfirmed(false);
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(date) => onChange(date ?? '')}
      valueFormat={dateFormat}
      firstDayOfWeek={monday}
      locale={i18n.language}
      placeholder={dateFormat}
      clearable
      error={invalid}
      leftSection={<IconCalendar size={16} stroke={1.8} aria-hidden />}
      popoverProps={confirmed ? { opened: false, withinPortal: true } : { withinPortal: true }}
      onKeyDown={(event) => setConfirmed(event.key === 'Enter')}
      onClick={reopen}
      onFocus={reopen}
      onInput={reopen}
      data-testid={testId}
    />
  );
}

/**
 * The filter side panel (spec §2): file types as chips, the created-from and created-to dates, "clear
 * filter", "save search" and the saved searches. Every change applies at once; Escape closes the panel.
 */
export function FilterPanel({ opened, onClose, store }: FilterPanelProps) {
  const { t } = useTranslation();
  const state = useStore(store);
  const { ext, dateFrom, dateTo, setExtensions, setDateFrom, setDateTo, clearFilters, applySaved } = state;
  const [naming, setNaming] = useState(false);
  const mimeTypes = useQuery({ ...mimeTypesQuery(), enabled: opened });
  const suggestions = useMemo(() => extensionSuggestions(mimeTypes.data ?? []), [mimeTypes.data]);
  const rangeInvalid = isDateRangeInvalid(state);
  const handleClose = () => {
    setNaming(false);
    onClose();
  };

  return (
    <Drawer.Root opened={opened} onClose={handleClose} position="right" size="md">
      <Drawer.Overlay />
      <Drawer.Content data-testid="cloud-filter-panel">
        <Drawer.Header>
          <Drawer.Title fw={700}>{t('cloudSearch.panel.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('cloudSearch.panel.close')} />
        </Drawer.Header>
        <Drawer.Body className={classes.panelBody}>
          <Stack gap="lg">
            <ExtensionInput ext={ext} suggestions={suggestions} onChange={setExtensions} />

            <div>
              <Text size="sm" fw={500}>
                {t('cloudSearch.panel.created')}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('cloudSearch.panel.createdHint')}
              </Text>
              {/* Side by side: the calendar of one date opens below it and never covers the other field. */}
              <div className={classes.dateRow}>
                <DateField
                  label={t('cloudSearch.panel.from')}
                  value={dateFrom}
                  onChange={setDateFrom}
                  invalid={rangeInvalid}
                  testId="cloud-date-from"
                />
                <DateField
                  label={t('cloudSearch.panel.to')}
                  value={dateTo}
                  onChange={setDateTo}
                  invalid={rangeInvalid}
                  testId="cloud-date-to"
                />
              </div>
              {rangeInvalid ? (
                <Text size="xs" c="red" mt={6} role="alert" data-testid="cloud-date-error">
                  {t('cloudSearch.panel.rangeError')}
                </Text>
              ) : null}
            </div>

            <div className={classes.panelActions}>
              <Button
                variant="default"
                leftSection={<IconFilterOff size={16} stroke={1.8} />}
                disabled={activeFilterCount(state) === 0}
                onClick={clearFilters}
                data-testid="cloud-clear-filters"
              >
                {t('cloudSearch.panel.clear')}
              </Button>
              <SaveSearchButton canSave={isSearching(state)} onClick={() => setNaming(true)} />
            </div>
            {naming ? (
              <SaveSearchForm filters={savedFiltersOf(state)} onDone={() => setNaming(false)} />
            ) : null}

            <Divider />

            <div>
              <Text size="sm" fw={600} mb="xs">
                {t('cloudSearch.saved.title')}
              </Text>
              <SavedSearchList
                enabled={opened}
                onApply={(filters) => {
                  applySaved(filters);
                  handleClose();
                }}
              />
            </div>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
