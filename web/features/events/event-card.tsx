import { Badge, Group, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconQuestionMark, IconRepeat, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventCalendarItem } from '../../../contracts/events';
import { useCurrentApp } from '../../kernel/current-app';
import { usePersonTimeZone } from '../../kernel/person-locale';
import { eventsLinks } from './events-links';
import { eventZoneTime, formatTime, memberTimeZone } from './events-time';
import classes from './events.module.css';

/** The zone the member sees times in, and the language: what every time on the events' screens needs. */
export function useEventClock() {
  const { i18n } = useTranslation();
  const zone = memberTimeZone(usePersonTimeZone());
  return { zone, language: i18n.language };
}

/** "19:00 – 21:00", and the event's own clock beside it when the member's differs. */
export function EventTimes({ event }: { event: EventCalendarItem }) {
  const { zone, language } = useEventClock();
  const { startsAt, endsAt } = event.occurrence;
  const own = eventZoneTime(startsAt, event.timeZone, zone, language);
  return (
    <span className={classes.times}>
      <time dateTime={startsAt}>{formatTime(startsAt, zone, language)}</time>
      {' – '}
      <time dateTime={endsAt}>{formatTime(endsAt, zone, language)}</time>
      {own ? (
        <span className={classes.ownZone} data-testid="event-own-zone">
          {' '}
          ({own})
        </span>
      ) : null}
    </span>
  );
}

const placeIcons = { virtual: IconVideo, person: IconMapPin, tbd: IconQuestionMark } as const;

/** Online, the address, or "to be announced". */
export function EventPlace({ event }: { event: EventCalendarItem }) {
  const { t } = useTranslation();
  const Icon = placeIcons[event.eventType];
  const text =
    event.eventType === 'person' && event.inPersonLocation
      ? event.inPersonLocation
      : t(`events.place.${event.eventType}`);
  return (
    <span className={classes.meta}>
      <Icon size={16} stroke={1.8} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}

/** Seats left, full (the waitlist is open), or nothing when the event has no limit. */
export function seatsLeftOf(event: EventCalendarItem): number | null {
  const limit = event.participantsNumberLimit;
  return limit === null ? null : Math.max(0, limit - event.occurrence.attendeesCount);
}

/** Whether the member is in (or on the waitlist, with their place), else the seats left. */
export function StandingBadge({ event }: { event: EventCalendarItem }) {
  const { t } = useTranslation();
  const { myStatus, waitlistPosition } = event.occurrence;
  if (myStatus === 'going') {
    return (
      <Badge color="teal" variant="light" data-testid="event-joined">
        {t('events.standing.going')}
      </Badge>
    );
  }
  if (myStatus === 'waitlist') {
    return (
      <Badge color="orange" variant="light" data-testid="event-waitlisted">
        {t('events.standing.waitlist', { position: waitlistPosition ?? '' })}
      </Badge>
    );
  }
  const seats = seatsLeftOf(event);
  if (seats === null) {
    return null;
  }
  return (
    <Badge color={seats === 0 ? 'red' : seats <= 3 ? 'orange' : 'gray'} variant="light">
      {seats === 0 ? t('events.standing.full') : t('events.standing.seatsLeft', { count: seats })}
    </Badge>
  );
}

/** One occurrence in the list: cover, time, name, place, category and where the member stands. */
export function EventCard({ event }: { event: EventCalendarItem }) {
  const app = useCurrentApp();
  const { t } = useTranslation();
  const cover = event.cover?.tileUrl ?? event.cover?.previewUrl ?? null;
  return (
    <article className={classes.card} data-testid="event-card">
      <div className={classes.cardCover} aria-hidden="true">
        {cover ? <img src={cover} alt="" loading="lazy" /> : <IconCalendarEvent size={30} stroke={1.4} />}
      </div>
      <div className={classes.cardBody}>
        <Group gap={8} wrap="wrap">
          <Text size="sm" fw={700} c="var(--mantine-primary-color-filled)">
            <EventTimes event={event} />
          </Text>
          {event.rule ? (
            <IconRepeat
              size={15}
              stroke={1.8}
              className={classes.repeatIcon}
              aria-label={t('events.recurring')}
            />
          ) : null}
        </Group>
        <Text component="h3" className={classes.cardTitle}>
          <Link
            to={eventsLinks.event(app.slug, event.slug, event.occurrence.id)}
            className={classes.cardLink}
          >
            {event.name}
          </Link>
        </Text>
        <Group gap="md" wrap="wrap">
          <EventPlace event={event} />
          {event.category ? (
            <Text size="sm" c="dimmed">
              {event.category.name}
            </Text>
          ) : null}
        </Group>
      </div>
      <div className={classes.cardSide}>
        <StandingBadge event={event} />
      </div>
    </article>
  );
}
