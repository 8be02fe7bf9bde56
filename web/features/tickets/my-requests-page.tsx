import { Button, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { TicketList } from './ticket-list';
import { requestPaths } from './tickets-paths';
import classes from './tickets.module.css';

/** `/{appSlug}/requests`: the member's own requests ("Meine Anfragen"). */
export function MyRequestsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const app = useCurrentApp();
  usePageTitle(t('tickets.request.listTitle'));
  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="my-requests">
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.title}>
            {t('tickets.request.listTitle')}
          </Title>
          <Text className={classes.lead}>{t('tickets.request.listLead')}</Text>
        </div>
        <Button
          component={Link}
          to={requestPaths.create(app.slug)}
          leftSection={<IconPlus size={17} stroke={1.8} />}
          data-testid="request-new"
        >
          {t('tickets.request.new')}
        </Button>
      </header>
      <TicketList
        scope={{ kind: 'mine', appId: app.id }}
        linkOf={(ticket) => requestPaths.request(app.slug, ticket.id)}
        showRequester={false}
        empty={t('tickets.list.emptyMember')}
      />
    </div>
  );
}
