import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProject } from '../projects';
import { ContactCard } from './ticket-contact';
import { TeamTicketView } from './team-ticket-view';
import { supportPaths } from './tickets-paths';

/**
 * `/projects/{projectId}/support/ticket/{ticketId}` (ROUTE-50) and `…/{memberId}` (ROUTE-51): the conversation
 * with the status control and the clocks; the member's contact card beside it.
 */
export function SupportTicketPage() {
  const { t } = useTranslation();
  const project = useProject();
  const { ticketId = '', memberId } = useParams();
  return (
    <TeamTicketView
      ticketId={ticketId}
      testId="support-ticket"
      back={{ to: supportPaths.index(project.id), label: t('tickets.support.title') }}
      trail={(ticket) => (
        <Anchor component={Link} to={supportPaths.app(project.id, ticket.appId)} size="sm">
          {ticket.appName}
        </Anchor>
      )}
      aside={(ticket) =>
        ticket.contact ? (
          <ContactCard
            ticket={ticket}
            contact={ticket.contact}
            // The full card on its own address (ROUTE-51), a short one that leads there on the ticket's.
            more={
              memberId === undefined
                ? supportPaths.contact(project.id, ticket.id, ticket.contact.profileId)
                : null
            }
            profile={`/projects/${project.id}/contacts/${ticket.contact.profileId}`}
          />
        ) : null
      }
    />
  );
}
