import { Button, EmptyState, Pagination, SimpleGrid, Skeleton, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconFolders, IconPlus, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { fullNameOf, useAccount } from '../../kernel/session/account-store';
import { isFirstVisit } from '../../kernel/session/first-visit';
import { ProjectCard } from './project-card';
import { projectListPosition, projectListQuery } from './projects-api';
import { projectPaths } from './projects-paths';
import { TeamInvitations } from './team-invitations';
import classes from './projects.module.css';

type Tab = 'active' | 'archived';

/** `/projects` (spec §2 index): the caller's projects, active or archived, and open team invitations. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const account = useAccount();
  const [params, setParams] = useSearchParams();
  const { archived, page } = projectListPosition(params);
  const tab: Tab = archived ? 'archived' : 'active';
  const query = useQuery({
    ...projectListQuery(archived, page),
    placeholderData: keepPreviousData,
  });
  usePageTitle(t('workspace.projects.title'));

  const change = (next: { tab?: Tab; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.tab) {
          updated.set('tab', next.tab);
          updated.delete('page');
        }
        if (next.page) {
          updated.set('page', String(next.page));
        }
        return updated;
      },
      { replace: true },
    );

  const projects = query.data?.data ?? [];
  const pages = query.data?.meta.pages ?? 1;

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="projects-page">
      <header className={classes.pageHeader}>
        <div>
          {account ? (
            <Text className={classes.eyebrow}>
              <Trans
                i18nKey={
                  isFirstVisit(account.id) ? 'workspace.projects.greetingNew' : 'workspace.projects.greeting'
                }
                values={{ name: fullNameOf(account) }}
                components={{ name: <span data-testid="projects-name" /> }}
              />
            </Text>
          ) : null}
          <Title order={1} className={classes.title}>
            {t('workspace.projects.title')}
          </Title>
          <Text className={classes.lead}>{t('workspace.projects.lead')}</Text>
        </div>
        <Button
          component={Link}
          to={projectPaths.create}
          leftSection={<IconPlus size={18} stroke={1.8} />}
          fullWidth={isMobile}
          data-testid="projects-create"
        >
          {t('workspace.projects.create')}
        </Button>
      </header>

      <TeamInvitations highlightId={params.get('teamInvitation')} />

      <Tabs
        value={tab}
        onChange={(value) => change({ tab: value === 'archived' ? 'archived' : 'active' })}
        className={classes.tabs}
      >
        <Tabs.List>
          <Tabs.Tab
            value="active"
            leftSection={<IconFolders size={16} stroke={1.7} />}
            data-testid="projects-tab-active"
          >
            {t('workspace.projects.tabs.active')}
          </Tabs.Tab>
          <Tabs.Tab
            value="archived"
            leftSection={<IconArchive size={16} stroke={1.7} />}
            data-testid="projects-tab-archived"
          >
            {t('workspace.projects.tabs.archived')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>

      {query.isError && !query.data ? (
        <div className={classes.emptyPanel}>
          <EmptyState
            size="sm"
            variant="light"
            color="red"
            icon={<IconAlertTriangle size={28} stroke={1.5} />}
            title={t('workspace.projects.loadErrorTitle')}
            description={t('workspace.projects.loadErrorText')}
            data-testid="projects-load-error"
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                loading={query.isFetching}
                leftSection={<IconRefresh size={17} stroke={1.8} />}
                onClick={() => void query.refetch()}
              >
                {t('common.retry')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </div>
      ) : query.isPending ? (
        <SimpleGrid cols={isMobile ? 1 : 3} spacing="md">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={188} radius="lg" />
          ))}
        </SimpleGrid>
      ) : projects.length === 0 ? (
        <div className={classes.emptyPanel}>
          <EmptyState
            size={isMobile ? 'sm' : 'md'}
            variant="light"
            icon={
              tab === 'active' ? (
                <IconFolders size={30} stroke={1.5} />
              ) : (
                <IconArchive size={30} stroke={1.5} />
              )
            }
            title={t(`workspace.projects.empty.${tab}Title`)}
            description={t(`workspace.projects.empty.${tab}Text`)}
            data-testid="projects-empty"
          >
            {tab === 'active' ? (
              <EmptyState.Actions>
                <Button
                  component={Link}
                  to={projectPaths.create}
                  leftSection={<IconPlus size={18} stroke={1.8} />}
                >
                  {t('workspace.projects.createFirst')}
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        </div>
      ) : (
        <SimpleGrid cols={isMobile ? 1 : 3} spacing="md" data-testid="projects-list">
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 ? (
        <Pagination
          className={classes.pagination}
          total={pages}
          value={page}
          onChange={(value) => change({ page: value })}
        />
      ) : null}
    </div>
  );
}
