import { Suspense, type ReactNode } from 'react';
import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CurrentAppContext } from '../../kernel/current-app';
import { currentAppQuery } from '../../kernel/current-app-query';
import { useRealtimeConnection } from '../../kernel/realtime';
import { useAccount } from '../../kernel/session/account-store';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { SupportConversation } from '../chat';
import { TicketClocks } from './ticket-clocks';
import { TicketStatusControl, TicketTitle } from './ticket-status';
import type { TicketDetail } from './tickets-api';
import { useJoinTicket, useTicket } from './use-ticket';
import classes from './tickets.module.css';

/**
 * The conversation as the ticket's app sees the team member: their profile there (made by the join when they
 * had none, so the app is read again once they are in the chat) and the app's socket.
 */
function TeamConversation({ ticket }: { ticket: TicketDetail }) {
  const account = useAccount();
  const address = `/${ticket.appSlug}`;
  const app = useQuery({
    ...currentAppQuery(ticket.appSlug, address, account?.id ?? null),
    enabled: ticket.isInChat,
  });
  useRealtimeConnection(ticket.isInChat && app.data?.viewer ? ticket.appId : null);
  if (!app.data) {
    return (
      <div style={{ padding: 16 }}>
        <Skeleton height={56} radius="md" mb="sm" />
        <Skeleton height={56} radius="md" width="70%" />
      </div>
    );
  }
  return (
    <CurrentAppContext.Provider value={app.data}>
      <Suspense fallback={<Skeleton height={200} />}>
        <SupportConversation chatId={ticket.chatId} />
      </Suspense>
    </CurrentAppContext.Provider>
  );
}

type Props = {
  ticketId: string;
  testId: string;
  /** The way back: where the ticket was listed, for the missing message and the trail. */
  back: { to: string; label: string };
  /** The trail's links between the way back and the ticket's number. */
  trail: (ticket: TicketDetail) => ReactNode;
  /** The member beside the ticket. */
  aside: (ticket: TicketDetail) => ReactNode;
};

/**
 * A ticket as the team works it, on either host: the trail, the subject with its status, the clocks and the
 * status control, the conversation (the team member enters the chat on first sight) and the member beside it.
 */
export function TeamTicketView({ ticketId, testId, back, trail, aside }: Props) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { query, ticket, put, status, answeredAt } = useTicket(ticketId);
  const join = useJoinTicket(ticket, put);
  usePageTitle(ticket ? `#${ticket.number} ${ticket.subject}` : t('tickets.ticket.loading'));

  if (!ticket) {
    return (
      <div className={classes.page} data-testid={testId}>
        {query.isPending ? (
          <Skeleton height={300} radius="md" />
        ) : (
          <Paper withBorder radius="md" p="xl" role="alert">
            <Text>{t('tickets.ticket.missing')}</Text>
            <Anchor component={Link} to={back.to}>
              {t('tickets.support.back')}
            </Anchor>
          </Paper>
        )}
      </div>
    );
  }

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid={testId}>
      <nav className={classes.trail} aria-label={t('tickets.support.trail')}>
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
        {trail(ticket)}
        <Text size="sm">#{ticket.number}</Text>
      </nav>
      <header className={classes.ticketHeader}>
        <TicketTitle
          ticket={ticket}
          meta={t('tickets.ticket.meta', { number: ticket.number, name: ticket.requester.name })}
        />
        <Group justify="space-between" gap="sm">
          <TicketClocks ticket={ticket} answeredAt={new Date(answeredAt).toISOString()} />
          {ticket.permissions.can.includes('status') ? (
            <TicketStatusControl
              status={ticket.status}
              onChange={(next) => status.mutate(next)}
              disabled={status.isPending}
            />
          ) : null}
        </Group>
      </header>
      <div className={classes.ticketLayout}>
        <Paper withBorder radius="md" className={classes.conversationCard}>
          {ticket.isInChat ? (
            <TeamConversation ticket={ticket} />
          ) : (
            <Text p="md" c="dimmed" role={join.isError ? 'alert' : undefined}>
              {join.isError ? t('tickets.ticket.joinFailed') : t('tickets.ticket.joining')}
            </Text>
          )}
        </Paper>
        {aside(ticket)}
      </div>
    </div>
  );
}
