import { Badge, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { useProject } from '../projects';
import { ticketAppsQuery } from './tickets-api';
import { supportPaths } from './tickets-paths';
import { ticketStatusOrder } from './ticket-status';
import classes from './tickets.module.css';

/** `/projects/{projectId}/support` (ROUTE-48): the project's apps with their open tickets per status. */
export function SupportIndexPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  usePageTitle(`${t('tickets.support.title')} · ${project.name}`);
  const query = useQuery(ticketAppsQuery(project.id));
  const apps = query.data ?? [];
  const open = apps.reduce((sum, app) => sum + app.open, 0);

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="support-index">
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.title}>
            {t('tickets.support.title')}
          </Title>
          <Text className={classes.lead}>
            {query.data ? t('tickets.support.lead', { count: open }) : t('tickets.support.loading')}
          </Text>
        </div>
      </header>
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </SimpleGrid>
      ) : apps.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {t('tickets.support.noApps')}
          </Text>
        </Paper>
      ) : (
        <div className={classes.grid}>
          {apps.map((app) => (
            <Paper
              key={app.appId}
              component={Link}
              to={supportPaths.app(project.id, app.appId)}
              withBorder
              radius="md"
              p="md"
              className={classes.appCard}
              data-testid="support-app"
            >
              <div>
                <Text fw={600} size="lg">
                  {app.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {app.open > 0
                    ? t('tickets.support.open', { count: app.open })
                    : t('tickets.support.allDone')}
                </Text>
              </div>
              <div className={classes.counts}>
                {ticketStatusOrder.map((status) => (
                  <Badge
                    key={status}
                    variant={app.counts[status] > 0 ? 'light' : 'outline'}
                    color="gray"
                    radius="sm"
                  >
                    {t(`tickets.status.${status}`)}: {app.counts[status]}
                  </Badge>
                ))}
              </div>
            </Paper>
          ))}
        </div>
      )}
      <Text size="xs" c="dimmed">
        <IconLifebuoy size={14} stroke={1.6} style={{ verticalAlign: 'middle' }} />{' '}
        {t('tickets.support.hint')}
      </Text>
    </div>
  );
}
