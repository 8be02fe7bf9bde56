import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Skeleton,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronRight,
  IconClock,
  IconEdit,
  IconExternalLink,
  IconPaperclip,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { occurrenceIdSchema, type Event } from '../../../contracts/events';
import { LoadFailedState } from '../../components/empty-state';
import { RichText } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { formatBytes } from '../../kernel/format';
import { usePageTitle } from '../../kernel/use-page-title';
import { AddToCalendar } from './add-to-calendar';
import { Attendees } from './attendees';
import { EventPlace, EventTimes, useEventClock } from './event-card';
import { EventComments } from './event-comments';
import { DeleteEventDialog, JoinPanel } from './event-actions';
import { eventBySlugQuery } from './events-api';
import { eventsLinks } from './events-links';
import { formatDay, zonedParts } from './events-time';
import { recurrenceInWords } from './recurrence-words';
import classes from './events.module.css';

/** The calendar sheet: weekday, day and month of the occurrence on the member's clocks. */
function DateSheet({ event }: { event: Event }) {
  const { zone, language } = useEventClock();
  const day = zonedParts(event.occurrence.startsAt, zone).date;
  return (
    <div className={classes.sheet} aria-hidden="true">
      <span className={classes.sheetMonth}>{formatDay(day, language, { month: 'short' })}</span>
      <span className={classes.sheetDay}>{Number(day.slice(8))}</span>
      <span className={classes.sheetWeekday}>{formatDay(day, language, { weekday: 'short' })}</span>
    </div>
  );
}

