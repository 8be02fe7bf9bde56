import { Checkbox, Group, NumberInput } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventLimits } from '../../../contracts/events';

type ParticipantsLimitProps = {
  label: string;
  isLimited: boolean;
  limit: number;
  onChange: (value: { isLimited: boolean; limit: number }) => void;
  error?: string | null;
  testId: string;
};

/** Seats per occurrence, or "unbegrenzt" (the contract's null). */
export function ParticipantsLimit({
  label,
  isLimited,
  limit,
  onChange,
  error,
  testId,
}: ParticipantsLimitProps) {
  const { t } = useTranslation();
  return (
    <Group gap="md" align="flex-end" wrap="nowrap" data-testid={testId}>
      <NumberInput
        label={label}
        leftSection={<IconUsers size={17} stroke={1.7} />}
        value={isLimited ? limit : ''}
        placeholder={t('eventEditor.unlimited')}
        onChange={(next) =>
          onChange({ isLimited: true, limit: typeof next === 'number' ? next : Number(next) || 1 })
        }
        disabled={!isLimited}
        min={1}
        max={eventLimits.participants}
        allowDecimal={false}
        error={error}
        w={180}
      />
      <Checkbox
        label={t('eventEditor.unlimited')}
        checked={!isLimited}
        onChange={(event) => onChange({ isLimited: !event.currentTarget.checked, limit })}
        mb={error ? 28 : 8}
      />
    </Group>
  );
}
