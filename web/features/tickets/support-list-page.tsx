import { Anchor, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { useProject } from '../projects';
import { TicketList } from './ticket-list';
import { ticketAppsQuery } from './tickets-api';
import { supportPaths } from './tickets-paths';
import classes from './tickets.module.css';

/** `/projects/{projectId}/support/a/{appId}` (ROUTE-49): one app's tickets with status tabs, 20 per page. */
export function SupportListPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const { appId = '' } = useParams();
  const apps = useQuery(ticketAppsQuery(project.id));
  const app = apps.data?.find((item) => item.appId === appId);
  const name = app?.name ?? '';
  usePageTitle(`${t('tickets.support.title')} · ${name || project.name}`);

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="support-list">
      <nav className={classes.trail} aria-label={t('tickets.support.trail')}>
        <Anchor component={Link} to={supportPaths.index(project.id)} size="sm">
          {t('tickets.support.title')}
        </Anchor>
        <Text size="sm">{name}</Text>
      </nav>
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.title}>
            {t('tickets.support.appTitle', { app: name })}
          </Title>
          <Text className={classes.lead}>
            {app ? t('tickets.support.open', { count: app.open }) : t('tickets.support.loading')}
          </Text>
        </div>
      </header>
      <TicketList
        scope={{ kind: 'project', projectId: project.id, appId }}
        linkOf={(ticket) => supportPaths.ticket(project.id, ticket.id)}
        showRequester
        empty={t('tickets.list.emptyTeam')}
      />
    </div>
  );
}
