import { Select } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { eventDefaults } from '../../../contracts/constants';

/** "45 Min.", "1 Std.", "1 Std. 30 Min.", "24 Std." */
export function durationLabel(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) {
    return t('eventEditor.units.minutes', { count: rest });
  }
  return rest === 0
    ? t('eventEditor.units.hours', { count: hours })
    : t('eventEditor.units.hoursMinutes', { hours, minutes: rest });
}

type DurationSelectProps = {
  /** Minutes: 15-minute steps to 23:45, or a whole day. */
  value: number;
  onChange: (minutes: number) => void;
  label: string;
  error?: string | null;
  testId: string;
};

/** Spec §9 (GAPS 32): the 96 durations, searchable by what they read ("1 Std. 30"). */
export function DurationSelect({ value, onChange, label, error, testId }: DurationSelectProps) {
  const { t } = useTranslation();
  const options = eventDefaults.durationOptionsMinutes.includes(value)
    ? eventDefaults.durationOptionsMinutes
    : [value, ...eventDefaults.durationOptionsMinutes];
  return (
    <Select
      label={label}
      data={options.map((minutes) => ({ value: String(minutes), label: durationLabel(t, minutes) }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      leftSection={<IconHourglass size={17} stroke={1.7} />}
      searchable
      allowDeselect={false}
      maxDropdownHeight={280}
      nothingFoundMessage={t('common.noResults')}
      comboboxProps={{ withinPortal: true }}
      error={error}
      data-testid={testId}
    />
  );
}
