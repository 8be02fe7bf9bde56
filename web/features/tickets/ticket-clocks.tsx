import { useEffect, useState } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconClockHour4, IconClockPause, IconClockCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TicketClock } from '../../../contracts/tickets';
import type { Ticket } from './tickets-api';
import classes from './tickets.module.css';

/** "2 h 5 min", "12 min", "45 s". */
export function formatDuration(seconds: number, t: TFunction): string {
  const total = Math.abs(Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (days > 0) {
    return t('tickets.clock.days', { days, hours });
  }
  if (hours > 0) {
    return t('tickets.clock.hours', { hours, minutes });
  }
  if (minutes > 0) {
    return t('tickets.clock.minutes', { minutes });
  }
  return t('tickets.clock.seconds', { seconds: total });
}

/** The clock as the answer gave it, counted on while it runs. */
function useLiveClock(clock: TicketClock, answeredAt: string): TicketClock {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (clock.state !== 'running') {
      return undefined;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [clock.state]);
  if (clock.state !== 'running') {
    return clock;
  }
  const extra = Math.max(0, Math.floor((now - Date.parse(answeredAt)) / 1000));
  const elapsedSeconds = clock.elapsedSeconds + extra;
  const remainingSeconds = clock.remainingSeconds === null ? null : clock.remainingSeconds - extra;
  return {
    ...clock,
    elapsedSeconds,
    remainingSeconds,
    isOverdue: remainingSeconds !== null && remainingSeconds < 0,
  };
}

function ClockLine({ label, clock, answeredAt }: { label: string; clock: TicketClock; answeredAt: string }) {
  const { t } = useTranslation();
  const live = useLiveClock(clock, answeredAt);
  const Icon =
    live.state === 'paused' ? IconClockPause : live.state === 'stopped' ? IconClockCheck : IconClockHour4;
  // The team is warned by e-mail when 80 % of the target has passed (tickets-warnings.job.ts): the clock says so too.
  const isDueSoon =
    live.state === 'running' &&
    !live.isOverdue &&
    live.remainingSeconds !== null &&
    live.remainingSeconds <= clock.targetMinutes * 60 * 0.2;
  let text: string;
  if (live.remainingSeconds === null) {
    text = t('tickets.clock.noTarget', { elapsed: formatDuration(live.elapsedSeconds, t) });
  } else if (live.state === 'stopped') {
    text = t('tickets.clock.took', { elapsed: formatDuration(live.elapsedSeconds, t) });
  } else if (live.isOverdue) {
    text = t('tickets.clock.overdue', { over: formatDuration(-live.remainingSeconds, t) });
  } else {
    text = t(isDueSoon ? 'tickets.clock.dueSoon' : 'tickets.clock.left', {
      left: formatDuration(live.remainingSeconds, t),
    });
  }
  const state = t(`tickets.clock.state.${live.state}`);
  return (
    <Tooltip label={state} withArrow>
      <Group
        gap={6}
        wrap="nowrap"
        className={classes.clock}
        data-overdue={live.isOverdue || undefined}
        data-due-soon={isDueSoon || undefined}
        data-state={live.state}
        tabIndex={0}
        aria-label={`${label}: ${text} (${state})`}
      >
        <Icon size={16} stroke={1.8} aria-hidden />
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" c={live.isOverdue || isDueSoon ? 'inherit' : 'dimmed'}>
          {text}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The two clocks of a ticket (first response, resolution) with their targets. */
export function TicketClocks({ ticket, answeredAt }: { ticket: Ticket; answeredAt: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.clocks} data-testid="ticket-clocks">
      <ClockLine
        label={t('tickets.clock.firstResponse')}
        clock={ticket.clocks.firstResponse}
        answeredAt={answeredAt}
      />
      <ClockLine
        label={t('tickets.clock.resolution')}
        clock={ticket.clocks.resolution}
        answeredAt={answeredAt}
      />
    </div>
  );
}
