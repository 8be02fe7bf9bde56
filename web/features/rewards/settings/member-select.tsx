import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { memberDropdownSchema } from '../../../../contracts/members';
import { api } from '../../../api/client';
import { useCurrentApp } from '../../../kernel/current-app';

export type PickedMember = { id: string; name: string };

/** One member picked by name from the app's members dropdown (`GET /apps/{appId}/profiles/dropdown?search=`). */
export function MemberSelect({
  value,
  onChange,
  label,
  error,
}: {
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  label: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const candidates = useQuery({
    queryKey: ['rewards', app.id, 'member-dropdown', debounced] as const,
    queryFn: ({ signal }) =>
      api
        .get(`/apps/${app.id}/profiles/dropdown`, {
          schema: memberDropdownSchema,
          query: { search: debounced || undefined },
          signal,
        })
        .then((answer) =>
          answer.data
            .filter((member) => member.type !== 'invited')
            .map((member) => ({
              id: member.id,
              name: `${member.firstName} ${member.lastName}`.trim() || '…',
            })),
        ),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const known = new Map<string, PickedMember>();
  for (const member of [...(value ? [value] : []), ...(candidates.data ?? [])]) {
    known.set(member.id, member);
  }
  return (
    <Select
      label={label}
      required
      placeholder={t('rewards.settings.topUps.memberPlaceholder')}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      data={[...known.values()].map((member) => ({ value: member.id, label: member.name }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (known.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={
        candidates.isFetching ? t('common.loading') : t('rewards.settings.topUps.noMembers')
      }
      error={error}
      data-testid="top-up-member"
    />
  );
}
