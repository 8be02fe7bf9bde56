import { NumberInput, Radio, Select, Text, UnstyledButton } from '@mantine/core';
import { DateInput } from '../../components/date-inputs';
import { IconCalendarRepeat, IconRepeat } from '@tabler/icons-react';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { eventLimits, eventWeekdayValues, type EventWeekday } from '../../../contracts/events';
import { eventFrequencyValues } from '../../../contracts/enums';
import { parseTypedDate } from './event-form';
import { recurrenceKinds, weekdayOf, type RecurrenceValues } from './recurrence-values';
import classes from './event-editor.module.css';

type RecurrenceEditorProps = {
  value: RecurrenceValues;
  onChange: (value: RecurrenceValues) => void;
  /** The start's local date (YYYY-MM-DD) and time (HH:mm): the presets name its weekday and day. */
  startDate: string;
  startTime: string;
  /** The series' next dates as the form would save it. */
  preview: string[];
  error?: string | null;
};

/** How many of the next dates the preview names. */
export const previewLength = 5;

const weekdayIndex = (day: EventWeekday) => eventWeekdayValues.indexOf(day);

/** dayjs names Sunday 0; the contract's weekdays start on Monday. */
const dayjsWeekday = (day: EventWeekday) => (weekdayIndex(day) + 1) % 7;

/**
 * The recurrence of an event (spec §3 `recurringEventPattern`): none, a preset (daily, workdays, weekends,
 * weekly, monthly, yearly) or custom (every N days / weeks / months / years, on weekdays when weekly), ending
 * never, after N occurrences or on a date; below it the next dates in words.
 */
