import { useState } from 'react';
import { Avatar, Button, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Event, EventAttendanceStatus } from '../../../contracts/events';
import { notifyError } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { downloadAttendeesCsv, eventAttendeesQuery } from './events-api';
import classes from './events.module.css';

/**
 * Who comes to this occurrence (and who waits), for those the server shows the list to; the export for those with
 * `export_attendees`. A refusal of the list hides the section: the server decides who sees it.
 */
export function Attendees({ event }: { event: Event }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [status, setStatus] = useState<EventAttendanceStatus>('going');
  const { occurrence } = event;
  const list = useInfiniteQuery({
    ...eventAttendeesQuery(app.id, event.id, occurrence.id, status),
    retry: false,
  });
  const [exporting, setExporting] = useState(false);
  if (list.isError) {
    return null;
  }
  const people = list.data?.pages.flatMap((page) => page.data) ?? [];
  const canExport = event.permissions.can.includes('export_attendees');
  const exportCsv = () => {
    setExporting(true);
    downloadAttendeesCsv(event.id, occurrence.id, `${event.slug}-${occurrence.id.slice(0, 10)}.csv`)
      .catch(notifyError)
      .finally(() => setExporting(false));
  };

  return (
    <section className={classes.section} aria-labelledby="event-attendees" data-testid="event-attendees">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="event-attendees">
          {t('events.attendees.title', { count: occurrence.attendeesCount })}
        </Title>
        {canExport ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={16} stroke={1.8} />}
            loading={exporting}
            onClick={exportCsv}
            data-testid="event-attendees-csv"
          >
            {t('events.attendees.export')}
          </Button>
        ) : null}
      </Group>
      {occurrence.waitlistCount > 0 ? (
        <SegmentedControl
          size="xs"
          mb="sm"
          value={status}
          onChange={(value) => setStatus(value === 'waitlist' ? 'waitlist' : 'going')}
          data={[
            { value: 'going', label: t('events.attendees.going', { count: occurrence.attendeesCount }) },
            { value: 'waitlist', label: t('events.attendees.waitlist', { count: occurrence.waitlistCount }) },
          ]}
        />
      ) : null}
      {list.isPending ? (
        <Skeleton height={48} radius="md" />
      ) : people.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconUsers size={18} stroke={1.6} aria-hidden="true" />
          <Text size="sm">{t('events.attendees.none')}</Text>
        </Group>
      ) : (
        <ul className={classes.people}>
          {people.map((person) => {
            const name = `${person.firstName} ${person.lastName}`.trim();
            return (
              <li key={person.id} className={classes.person}>
                <Avatar src={person.avatarUrl} name={name} color="initials" radius="xl" size={32} />
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="subtle"
          size="xs"
          mt="xs"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('events.attendees.more')}
        </Button>
      ) : null}
    </section>
  );
}
