import { Suspense } from 'react';
import { Anchor, Avatar, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconAddressBook, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CurrentAppContext, currentAppQuery } from '../../kernel/current-app';
import { useFormat } from '../../kernel/format';
import { useRealtimeConnection } from '../../kernel/realtime';
import { useAccount } from '../../kernel/session/account-store';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { SupportConversation } from '../chat';
import { useProject } from '../projects';
import { TicketClocks } from './ticket-clocks';
import { TicketStatusBadge, TicketStatusControl } from './ticket-status';
import type { TicketDetail } from './tickets-api';
import { supportPaths } from './tickets-paths';
import { useJoinTicket, useTicket } from './use-ticket';
import classes from './tickets.module.css';

/** The conversation as the ticket's app sees the team member (their profile there, the app's socket). */
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

/** ROUTE-51: the member beside the ticket (the full card on its own address, a short one on the ticket's). */
function ContactCard({ ticket, full }: { ticket: TicketDetail; full: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const project = useProject();
  const contact = ticket.contact;
  if (!contact) {
    return null;
  }
  return (
    <Paper withBorder radius="md" p="md" className={classes.contact} data-testid="ticket-contact">
      <Group wrap="nowrap">
        <Avatar src={contact.avatarUrl} name={contact.name} color="initials" radius="xl" size="lg" alt="" />
        <div>
          <Text fw={600}>{contact.name}</Text>
          <Text size="sm" c="dimmed">
            {ticket.appName}
          </Text>
        </div>
      </Group>
      {full ? (
        <>
          <Group gap={6} wrap="nowrap">
            <IconMail size={16} stroke={1.7} aria-hidden />
            <Anchor href={`mailto:${contact.email}`} size="sm">
              {contact.email}
            </Anchor>
          </Group>
          <Text size="sm">{t('tickets.contact.since', { date: format.date(contact.memberSince) })}</Text>
          <Text size="sm">
            {t('tickets.contact.tickets', { open: contact.openTickets, total: contact.totalTickets })}
          </Text>
          <Button
            component={Link}
            to={`/projects/${project.id}/contacts/${contact.profileId}`}
            variant="default"
            size="xs"
            leftSection={<IconAddressBook size={16} stroke={1.7} />}
          >
            {t('tickets.contact.profile')}
          </Button>
        </>
      ) : (
        <Button
          component={Link}
          to={supportPaths.contact(project.id, ticket.id, contact.profileId)}
          variant="default"
          size="xs"
          data-testid="ticket-contact-open"
        >
          {t('tickets.contact.show')}
        </Button>
      )}
    </Paper>
  );
}

/**
 * `/projects/{projectId}/support/ticket/{ticketId}` (ROUTE-50) and `…/{memberId}` (ROUTE-51): the conversation
 * with the status control and the clocks; the member's contact card beside it.
 */
export function SupportTicketPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const { ticketId = '', memberId } = useParams();
  const { query, ticket, put, status, answeredAt } = useTicket(ticketId);
  const join = useJoinTicket(ticket, put);
  usePageTitle(ticket ? `#${ticket.number} ${ticket.subject}` : t('tickets.ticket.loading'));

  if (!ticket) {
    return (
      <div className={classes.page} data-testid="support-ticket">
        {query.isPending ? (
          <Skeleton height={300} radius="md" />
        ) : (
          <Paper withBorder radius="md" p="xl" role="alert">
            <Text>{t('tickets.ticket.missing')}</Text>
            <Anchor component={Link} to={supportPaths.index(project.id)}>
              {t('tickets.support.back')}
            </Anchor>
          </Paper>
        )}
      </div>
    );
  }

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="support-ticket">
      <nav className={classes.trail} aria-label={t('tickets.support.trail')}>
        <Anchor component={Link} to={supportPaths.index(project.id)} size="sm">
          {t('tickets.support.title')}
        </Anchor>
        <Anchor component={Link} to={supportPaths.app(project.id, ticket.appId)} size="sm">
          {ticket.appName}
        </Anchor>
        <Text size="sm">#{ticket.number}</Text>
      </nav>
      <header className={classes.ticketHeader}>
        <div className={classes.ticketTitleRow}>
          <Title order={1} className={classes.title}>
            {ticket.subject}
          </Title>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <Text size="sm" c="dimmed">
          {t('tickets.ticket.meta', { number: ticket.number, name: ticket.requester.name })}
        </Text>
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
        <ContactCard ticket={ticket} full={memberId !== undefined} />
      </div>
    </div>
  );
}
