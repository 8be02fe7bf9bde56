import { useState } from 'react';
import { Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClockHour4, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventEditScopeValues, type Event, type EventEditScope } from '../../../contracts/events';
import { ConfirmActions } from '../../components/confirm-actions';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import { seatsLeftOf } from './event-card';
import { useAttendanceMutations, useEventMutations } from './events-api';
import classes from './events.module.css';

/**
 * Join, or the waitlist when the seats are taken; once in, where the member stands and the way out. Past and
 * cancelled occurrences offer nothing: the server leaves `join` out of the abilities.
 */
export function JoinPanel({ event }: { event: Event }) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  const { join, leave } = useAttendanceMutations();
  const { occurrence } = event;
  const can = event.permissions.can;
  const target = { id: event.id, occurrence: occurrence.id };
  const seats = seatsLeftOf(event);
  const ended = Date.parse(occurrence.endsAt) < Date.now();

  if (occurrence.isCancelled) {
    return (
      <Text fw={600} c="red" data-testid="event-cancelled">
        {t('events.cancelled')}
      </Text>
    );
  }
  if (occurrence.myStatus) {
    const going = occurrence.myStatus === 'going';
    return (
      <Stack gap="xs">
        <div className={classes.standing} data-status={occurrence.myStatus} data-testid="event-my-status">
          {going ? <IconCheck size={18} stroke={2} /> : <IconClockHour4 size={18} stroke={2} />}
          <span>
            {going
              ? t('events.join.going')
              : t('events.join.waitlisted', { position: occurrence.waitlistPosition ?? '' })}
          </span>
        </div>
        {can.includes('leave') && !ended ? (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} stroke={1.8} />}
            loading={leave.isPending}
            onClick={() =>
              leave.mutate(target, {
                onSuccess: () => notifications.show({ color: 'gray', message: t('events.join.left') }),
              })
            }
            data-testid="event-leave"
          >
            {going ? t('events.join.leave') : t('events.join.leaveWaitlist')}
          </Button>
        ) : null}
      </Stack>
    );
  }
  if (ended) {
    return <Text c="dimmed">{t('events.join.ended')}</Text>;
  }
  if (!can.includes('join')) {
    return signedIn ? null : <Text c="dimmed">{t('events.join.signIn')}</Text>;
  }
  const full = seats === 0;
  return (
    <Stack gap={6}>
      <Button
        size="md"
        fullWidth
        color={full ? 'orange' : undefined}
        loading={join.isPending}
        onClick={() =>
          join.mutate(target, {
            onSuccess: (answer) =>
              notifications.show({
                color: 'teal',
                message:
                  answer.data.myStatus === 'waitlist'
                    ? t('events.join.waitlisted', { position: answer.data.waitlistPosition ?? '' })
                    : t('events.join.joined'),
              }),
          })
        }
        data-testid="event-join"
      >
        {full ? t('events.join.waitlist') : t('events.join.label')}
      </Button>
      {seats !== null ? (
        <Text size="sm" c={full ? 'orange' : 'dimmed'} ta="center" data-testid="event-seats">
          {full
            ? t('events.join.fullHint', { count: occurrence.waitlistCount })
            : t('events.standing.seatsLeft', { count: seats })}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Deleting asks what to delete: a single event is simply confirmed; a recurring one offers this occurrence, it
 * and the following ones, or the whole series.
 */
export function DeleteEventDialog(props: {
  event: Event;
  onClose: () => void;
  onDeleted: (scope: EventEditScope) => void;
}) {
  const { t } = useTranslation();
  const { remove } = useEventMutations();
  const { event } = props;
  const recurring = event.rule !== null;
  const [scope, setScope] = useState<EventEditScope>(recurring ? 'this' : 'all');
  const submit = () =>
    remove.mutate(
      { id: event.id, scope, occurrence: recurring ? event.occurrence.id : undefined },
      { onSuccess: () => props.onDeleted(scope) },
    );
  return (
    <Modal opened onClose={props.onClose} title={t('events.delete.title')} radius="lg" centered>
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          submit();
        }}
        data-testid="event-delete-dialog"
      >
        <Text size="sm" mb="md">
          {t(recurring ? 'events.delete.recurringText' : 'events.delete.text', { name: event.name })}
        </Text>
        {recurring ? (
          <Radio.Group
            value={scope}
            onChange={(value) => setScope(eventEditScopeValues.find((known) => known === value) ?? scope)}
            aria-label={t('events.delete.title')}
          >
            <Stack gap="sm">
              {eventEditScopeValues.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  label={t(`events.scope.${value}`)}
                  data-autofocus={value === 'this' || undefined}
                  data-testid={`event-delete-${value}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <ConfirmActions
          onCancel={props.onClose}
          confirmLabel={t('events.delete.confirm')}
          confirmIcon={<IconTrash size={18} stroke={1.8} />}
          loading={remove.isPending}
          testId="event-delete-confirm"
        />
      </form>
    </Modal>
  );
}
