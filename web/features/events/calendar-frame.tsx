import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Group, Skeleton, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventCalendarItem } from '../../../contracts/events';
import { LoadFailedState } from '../../components/empty-state';
import { useCurrentApp } from '../../kernel/current-app';
import { useEventClock } from './event-card';
import { eventCalendarQuery } from './events-api';
import { eventsLinks } from './events-links';
import { formatTime, zonedParts, type DateKey } from './events-time';
import classes from './events.module.css';

/** Previous, today and next, with the window's name between them. */
function CalendarNav(props: {
  label: string;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  previousLabel: string;
  nextLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" className={classes.calendarNav} wrap="nowrap">
      <Title order={2} size="h3" aria-live="polite" data-testid="calendar-label">
        {props.label}
      </Title>
      <Group gap={6} wrap="nowrap">
        <Button variant="default" size="sm" onClick={props.onToday}>
          {t('events.calendar.today')}
        </Button>
        <ActionIcon variant="default" size="lg" aria-label={props.previousLabel} onClick={props.onPrevious}>
          <IconChevronLeft size={18} stroke={1.8} />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label={props.nextLabel} onClick={props.onNext}>
          <IconChevronRight size={18} stroke={1.8} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** The window's occurrences by local day on the member's clocks; whether the window held more than one page. */
export function useCalendarDays(from: DateKey, to: DateKey, categoryId: string | null) {
  const app = useCurrentApp();
  const { zone } = useEventClock();
  const answer = useQuery(eventCalendarQuery(app.id, { from, to }, categoryId, zone));
  const days = new Map<DateKey, EventCalendarItem[]>();
  for (const event of answer.data?.data ?? []) {
    const day = zonedParts(event.occurrence.startsAt, zone).date;
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  const truncated = (answer.data?.meta.pages ?? 1) > 1;
  return { answer, days, truncated };
}

/** A chip of a calendar cell: time and name, leading to the event page. */
export function EventChip({ event, children }: { event: EventCalendarItem; children?: ReactNode }) {
  const app = useCurrentApp();
  const { zone, language } = useEventClock();
  return (
    <Link
      to={eventsLinks.event(app.slug, event.slug, event.occurrence.id)}
      className={classes.chipEvent}
      data-joined={event.occurrence.myStatus ?? undefined}
      data-testid="calendar-event"
    >
      <span className={classes.chipTime}>{formatTime(event.occurrence.startsAt, zone, language)}</span>
      <span className={classes.chipName}>{event.name}</span>
      {children}
    </Link>
  );
}

type CalendarFrameProps = {
  testId: string;
  /** The window's name ("Oktober 2026", "26. Okt. – 1. Nov. 2026"). */
  label: string;
  /** The first day of the window before / after, or null for the one with today. */
  onAnchor: (date: DateKey | null) => void;
  previous: DateKey;
  next: DateKey;
  unit: 'Month' | 'Week';
  calendar: ReturnType<typeof useCalendarDays>;
  children: ReactNode;
};

/** A month or a week: its navigation above, then the loading state, the failure, or the window's days. */
export function CalendarFrame(props: CalendarFrameProps) {
  const { t } = useTranslation();
  const { answer, truncated } = props.calendar;
  return (
    <section className={classes.calendar} data-testid={props.testId}>
      <CalendarNav
        label={props.label}
        onPrevious={() => props.onAnchor(props.previous)}
        onNext={() => props.onAnchor(props.next)}
        onToday={() => props.onAnchor(null)}
        previousLabel={t(`events.calendar.previous${props.unit}`)}
        nextLabel={t(`events.calendar.next${props.unit}`)}
      />
      {answer.isError ? (
        <LoadFailedState
          error={answer.error}
          title={t('events.error')}
          onRetry={() => void answer.refetch()}
        />
      ) : answer.isPending ? (
        <Skeleton height={520} radius="lg" />
      ) : (
        <>
          {truncated ? (
            <Alert color="yellow" variant="light" mb="sm">
              {t('events.calendar.truncated')}
            </Alert>
          ) : null}
          {props.children}
        </>
      )}
    </section>
  );
}

/** A window's anchor from the address: a local date, else today. */
export const anchorOr = (anchor: string | null, today: DateKey): DateKey =>
  anchor && /^\d{4}-\d{2}-\d{2}$/.test(anchor) ? anchor : today;
