import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { tagDropdownQuery } from './tags-api';
import { useTagName } from './tag-badge';

type TagSelectProps = {
  value: string[];
  onChange: (value: string[]) => void;
  /** null: no visible label (a heading names the field); the field keeps an accessible name. */
  label?: string | null;
  description?: string;
  placeholder?: string;
  /** The default tags (blocked, punished) are sanctions, set on the moderation screen; filters may use them. */
  includeDefault?: boolean;
  error?: string | null;
  testId?: string;
};

/** Picks tags of the current app from the tags dropdown (15 matches per search). */
export function TagSelect({
  value,
  onChange,
  label,
  description,
  placeholder,
  includeDefault = false,
  error,
  testId,
}: TagSelectProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const nameOf = useTagName();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(tagDropdownQuery(app.id, debounced, value));
  const tags = (query.data ?? []).filter(
    (tag) => includeDefault || tag.kind === null || value.includes(tag.id),
  );
  const data = tags.map((tag) => ({ value: tag.id, label: nameOf(tag) }));
  return (
    <MultiSelect
      label={label === null ? undefined : (label ?? t('members.fields.tags'))}
      aria-label={label === null ? t('members.fields.tags') : undefined}
      description={description}
      placeholder={value.length === 0 ? (placeholder ?? t('members.fields.tagsPlaceholder')) : undefined}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched; Mantine's own filter would hide matches whose name differs in case.
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? t('common.loading') : t('common.noResults')}
      clearable
      hidePickedOptions
      maxDropdownHeight={260}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