/** When, how often, where, and the member's way in. */
function EventFacts({ event }: { event: Event }) {
  const { t, i18n } = useTranslation();
  const { zone, language } = useEventClock();
  const day = zonedParts(event.occurrence.startsAt, zone).date;
  const repeats = recurrenceInWords(event, t, i18n.language);
  return (
    <aside className={classes.facts} aria-label={t('events.facts')} data-testid="event-facts">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <DateSheet event={event} />
        <div>
          <Text fw={700} data-testid="event-date">
            {formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </Text>
          <Text size="sm" c="dimmed" className={classes.meta}>
            <IconClock size={16} stroke={1.8} aria-hidden="true" />
            <EventTimes event={event} />
          </Text>
          {repeats ? (
            <Text size="sm" c="dimmed" className={classes.meta} data-testid="event-recurrence">
              <IconRepeat size={16} stroke={1.8} aria-hidden="true" />
              <span>{repeats}</span>
            </Text>
          ) : null}
        </div>
      </Group>
      <div className={classes.factsPlace}>
        <EventPlace event={event} />
        {event.eventType === 'virtual' && event.virtualLocationUrl ? (
          <Button
            component="a"
            href={event.virtualLocationUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            mt={6}
            rightSection={<IconExternalLink size={14} stroke={1.8} />}
            data-testid="event-join-link"
          >
            {t('events.place.open')}
          </Button>
        ) : null}
      </div>
      <JoinPanel event={event} />
      <AddToCalendar event={event} />
    </aside>
  );
}

function Hosts({ event }: { event: Event }) {
  const { t } = useTranslation();
  const people = event.hosts.length > 0 ? event.hosts : event.author ? [event.author] : [];
  if (people.length === 0) {
    return null;
  }
  return (
    <section className={classes.section} aria-labelledby="event-hosts">
      <Title order={2} size="h4" id="event-hosts" mb="sm">
        {t('events.hosts', { count: people.length })}
      </Title>
      <ul className={classes.people}>
        {people.map((person) => {
          const name = `${person.firstName} ${person.lastName}`.trim();
          return (
            <li key={person.id} className={classes.person}>
              <Avatar src={person.avatarUrl} name={name} color="initials" radius="xl" size={36} />
              <Text size="sm" fw={600}>
                {name}
              </Text>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Attachments({ event }: { event: Event }) {
  const { t, i18n } = useTranslation();
  if (event.attachments.length === 0) {
    return null;
  }
  return (
    <section className={classes.section} aria-labelledby="event-attachments">
      <Title order={2} size="h4" id="event-attachments" mb="sm">
        {t('events.attachments')}
      </Title>
      <ul className={classes.files}>
        {event.attachments.map((file) => (
          <li key={file.id}>
            <a href={file.url} download={file.name} className={classes.file}>
              <IconPaperclip size={18} stroke={1.8} aria-hidden="true" />
              <span className={classes.fileName}>{file.name}</span>
              <Text span size="xs" c="dimmed">
                {formatBytes(file.size, i18n.language)}
              </Text>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `/{appSlug}/events/{eventSlug}/view?occurrence=…`: one occurrence of an event, with joining and the calendar. */
export function EventPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const { eventSlug = '' } = useParams();
  const [params] = useSearchParams();
  const asked = occurrenceIdSchema.safeParse(params.get('occurrence'));
  const occurrence = asked.success ? asked.data : null;
  const answer = useQuery(eventBySlugQuery(app.id, eventSlug, occurrence));
  const [deleting, setDeleting] = useState(false);
  usePageTitle(answer.data?.name ?? t('events.title'));
  if (answer.isError) {
    return (
      <LoadFailedState error={answer.error} title={t('events.error')} onRetry={() => void answer.refetch()} />
    );
  }
  if (answer.isPending) {
    return <Skeleton height={520} radius="lg" className={classes.page} />;
  }
  const event = answer.data;
  const can = event.permissions.can;
  const cover = event.cover?.previewUrl ?? event.cover?.tileUrl ?? null;

  return (
    <article className={classes.eventPage} data-testid="event-page">
      <nav aria-label={t('events.breadcrumbs')} className={classes.crumbs}>
        <Anchor component={Link} to={eventsLinks.list(app.slug)} size="sm" c="dimmed" fw={600}>
          {t('events.title')}
        </Anchor>
        <IconChevronRight size={14} stroke={1.8} aria-hidden="true" />
        <Text span size="sm" c="dimmed" fw={600} truncate>
          {event.category?.name ?? event.name}
        </Text>
      </nav>
      {cover ? <img className={classes.hero} src={cover} alt="" /> : null}
      <Group justify="space-between" align="flex-start" gap="sm" mt="md" wrap="nowrap">
        <div>
          <Group gap={6} mb={6}>
            {event.occurrence.isCancelled ? <Badge color="red">{t('events.cancelled')}</Badge> : null}
            {event.access === 'free' ? (
              <Badge variant="light" color="gray">
                {t('events.access.free')}
              </Badge>
            ) : null}
          </Group>
          <Title order={1} className={classes.eventTitle}>
            {event.name}
          </Title>
        </div>
        <Group gap="xs" wrap="nowrap">
          {can.includes('edit') ? (
            <Button
              variant="default"
              component={Link}
              to={eventsLinks.edit(app.slug, event.slug, event.rule ? event.occurrence.id : null)}
              leftSection={<IconEdit size={18} stroke={1.8} />}
              data-testid="event-edit"
            >
              {t('events.edit')}
            </Button>
          ) : null}
          {can.includes('delete') ? (
            <Tooltip label={t('events.delete.title')}>
              <ActionIcon
                size="lg"
                variant="default"
                aria-label={t('events.delete.title')}
                onClick={() => setDeleting(true)}
                data-testid="event-delete"
              >
                <IconTrash size={18} stroke={1.8} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      <div className={classes.eventLayout}>
        <EventFacts event={event} />
        <div className={classes.eventMain}>
          {event.description ? <RichText html={event.description} className={classes.description} /> : null}
          <Hosts event={event} />
          <Attachments event={event} />
          <Attendees event={event} />
          <EventComments event={event} />
        </div>
      </div>
      {deleting ? (
        <DeleteEventDialog
          event={event}
          onClose={() => setDeleting(false)}
          onDeleted={(scope) => {
            notifications.show({
              color: 'teal',
              message: t(scope === 'this' ? 'events.delete.doneOne' : 'events.delete.done', {
                name: event.name,
              }),
            });
            void navigate(eventsLinks.list(app.slug));
          }}
        />
      ) : null}
    </article>
  );
}
