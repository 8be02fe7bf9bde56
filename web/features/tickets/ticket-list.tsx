import { useState } from 'react';
import { Avatar, Pagination, Paper, Skeleton, Tabs, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TimeAgo } from '../../components/time-ago';
import { ticketListQuery, type Ticket, type TicketListScope, type TicketStatus } from './tickets-api';
import { TicketStatusBadge, ticketStatusOrder } from './ticket-status';
import classes from './tickets.module.css';

type Props = {
  scope: TicketListScope;
  /** Where a row leads. */
  linkOf: (ticket: Ticket) => string;
  /** Whose view: the team sees the requester on every row, a member their own subjects only. */
  showRequester: boolean;
  empty: string;
};

/** A list of tickets with status tabs (all first), 20 per page, most recently active first. */
export function TicketList({ scope, linkOf, showRequester, empty }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketStatus | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...ticketListQuery(scope, { status, page }), placeholderData: keepPreviousData });
  const tickets = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <div>
      <Tabs
        value={status ?? 'all'}
        onChange={(value) => {
          setStatus(value === 'all' || value === null ? null : (value as TicketStatus));
          setPage(1);
        }}
        mb="sm"
      >
        <Tabs.List aria-label={t('tickets.list.filter')}>
          <Tabs.Tab value="all" data-testid="ticket-tab-all">
            {t('tickets.list.all')}
          </Tabs.Tab>
          {ticketStatusOrder.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`ticket-tab-${value}`}>
              {t(`tickets.status.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md" data-testid="ticket-list">
        {query.isPending ? (
          <div style={{ padding: 14 }}>
            <Skeleton height={44} mb="sm" />
            <Skeleton height={44} />
          </div>
        ) : tickets.length === 0 ? (
          <Text ta="center" c="dimmed" p="xl" data-testid="ticket-list-empty">
            {empty}
          </Text>
        ) : (
          tickets.map((ticket) => (
            <Link key={ticket.id} to={linkOf(ticket)} className={classes.row} data-testid="ticket-row">
              {showRequester ? (
                <Avatar
                  src={ticket.requester.avatarUrl}
                  name={ticket.requester.name}
                  color="initials"
                  radius="xl"
                  className={classes.rowAvatar}
                  alt=""
                />
              ) : (
                <Text c="dimmed" size="sm" className={classes.rowAvatar}>
                  #{ticket.number}
                </Text>
              )}
              <div className={classes.rowMain}>
                <div className={classes.rowSubject}>{ticket.subject}</div>
                <div className={classes.rowMeta}>
                  {showRequester
                    ? t('tickets.list.metaTeam', {
                        number: ticket.number,
                        name: ticket.requester.name,
                        app: ticket.appName,
                      })
                    : t('tickets.list.metaMember', { number: ticket.number })}
                </div>
              </div>
              <div className={classes.rowSide}>
                <TicketStatusBadge status={ticket.status} />
                <Text size="xs" c="dimmed">
                  <TimeAgo value={ticket.updatedAt} />
                </Text>
              </div>
            </Link>
          ))
        )}
      </Paper>
      {meta && meta.pages > 1 ? (
        <Pagination
          mt="md"
          total={meta.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`tickets.list.page.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('tickets.list.page.item', { page: item }) })}
        />
      ) : null}
    </div>
  );
}
