import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  communityPageSizes,
  groupDropdownSchema,
  spaceDropdownSchema,
} from '../../../contracts/community-spaces';
import { memberLimits } from '../../../contracts/members';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';

type Kind = 'groups' | 'spaces';
type Item = { id: string; name: string };

const schemas = { groups: groupDropdownSchema, spaces: spaceDropdownSchema };

/**
 * `GET /apps/{appId}/community/{groups|spaces}/dropdown`: the 15 matching `search`, plus the chosen ones
 * (`ids=`, 15 per request) so their names show even when they are not among the matches.
 */
const communityDropdownQuery = (appId: string, kind: Kind, search: string, selectedIds: readonly string[]) =>
  queryOptions({
    queryKey: ['community-dropdown', appId, kind, search, [...selectedIds].sort().join(',')],
    queryFn: async ({ signal }) => {
      const url = `/apps/${appId}/community/${kind}/dropdown`;
      const chunks: string[][] = [];
      for (let start = 0; start < selectedIds.length; start += communityPageSizes.dropdown) {
        chunks.push(selectedIds.slice(start, start + communityPageSizes.dropdown));
      }
      const answers = await Promise.all([
        ...chunks.map((ids) =>
          api.get(url, { query: { ids: ids.join(',') }, schema: schemas[kind], signal }),
        ),
        api.get(url, { query: { search: search || undefined }, schema: schemas[kind], signal }),
      ]);
      const byId = new Map<string, Item>();
      for (const item of answers.flatMap((answer) => answer.data)) {
        byId.set(item.id, { id: item.id, name: item.name });
      }
      return [...byId.values()];
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

const texts = {
  groups: {
    label: 'members.edit.moderatedGroups',
    placeholder: 'members.edit.moderatedGroupsPlaceholder',
  },
  spaces: {
    label: 'members.edit.moderatedSpaces',
    placeholder: 'members.edit.moderatedSpacesPlaceholder',
  },
} as const;

type CommunityModerationSelectProps = {
  kind: Kind;
  value: string[];
  onChange: (ids: string[]) => void;
  testId: string;
};

/** The groups or the spaces of the current app a member moderates, searched on the server by name. */
export function CommunityModerationSelect({ kind, value, onChange, testId }: CommunityModerationSelectProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery(communityDropdownQuery(app.id, kind, debounced, value));
  const known = new Map((query.data ?? []).map((item) => [item.id, item.name]));
  // A chosen one the answer has not named yet still shows as a pill.
  const data = [
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: '…' })),
    ...[...known].map(([id, name]) => ({ value: id, label: name })),
  ];

  return (
    <MultiSelect
      label={t(texts[kind].label)}
      placeholder={value.length === 0 ? t(texts[kind].placeholder) : undefined}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the list shows its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={query.isFetching ? t('common.loading') : t('common.noResults')}
      maxValues={memberLimits.idsPerFilter}
      hidePickedOptions
      clearable
      maxDropdownHeight={260}
      // Fixed to the viewport: in a drawer (itself fixed) an absolute list misplaces itself on phones.
      comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
      data-testid={testId}
    />
  );
}