export function RecurrenceEditor({
  value,
  onChange,
  startDate,
  startTime,
  preview,
  error,
}: RecurrenceEditorProps) {
  const { t, i18n } = useTranslation();
  const set = (changes: Partial<RecurrenceValues>) => onChange({ ...value, ...changes });
  const start = dayjs(startDate || undefined).locale(i18n.language);
  const startWeekday = startDate ? weekdayOf(startDate) : 'MO';
  const kindLabel = (kind: (typeof recurrenceKinds)[number]) =>
    t(`eventEditor.recurrence.kinds.${kind}`, {
      weekday: start.format('dddd'),
      day: start.date(),
      date: start.format(t('eventEditor.recurrence.dayMonthFormat')),
    });
  const weekdayName = (day: EventWeekday, format: string) => start.day(dayjsWeekday(day)).format(format);

  return (
    <div className={classes.recurrence} data-testid="event-recurrence">
      <Select
        label={t('eventEditor.recurrence.label')}
        leftSection={<IconRepeat size={17} stroke={1.7} />}
        data={recurrenceKinds.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
        value={value.kind}
        onChange={(kind) => {
          const next = recurrenceKinds.find((known) => known === kind);
          if (next) {
            set({
              kind: next,
              ...(next === 'custom' && value.weekdays.length === 0 ? { weekdays: [startWeekday] } : {}),
            });
          }
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        error={error}
        data-testid="event-recurrence-kind"
      />
      {value.kind === 'custom' ? (
        <div className={classes.recurrencePanel}>
          <div className={classes.intervalRow}>
            <Text size="sm" component="span" id="event-interval-label">
              {t('eventEditor.recurrence.every')}
            </Text>
            <NumberInput
              aria-labelledby="event-interval-label"
              value={value.interval}
              onChange={(next) => set({ interval: Math.max(1, Number(next) || 1) })}
              min={1}
              max={eventLimits.interval}
              allowDecimal={false}
              w={80}
              data-testid="event-recurrence-interval"
            />
            <Select
              aria-label={t('eventEditor.recurrence.unit')}
              data={eventFrequencyValues.map((frequency) => ({
                value: frequency,
                label: t(`eventEditor.recurrence.units.${frequency}`, { count: value.interval }),
              }))}
              value={value.frequency}
              onChange={(next) => {
                const frequency = eventFrequencyValues.find((known) => known === next);
                if (frequency) {
                  set({ frequency });
                }
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={140}
              data-testid="event-recurrence-unit"
            />
          </div>
          {value.frequency === 'weekly' ? (
            <div role="group" aria-label={t('eventEditor.recurrence.weekdays')} className={classes.weekdays}>
              {eventWeekdayValues.map((day) => {
                const pressed = value.weekdays.includes(day);
                return (
                  <UnstyledButton
                    key={day}
                    className={classes.weekday}
                    aria-pressed={pressed}
                    aria-label={weekdayName(day, 'dddd')}
                    onClick={() =>
                      set({
                        weekdays: pressed
                          ? value.weekdays.filter((known) => known !== day)
                          : [...value.weekdays, day],
                      })
                    }
                  >
                    {weekdayName(day, 'dd')}
                  </UnstyledButton>
                );
              })}
            </div>
          ) : null}
        </div>
      ) : null}
      {value.kind !== 'none' ? (
        <>
          <Radio.Group
            label={t('eventEditor.recurrence.ends')}
            value={value.end}
            onChange={(next) => set({ end: next })}
          >
            <div className={classes.ends}>
              <Radio value="never" label={t('eventEditor.recurrence.never')} />
              <div className={classes.endRow}>
                <Radio value="count" label={t('eventEditor.recurrence.after')} />
                <NumberInput
                  aria-label={t('eventEditor.recurrence.count')}
                  value={value.count}
                  onChange={(next) => set({ end: 'count', count: Math.max(1, Number(next) || 1) })}
                  min={1}
                  max={eventLimits.count}
                  allowDecimal={false}
                  w={90}
                  size="xs"
                  data-testid="event-recurrence-count"
                />
                <Text size="sm">{t('eventEditor.recurrence.occurrences', { count: value.count })}</Text>
              </div>
              <div className={classes.endRow}>
                <Radio value="until" label={t('eventEditor.recurrence.on')} />
                <DateInput
                  aria-label={t('eventEditor.recurrence.until')}
                  value={value.until || null}
                  onChange={(date) => set({ end: 'until', until: date ?? '' })}
                  minDate={startDate || undefined}
                  valueFormat="DD.MM.YYYY"
                  dateParser={parseTypedDate}
                  firstDayOfWeek={1}
                  locale={i18n.language}
                  placeholder="TT.MM.JJJJ"
                  size="xs"
                  w={150}
                  popoverProps={{ withinPortal: true }}
                  data-testid="event-recurrence-until"
                />
              </div>
            </div>
          </Radio.Group>
          <RecurrencePreview dates={preview} time={startTime} startDate={startDate} />
        </>
      ) : null}
    </div>
  );
}

/** "Nächste Termine: Di 27.10. 19:00 · Di 03.11. 19:00 …", and where the series begins when not on the start. */
function RecurrencePreview({ dates, time, startDate }: { dates: string[]; time: string; startDate: string }) {
  const { t, i18n } = useTranslation();
  const format = (date: string) =>
    `${dayjs(date).locale(i18n.language).format(t('eventEditor.recurrence.previewFormat'))} ${time}`;
  return (
    <div className={classes.preview} aria-live="polite" data-testid="event-recurrence-preview">
      <IconCalendarRepeat size={18} stroke={1.7} aria-hidden />
      <div>
        {dates.length === 0 ? (
          <Text size="sm">{t('eventEditor.recurrence.previewNone')}</Text>
        ) : (
          <Text size="sm">
            <strong>{t('eventEditor.recurrence.previewLabel')}</strong> {dates.map(format).join(' · ')}
            {dates.length >= previewLength ? ' …' : ''}
          </Text>
        )}
        {dates[0] && startDate && dates[0] !== startDate && dates[0] > startDate ? (
          <Text size="xs" c="dimmed" mt={2}>
            {t('eventEditor.recurrence.startsLater', { date: format(dates[0]) })}
          </Text>
        ) : null}
      </div>
    </div>
  );
}
