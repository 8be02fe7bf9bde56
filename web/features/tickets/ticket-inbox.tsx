import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { TicketList } from './ticket-list';
import { teamPaths } from './tickets-paths';

/**
 * The moderation inbox's ticket tab (RULE-221) for the app's team: the app's tickets by status, most recently
 * active first, each opened in the app (docs/decisions/tickets.md: only `app:tickets`, not moderators).
 */
export function TicketInbox() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  return (
    <TicketList
      scope={{ kind: 'app', appId: app.id }}
      linkOf={(ticket) => teamPaths.ticket(app.slug, ticket.id)}
      showRequester
      empty={t('tickets.list.emptyTeam')}
    />
  );
}
