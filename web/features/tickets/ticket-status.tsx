import { Badge, SegmentedControl, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketStatus } from './tickets-api';
import classes from './tickets.module.css';

/** The statuses in the order a ticket usually moves. */
export const ticketStatusOrder: TicketStatus[] = ['new', 'work', 'on_pause', 'completed'];

const colorOf: Record<TicketStatus, string> = {
  new: 'blue',
  work: 'orange',
  on_pause: 'gray',
  completed: 'green',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={colorOf[status]}
      variant="light"
      radius="sm"
      data-testid="ticket-status-badge"
      data-status={status}
    >
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

/** RULE-41: the team's status control; the badge beside it changes with the PATCH's answer. */
export function TicketStatusControl({
  status,
  onChange,
  disabled,
}: {
  status: TicketStatus;
  onChange: (status: TicketStatus) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      value={status}
      onChange={(value) => onChange(value)}
      disabled={disabled}
      aria-label={t('tickets.status.label')}
      data-testid="ticket-status-control"
      size="xs"
      data={ticketStatusOrder.map((value) => ({ value, label: t(`tickets.status.${value}`) }))}
    />
  );
}

/** A ticket's subject as the page's heading, its status beside it and a line about it below. */
export function TicketTitle({ ticket, meta }: { ticket: Ticket; meta: string }) {
  return (
    <>
      <div className={classes.ticketTitleRow}>
        <Title order={1} className={classes.title}>
          {ticket.subject}
        </Title>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <Text size="sm" c="dimmed">
        {meta}
      </Text>
    </>
  );
}
