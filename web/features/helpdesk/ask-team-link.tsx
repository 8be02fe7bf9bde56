import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import classes from './helpdesk.module.css';

// The tickets' new-request screen (`requestPaths.create` in features/tickets/tickets-paths.ts). The tickets import
// the help desk for their suggestions, so the help desk names the address itself rather than import it back.
const newRequestPath = (slug: string) => `/${slug}/requests/new`;

/**
 * "Keine Antwort gefunden? Anfrage stellen": from the help desk to a request to the app's team, for members with a
 * profile who may open one, as themselves (the team, who answers requests, is not shown it).
 */
export function AskTeamLink() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const signedIn = useIsAuthenticated();
  const mayAsk =
    signedIn &&
    app.viewer !== null &&
    !app.masqueradeProfileId &&
    appCan(app, 'create_ticket') &&
    !appCan(app, 'tickets');
  if (!mayAsk) {
    return null;
  }
  return (
    <Text size="sm" className={classes.askTeam} data-testid="helpdesk-ask-team">
      {t('helpdesk.askTeam.question')}{' '}
      <Anchor component={Link} to={newRequestPath(app.slug)} underline="always" fw={600}>
        {t('helpdesk.askTeam.link')}
      </Anchor>
    </Text>
  );
}
