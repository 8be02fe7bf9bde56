import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventCalendarItem } from '../../../contracts/events';
import { useIsMobile } from '../../kernel/ui-store';
import { EventCard, useEventClock } from './event-card';
import {
  addDays,
  formatDay,
  formatDayRange,
  startOfWeek,
  todayIn,
  zonedParts,
  type DateKey,
} from './events-time';
import { anchorOr, CalendarFrame, EventChip, useCalendarDays } from './calendar-frame';
import classes from './events.module.css';

const hourHeight = 48;
const minutesPerDay = 24 * 60;

type Placed = { event: EventCalendarItem; top: number; height: number; lane: number; lanes: number };

/**
 * The day's occurrences placed by time between the week's first and last hour: overlapping ones share the
 * column side by side (each in the first lane free at its start).
 */
export function placeDay(
  events: EventCalendarItem[],
  timeZone: string,
  firstHour: number,
  lastHour: number,
): Placed[] {
  const laneEnds: number[] = [];
  const placed = events
    .map((event) => {
      const start = zonedParts(event.occurrence.startsAt, timeZone).minutes;
      const length = (Date.parse(event.occurrence.endsAt) - Date.parse(event.occurrence.startsAt)) / 60_000;
      const end = Math.min(start + length, minutesPerDay, lastHour * 60);
      return { event, start, end };
    })
    .sort((a, b) => a.start - b.start)
    .map(({ event, start, end }) => {
      let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
      if (lane === -1) {
        lane = laneEnds.length;
      }
      laneEnds[lane] = Math.max(end, start + 30);
      const top = ((start - firstHour * 60) / 60) * hourHeight;
      const height = Math.max(((end - start) / 60) * hourHeight, 28);
      return { event, top, height, lane, lanes: 0 };
    });
  return placed.map((item) => ({ ...item, lanes: laneEnds.length }));
}

/** Hours the week's grid shows at the least. */
const shownHours = 8;

/**
 * The hours the week's grid shows: its occurrences with an hour before and after, at least eight hours (8 to 20
 * for an empty week), so a week of evening dates opens on the evening rather than on a long empty morning.
 */
export function hourRange(events: EventCalendarItem[], timeZone: string): [number, number] {
  if (events.length === 0) {
    return [8, 20];
  }
  let earliest = 24;
  let latest = 0;
  for (const event of events) {
    const start = zonedParts(event.occurrence.startsAt, timeZone).minutes;
    const length = (Date.parse(event.occurrence.endsAt) - Date.parse(event.occurrence.startsAt)) / 60_000;
    earliest = Math.min(earliest, Math.floor(start / 60));
    latest = Math.max(latest, Math.min(24, Math.ceil((start + length) / 60)));
  }
  // Widened towards the morning first: the hours before an evening date are the likelier to fill.
  const first = Math.max(0, Math.min(earliest - 1, Math.min(24, latest + 1) - shownHours));
  return [first, Math.min(24, Math.max(latest + 1, first + shownHours))];
}

/** The week from Monday: days as columns with the occurrences placed by time (a list of days on a phone). */
export function WeekView(props: {
  anchor: string | null;
  categoryId: string | null;
  onAnchor: (date: DateKey | null) => void;
}) {
  const { t } = useTranslation();
  const { zone, language } = useEventClock();
  const isMobile = useIsMobile();
  const today = todayIn(zone);
  const monday = startOfWeek(anchorOr(props.anchor, today));
  const week = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const sunday = week[6] ?? monday;
  const calendar = useCalendarDays(monday, sunday, props.categoryId);
  const { days } = calendar;
  const all = [...days.values()].flat();
  const [firstHour, lastHour] = hourRange(all, zone);
  const hours = Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index);
  const label = formatDayRange(monday, sunday, language);

  return (
    <CalendarFrame
      testId="events-week"
      label={label}
      onAnchor={props.onAnchor}
      previous={addDays(monday, -7)}
      next={addDays(monday, 7)}
      unit="Week"
      calendar={calendar}
    >
      {isMobile ? (
        <Stack gap="lg">
          {week.map((day) => (
            <section key={day} aria-labelledby={`week-${day}`}>
              <h3 id={`week-${day}`} className={classes.dayHeading} data-today={day === today || undefined}>
                {formatDay(day, language)}
              </h3>
              {(days.get(day) ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('events.calendar.noneShort')}
                </Text>
              ) : (
                <Stack gap="sm">
                  {(days.get(day) ?? []).map((event) => (
                    <EventCard key={`${event.id} ${event.occurrence.id}`} event={event} />
                  ))}
                </Stack>
              )}
            </section>
          ))}
        </Stack>
      ) : (
        <div className={classes.weekGrid}>
          <div className={classes.weekCorner} />
          {week.map((day) => (
            <div key={day} className={classes.weekHead} data-today={day === today || undefined}>
              <span>{formatDay(day, language, { weekday: 'short' })}</span>
              <strong>{Number(day.slice(8))}</strong>
            </div>
          ))}
          <div className={classes.weekHours} style={{ height: hours.length * hourHeight }}>
            {hours.map((hour) => (
              <span key={hour} style={{ top: (hour - firstHour) * hourHeight }}>
                {`${String(hour).padStart(2, '0')}:00`}
              </span>
            ))}
          </div>
          {week.map((day) => (
            <div
              key={day}
              className={classes.weekColumn}
              style={{ height: hours.length * hourHeight, backgroundSize: `100% ${hourHeight}px` }}
              aria-label={formatDay(day, language)}
              role="list"
            >
              {placeDay(days.get(day) ?? [], zone, firstHour, lastHour).map((item) => (
                <div
                  key={`${item.event.id} ${item.event.occurrence.id}`}
                  role="listitem"
                  className={classes.weekEvent}
                  style={{
                    top: item.top,
                    height: item.height,
                    left: `calc(${(item.lane / item.lanes) * 100}% + 2px)`,
                    width: `calc(${100 / item.lanes}% - 4px)`,
                  }}
                >
                  <EventChip event={item.event} />
                </div>
              ))}
            </div>
          ))}
        </div>
      )}
    </CalendarFrame>
  );
}
