import { useState } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chatLimits } from '../../../contracts/chat';
import { useCurrentApp } from '../../kernel/current-app';
import { candidatesQuery, type ChatCandidate } from './chat-api';
import { viewerProfileIdOf } from './chat-viewer';

type Common = {
  label: string;
  description?: string;
  error?: string | null;
  /** People who are already in (or are the caller): not offered. */
  excludeIds?: readonly string[];
  testId: string;
};

/** The app's members matching what is typed (searched on the server), without the caller and `excludeIds`. */
function useCandidates(search: string, excludeIds: readonly string[]) {
  const app = useCurrentApp();
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery({ ...candidatesQuery(app.id, debounced), placeholderData: keepPreviousData });
  const hidden = new Set([...excludeIds, viewerProfileIdOf(app)]);
  return { query, candidates: (query.data ?? []).filter((person) => !hidden.has(person.profileId)) };
}

/** One person to start a private chat with. */
export function PersonSelect({
  value,
  onChange,
  ...props
}: Common & { value: ChatCandidate | null; onChange: (person: ChatCandidate | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { query, candidates } = useCandidates(search, props.excludeIds ?? []);
  const known = new Map(candidates.map((person) => [person.profileId, person]));
  if (value) {
    known.set(value.profileId, value);
  }
  return (
    <Select
      label={props.label}
      description={props.description}
      error={props.error}
      placeholder={t('chat.create.personPlaceholder')}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      data={[...known.values()].map((person) => ({ value: person.profileId, label: person.name || '…' }))}
      value={value?.profileId ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? t('common.loading') : t('chat.create.nobody')}
      clearable
      comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
      data-testid={props.testId}
    />
  );
}

/** Several people: the first members of a group chat, or members to add. */
export function PeoplePicker({
  value,
  onChange,
  ...props
}: Common & { value: ChatCandidate[]; onChange: (people: ChatCandidate[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { query, candidates } = useCandidates(search, props.excludeIds ?? []);
  const known = new Map<string, ChatCandidate>();
  for (const person of [...value, ...candidates]) {
    known.set(person.profileId, person);
  }
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      error={props.error}
      placeholder={value.length === 0 ? t('chat.create.peoplePlaceholder') : undefined}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      data={[...known.values()].map((person) => ({ value: person.profileId, label: person.name || '…' }))}
      value={value.map((person) => person.profileId)}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? t('common.loading') : t('chat.create.nobody')}
      maxValues={chatLimits.profileIdsPerCall}
      hidePickedOptions
      clearable
      comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
      data-testid={props.testId}
    />
  );
}
