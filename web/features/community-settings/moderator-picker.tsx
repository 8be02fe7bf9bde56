import { useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { communityLimits, type CommunityProfileSummary } from '../../../contracts/community-spaces';
import { memberDropdownSchema } from '../../../contracts/members';
import { api } from '../../api/client';
import { useCurrentApp } from '../../kernel/current-app';

const nameOf = (profile: Pick<CommunityProfileSummary, 'firstName' | 'lastName'>) =>
  `${profile.firstName} ${profile.lastName}`.trim();

/** `GET /apps/{appId}/profiles/dropdown?search=`: 15 members matching the search (invited people cannot moderate). */
const candidatesQuery = (appId: string, search: string) => ({
  queryKey: ['community-settings', appId, 'moderator-candidates', search] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const answer = await api.get(`/apps/${appId}/profiles/dropdown`, {
      schema: memberDropdownSchema,
      query: { search: search || undefined },
      signal,
    });
    return answer.data
      .filter((member) => member.type !== 'invited')
      .map((member): CommunityProfileSummary => ({ ...member, avatarUrl: null }));
  },
  staleTime: 30_000,
});

type ModeratorPickerProps = {
  value: CommunityProfileSummary[];
  onChange: (profiles: CommunityProfileSummary[]) => void;
  label: string;
  description: string;
  error?: string | null;
  /** How many may be picked (a space's moderators by default). */
  max?: number;
  testId: string;
};

/** Members picked by name: moderators (spec §3 Space `moderators`, Group moderators), an event's hosts. */
export function ModeratorPicker({
  value,
  onChange,
  label,
  description,
  error,
  max = communityLimits.moderators,
  testId,
}: ModeratorPickerProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const candidates = useQuery(candidatesQuery(app.id, debounced));
  const known = new Map<string, CommunityProfileSummary>();
  for (const profile of [...value, ...(candidates.data ?? [])]) {
    known.set(profile.id, profile);
  }

  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? t('communitySettings.moderators.placeholder') : undefined}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      data={[...known.values()].map((profile) => ({ value: profile.id, label: nameOf(profile) || '…' }))}
      value={value.map((profile) => profile.id)}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already; the list shows its answer as it is.
      filter={({ options }) => options}
      nothingFoundMessage={
        candidates.isFetching ? t('common.loading') : t('communitySettings.moderators.none')
      }
      maxValues={max}
      hidePickedOptions
      clearable
      error={error}
      // Fixed to the viewport: in a dialog (itself fixed) an absolute list misplaces itself on phones.
      comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
      data-testid={testId}
    />
  );
}
