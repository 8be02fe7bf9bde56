import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import classes from './app-members.module.css';
import { formatDateTime } from './member-badges';

/** `datetime-local` value (YYYY-MM-DDTHH:mm, local time) ↔ ISO instant. */
export const localInputOf = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
export const isoOfLocalInput = (value: string) => (value ? dayjs(value).toISOString() : null);

/** A punishment counts while its end lies ahead. */
export const isPunishmentActive = (punishedUntil: string | null) =>
  punishedUntil !== null && dayjs(punishedUntil).isAfter(dayjs());

export type SanctionValues = { isBlocked: boolean; punishedUntil: string };

const presets = [
  { key: 'day', amount: 1, unit: 'day' },
  { key: 'week', amount: 7, unit: 'day' },
  { key: 'month', amount: 30, unit: 'day' },
] as const;

/** Block switch and "punish until" with quick choices; shared by the admin form and the moderation screen. */
export function SanctionFields({
  values,
  onChange,
  error,
}: {
  values: SanctionValues;
  onChange: (values: SanctionValues) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof SanctionValues>(field: K, value: SanctionValues[K]) =>
    onChange({ ...values, [field]: value });
  return (
    <div className={classes.sanctions}>
      <Switch
        size="md"
        color="red"
        label={t('members.moderation.block')}
        description={t('members.moderation.blockHint')}
        checked={values.isBlocked}
        onChange={(event) => set('isBlocked', event.currentTarget.checked)}
        data-testid="sanction-block"
      />
      <div>
        <TextInput
          type="datetime-local"
          label={t('members.moderation.punishUntil')}
          description={t('members.moderation.punishHint')}
          value={values.punishedUntil}
          min={dayjs().format('YYYY-MM-DDTHH:mm')}
          onChange={(event) => set('punishedUntil', event.currentTarget.value)}
          error={error}
          data-testid="sanction-until"
        />
        <Group gap={6} mt={8}>
          {presets.map((preset) => (
            <Button
              key={preset.key}
              size="compact-xs"
              variant="light"
              color="orange"
              onClick={() =>
                set('punishedUntil', dayjs().add(preset.amount, preset.unit).format('YYYY-MM-DDTHH:mm'))
              }
            >
              {t(`members.moderation.presets.${preset.key}`)}
            </Button>
          ))}
          {values.punishedUntil ? (
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => set('punishedUntil', '')}>
              {t('members.moderation.noPunishment')}
            </Button>
          ) : null}
        </Group>
        {values.punishedUntil && dayjs(values.punishedUntil).isAfter(dayjs()) ? (
          <Text size="xs" c="dimmed" mt={6}>
            {t('members.moderation.punishSummary', {
              date: formatDateTime(dayjs(values.punishedUntil).toISOString()),
            })}
          </Text>
        ) : null}
      </div>
    </div>
  );
}

/** The punishment end must lie in the future; '' (none) always passes. */
export function punishIssue(value: string): string | null {
  return value && !dayjs(value).isAfter(dayjs()) ? 'members.moderation.untilInPast' : null;
}
