import { Anchor, Avatar, Button, Group, Paper, Text } from '@mantine/core';
import { IconAddressBook, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../kernel/format';
import type { TicketContact, TicketDetail } from './tickets-api';
import classes from './tickets.module.css';

type Props = {
  ticket: TicketDetail;
  contact: TicketContact;
  /** Where the full card is (a short card that leads there), or null for the full card. */
  more: string | null;
  /** The member's profile among the project's contacts (the service host), when the screen can go there. */
  profile?: string;
};

/** ROUTE-51: the member beside the ticket: who, which app, their e-mail, since when, how many requests. */
export function ContactCard({ ticket, contact, more, profile }: Props) {
  const { t } = useTranslation();
  const format = useFormat();
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
      {more === null ? (
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
          {profile ? (
            <Button
              component={Link}
              to={profile}
              variant="default"
              size="xs"
              leftSection={<IconAddressBook size={16} stroke={1.7} />}
            >
              {t('tickets.contact.profile')}
            </Button>
          ) : null}
        </>
      ) : (
        <Button component={Link} to={more} variant="default" size="xs" data-testid="ticket-contact-open">
          {t('tickets.contact.show')}
        </Button>
      )}
    </Paper>
  );
}
