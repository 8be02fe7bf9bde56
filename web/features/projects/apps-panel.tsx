import { useState } from 'react';
import { Button, EmptyState, Pagination, SimpleGrid, Skeleton, Tabs, Title } from '@mantine/core';
import { IconApps, IconArchive, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../kernel/ui-store';
import { AppCard } from './app-card';
import { CreateAppDialog } from './create-app-dialog';
import { canInProject } from './project-context';
import { appListQuery, type Project } from './projects-api';
import classes from './projects.module.css';

type Tab = 'active' | 'archived';

/** The apps of the project, active or archived, with "App erstellen" for those allowed to manage apps. */
export function AppsPanel({ project }: { project: Project }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [tab, setTab] = useState<Tab>('active');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const canManage = canInProject(project, 'apps');
  const canView = canInProject(project, 'view_apps');
  // Spec §6: the apps list is skipped without the project's view_apps ability.
  const query = useQuery({
    ...appListQuery(project.id, tab === 'archived', page),
    enabled: canView,
    placeholderData: keepPreviousData,
  });
  const apps = query.data?.data ?? [];
  const pages = query.data?.meta.pages ?? 1;
  const canCreate = canManage && !project.isArchive;

  return (
    <section className={classes.panel} data-testid="apps-panel">
      <div className={classes.panelHeader}>
        <Title order={2} className={classes.panelTitle}>
          {t('workspace.apps.title')}
        </Title>
        {canCreate ? (
          <Button
            size="sm"
            leftSection={<IconPlus size={17} stroke={1.8} />}
            onClick={() => setCreating(true)}
            data-testid="apps-create"
          >
            {t('workspace.apps.create.open')}
          </Button>
        ) : null}
      </div>
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab(value === 'archived' ? 'archived' : 'active');
          setPage(1);
        }}
        className={classes.panelTabs}
      >
        <Tabs.List>
          <Tabs.Tab
            value="active"
            leftSection={<IconApps size={16} stroke={1.7} />}
            data-testid="apps-tab-active"
          >
            {t('workspace.apps.tabs.active')}
          </Tabs.Tab>
          <Tabs.Tab
            value="archived"
            leftSection={<IconArchive size={16} stroke={1.7} />}
            data-testid="apps-tab-archived"
          >
            {t('workspace.apps.tabs.archived')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <div className={classes.panelBody}>
        {!canView ? (
          <EmptyState
            size="sm"
            icon={<IconApps size={26} stroke={1.5} />}
            title={t('workspace.apps.noAccessTitle')}
            description={t('workspace.apps.noAccessText')}
          />
        ) : query.isPending ? (
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
            <Skeleton height={120} radius="lg" />
            <Skeleton height={120} radius="lg" />
          </SimpleGrid>
        ) : apps.length === 0 ? (
          <EmptyState
            size={isMobile ? 'sm' : 'md'}
            variant="light"
            icon={
              tab === 'active' ? <IconApps size={28} stroke={1.5} /> : <IconArchive size={28} stroke={1.5} />
            }
            title={t(`workspace.apps.empty.${tab}Title`)}
            description={t(`workspace.apps.empty.${tab}Text`)}
            data-testid="apps-empty"
          >
            {tab === 'active' && canCreate ? (
              <EmptyState.Actions>
                <Button leftSection={<IconPlus size={17} stroke={1.8} />} onClick={() => setCreating(true)}>
                  {t('workspace.apps.create.first')}
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md" data-testid="apps-list">
            {apps.map((app) => (
              <AppCard key={app.id} app={app} canManage={canManage} />
            ))}
          </SimpleGrid>
        )}
        {pages > 1 ? (
          <Pagination className={classes.pagination} total={pages} value={page} onChange={setPage} />
        ) : null}
      </div>
      <CreateAppDialog projectId={project.id} opened={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
