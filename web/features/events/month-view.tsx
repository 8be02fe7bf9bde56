import { useState } from 'react';
import { Popover, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventCalendarItem } from '../../../contracts/events';
import { anchorOr, CalendarFrame, EventChip, useCalendarDays } from './calendar-frame';
import { EventCard, useEventClock } from './event-card';
import { addMonths, formatDay, monthGrid, startOfMonth, todayIn, type DateKey } from './events-time';
import classes from './events.module.css';

/** Chips a month's day shows before "+n". */
const chipsPerDay = 3;

function DayCell(props: {
  day: DateKey;
  events: EventCalendarItem[];
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useEventClock();
  const { day, events } = props;
  const hidden = events.length - chipsPerDay;
  const dayName = formatDay(day, language);
  return (
    <div
      className={classes.monthCell}
      data-outside={!props.inMonth || undefined}
      data-today={props.isToday || undefined}
      data-selected={props.isSelected || undefined}
      role="gridcell"
    >
      <button
        type="button"
        className={classes.monthDay}
        onClick={props.onSelect}
        aria-label={t('events.calendar.dayLabel', { day: dayName, count: events.length })}
        aria-pressed={props.isSelected}
      >
        {Number(day.slice(8))}
      </button>
      <div className={classes.monthChips}>
        {events.slice(0, chipsPerDay).map((event) => (
          <EventChip key={`${event.id} ${event.occurrence.id}`} event={event} />
        ))}
        {hidden > 0 ? (
          <Popover position="bottom" shadow="md" withinPortal>
            <Popover.Target>
              <button type="button" className={classes.more} data-testid="calendar-more">
                {t('events.calendar.more', { count: hidden })}
              </button>
            </Popover.Target>
            <Popover.Dropdown className={classes.moreDropdown}>
              <Text size="sm" fw={700} mb={6}>
                {dayName}
              </Text>
              <Stack gap={4}>
                {events.map((event) => (
                  <EventChip key={`${event.id} ${event.occurrence.id}`} event={event} />
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        ) : null}
      </div>
      {events.length > 0 ? (
        <span className={classes.monthDots} aria-hidden="true">
          {events.slice(0, chipsPerDay).map((event) => (
            <span key={`${event.id} ${event.occurrence.id}`} />
          ))}
        </span>
      ) : null}
    </div>
  );
}

/** The month (weeks start on Monday) with its occurrences as chips per day; a chosen day lists its events below. */
export function MonthView(props: {
  anchor: string | null;
  categoryId: string | null;
  onAnchor: (date: DateKey | null) => void;
}) {
  const { t } = useTranslation();
  const { zone, language } = useEventClock();
  const today = todayIn(zone);
  const month = startOfMonth(anchorOr(props.anchor, today));
  const weeks = monthGrid(month);
  const from = weeks[0]?.[0] ?? month;
  const to = weeks.at(-1)?.[6] ?? month;
  const calendar = useCalendarDays(from, to, props.categoryId);
  const { days } = calendar;
  const [selected, setSelected] = useState<DateKey | null>(null);
  const selectedEvents = selected ? (days.get(selected) ?? []) : [];

  return (
    <CalendarFrame
      testId="events-month"
      label={formatDay(month, language, { month: 'long', year: 'numeric' })}
      onAnchor={props.onAnchor}
      previous={addMonths(month, -1)}
      next={addMonths(month, 1)}
      unit="Month"
      calendar={calendar}
    >
      <div className={classes.monthGrid} role="grid" aria-label={t('events.view.month')}>
        <div className={classes.monthHead} role="row">
          {weeks[0]?.map((day) => (
            <span key={day} role="columnheader" className={classes.weekdayHead}>
              {formatDay(day, language, { weekday: 'short' })}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} className={classes.monthRow} role="row">
            {week.map((day) => (
              <DayCell
                key={day}
                day={day}
                events={days.get(day) ?? []}
                inMonth={day.slice(0, 7) === month.slice(0, 7)}
                isToday={day === today}
                isSelected={day === selected}
                onSelect={() => setSelected(day === selected ? null : day)}
              />
            ))}
          </div>
        ))}
      </div>
      {selected ? (
        <section className={classes.dayAgenda} aria-live="polite" data-testid="calendar-day">
          <Title order={3} size="h4" mb="sm">
            {formatDay(selected, language)}
          </Title>
          {selectedEvents.length === 0 ? (
            <Text c="dimmed">{t('events.calendar.noneThatDay')}</Text>
          ) : (
            <Stack gap="sm">
              {selectedEvents.map((event) => (
                <EventCard key={`${event.id} ${event.occurrence.id}`} event={event} />
              ))}
            </Stack>
          )}
        </section>
      ) : null}
    </CalendarFrame>
  );
}
