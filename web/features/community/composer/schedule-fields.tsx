import { ActionIcon, Text, TextInput } from '@mantine/core';
import { IconCalendarTime, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TimezoneSelect } from '../../account';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDate } from '../../../kernel/format';
import { publishAtOf, type ScheduleValues } from './composer-values';
import classes from './composer.module.css';

type ScheduleFieldsProps = {
  value: ScheduleValues;
  onChange: (value: ScheduleValues) => void;
  /** Absent in edit mode: a scheduled post keeps a time (publishing now is the action menu's). */
  onRemove?: () => void;
  error: string | null;
};

/** Spec §3 Post `publishAt` + `timeZone`: a date and a time on the clocks of a chosen zone. */
export function ScheduleFields({ value, onChange, onRemove, error }: ScheduleFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof ScheduleValues>(field: K, next: ScheduleValues[K]) =>
    onChange({ ...value, [field]: next });
  const publishAt = publishAtOf(value);

  return (
    <fieldset className={classes.section} data-testid="composer-schedule">
      <legend className={classes.sectionLegend}>
        <IconCalendarTime size={18} stroke={1.7} aria-hidden="true" />
        {t('communityComposer.schedule.title')}
      </legend>
      {onRemove ? (
        <ActionIcon
          className={classes.sectionClose}
          variant="subtle"
          color="gray"
          aria-label={t('communityComposer.schedule.remove')}
          onClick={onRemove}
          data-testid="schedule-remove"
        >
          <IconX size={17} stroke={1.7} />
        </ActionIcon>
      ) : null}
      <div className={classes.inlineFields}>
        <TextInput
          type="date"
          label={t('communityComposer.schedule.date')}
          value={value.date}
          onChange={(event) => set('date', event.currentTarget.value)}
          error={error}
          required
          data-testid="schedule-date"
        />
        <TextInput
          type="time"
          label={t('communityComposer.schedule.time')}
          value={value.time}
          onChange={(event) => set('time', event.currentTarget.value)}
          error={error !== null}
          required
          data-testid="schedule-time"
        />
      </div>
      <TimezoneSelect size="sm" value={value.timeZone} onChange={(zone) => zone && set('timeZone', zone)} />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="schedule-summary">
        {publishAt
          ? t('communityComposer.schedule.summary', {
              date: formatDate(publishAt, currentLanguage(), {
                format: 'dateTime',
                timeZone: value.timeZone,
              }),
              zone: value.timeZone,
            })
          : t('communityComposer.schedule.hint')}
      </Text>
    </fieldset>
  );
}
