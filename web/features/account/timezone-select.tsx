import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Timezone } from '../../../contracts/account';
import { timezonesQuery } from './account-api';

/** Spec §3 "common UI state": time zones are shown as 'code (utc)'. */
export function timezoneLabel(zone: Timezone): string {
  return `${zone.tzCode} (UTC${zone.utc})`;
}

/** The browser's zone, when the server knows it: a good default for a new account. */
export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

type TimezoneSelectProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
  size?: 'sm' | 'md';
  /** Shown while no zone is chosen, e.g. which zone applies instead. */
  placeholder?: string;
  /** The choice can be removed (null), e.g. to fall back to the account's zone. */
  clearable?: boolean;
  description?: string;
};

export function TimezoneSelect({
  value,
  onChange,
  error,
  size = 'md',
  placeholder,
  clearable = false,
  description,
}: TimezoneSelectProps) {
  const { t } = useTranslation();
  const timezones = useQuery(timezonesQuery);
  const data = useMemo(
    () => (timezones.data ?? []).map((zone) => ({ value: zone.tzCode, label: timezoneLabel(zone) })),
    [timezones.data],
  );
  // Until the list arrives the current value still shows.
  const options =
    value && !data.some((item) => item.value === value) ? [{ value, label: value }, ...data] : data;

  return (
    <Select
      size={size}
      label={t('common.timezone.label')}
      placeholder={placeholder ?? t('common.timezone.placeholder')}
      description={description}
      clearable={clearable}
      nothingFoundMessage={t('common.noResults')}
      leftSection={<IconWorld size={18} stroke={1.6} />}
      searchable
      limit={100}
      data={options}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      data-testid="timezone-select"
    />
  );
}
