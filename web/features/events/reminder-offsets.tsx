import { Chip, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { eventLimits } from '../../../contracts/events';
import { durationLabel } from './duration-select';

const day = 86_400;

/** The offsets offered (seconds before the start): 15 Min. to a week. */
export const reminderChoices = [900, 1800, 3600, 7200, day, 2 * day, 7 * day] as const;

/** "15 Min.", "1 Std.", "1 Tag", "2 Tage", "1 Woche". */
export function offsetLabel(t: TFunction, seconds: number): string {
  if (seconds % (7 * day) === 0) {
    return t('eventEditor.units.weeks', { count: seconds / (7 * day) });
  }
  if (seconds % day === 0) {
    return t('eventEditor.units.days', { count: seconds / day });
  }
  return durationLabel(t, Math.round(seconds / 60));
}

type ReminderOffsetsProps = {
  label: string;
  value: number[];
  onChange: (offsets: number[]) => void;
  disabled?: boolean;
  error?: string | null;
  testId: string;
};

/** Up to four reminders before the start (spec §3 reminder fields), as chips; sent soonest last. */
export function ReminderOffsets({ label, value, onChange, disabled, error, testId }: ReminderOffsetsProps) {
  const { t } = useTranslation();
  const choices = [...new Set([...reminderChoices, ...value])].sort((a, b) => a - b);
  const full = value.length >= eventLimits.reminders;
  return (
    <div role="group" aria-label={label} data-testid={testId}>
      <Text size="sm" fw={500} mb={6}>
        {label}
      </Text>
      <Chip.Group
        multiple
        value={value.map(String)}
        onChange={(next) => onChange(next.map(Number).sort((a, b) => b - a))}
      >
        <Group gap={8}>
          {choices.map((seconds) => (
            <Chip
              key={seconds}
              value={String(seconds)}
              size="sm"
              disabled={disabled || (full && !value.includes(seconds))}
            >
              {t('eventEditor.reminders.before', { offset: offsetLabel(t, seconds) })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="xs" c={error ? 'red' : 'dimmed'} mt={6} role={error ? 'alert' : undefined}>
        {error ?? t('eventEditor.reminders.hint', { max: eventLimits.reminders })}
      </Text>
    </div>
  );
}
