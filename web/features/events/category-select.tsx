import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { eventCategoriesDropdownQuery } from './events-api';

type Category = { id: string; name: string };

type CategorySelectProps = {
  value: Category | null;
  onChange: (category: Category | null) => void;
  error?: string | null;
};

/** The event's category, searched by name on the server (15 per answer); none is allowed. */
export function CategorySelect({ value, onChange, error }: CategorySelectProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // While the field shows the chosen name, the list is the unsearched one.
  const query = debounced === value?.name ? '' : debounced;
  const answer = useQuery({
    ...eventCategoriesDropdownQuery(app.id, query),
    placeholderData: keepPreviousData,
  });
  const known = new Map<string, Category>();
  for (const category of [...(value ? [value] : []), ...(answer.data?.data ?? [])]) {
    known.set(category.id, category);
  }
  return (
    <Select
      label={t('eventEditor.category')}
      placeholder={t('eventEditor.categoryPlaceholder')}
      leftSection={<IconCategory size={17} stroke={1.7} />}
      data={[...known.values()].map((category) => ({ value: category.id, label: category.name }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the list shows its answer as it is.
      filter={({ options }) => options}
      clearable
      nothingFoundMessage={answer.isFetching ? t('common.loading') : t('eventEditor.categoryNone')}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid="event-editor-category"
    />
  );
}
