import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { ContactCard } from './ticket-contact';
import { TeamTicketView } from './team-ticket-view';
import { teamPaths } from './tickets-paths';

/**
 * `/{appSlug}/settings/moderation/tickets/{ticketId}`: a ticket of the moderation inbox's ticket tab, worked by
 * the app's team without leaving the app (the same view as the service host's, the full contact card beside).
 */
export function AppTicketPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { ticketId = '' } = useParams();
  return (
    <TeamTicketView
      ticketId={ticketId}
      testId="app-ticket"
      back={{ to: teamPaths.inbox(app.slug), label: t('moderation.views.ticket') }}
      trail={() => null}
      aside={(ticket) =>
        ticket.contact ? <ContactCard ticket={ticket} contact={ticket.contact} more={null} /> : null
      }
    />
  );
}
