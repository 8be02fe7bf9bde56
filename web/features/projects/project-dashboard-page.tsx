import { Anchor, Badge, Text, Title } from '@mantine/core';
import { IconArrowRight, IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HiddenPageHeading } from '../../components/hidden-page-heading';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { AppsPanel } from './apps-panel';
import { useProject } from './project-context';
import { ProjectUsage } from './project-usage';
import { projectPaths } from './projects-paths';
import classes from './projects.module.css';

/** `/projects/{projectId}` and `/dashboard` (ROUTE-13/14): the project's apps, its tariff and what it uses. */
export function ProjectDashboardPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  usePageTitle(project.name);

  return (
    <div className={classes.dashboard} data-mobile={isMobile || undefined} data-testid="project-dashboard">
      {/* The project's name shows in the switcher above; the heading names the page for screen readers. */}
      <HiddenPageHeading>{t('workspace.dashboard.heading', { name: project.name })}</HiddenPageHeading>
      {project.isArchive ? (
        <Text className={classes.archivedNote} data-testid="project-archived-note">
          {t('workspace.dashboard.archivedNote')}
        </Text>
      ) : null}
      <div className={classes.dashboardGrid}>
        <AppsPanel project={project} />
        <TariffCard />
      </div>
    </div>
  );
}

/** The tariff and the usage bars (counts and storage). */
function TariffCard() {
  const { t } = useTranslation();
  const project = useProject();
  return (
    <aside className={classes.panel} data-testid="tariff-card">
      <div className={classes.panelHeader}>
        <div className={classes.tariffHead}>
          <span className={classes.tariffIcon}>
            <IconChartBar size={18} stroke={1.7} />
          </span>
          <div>
            <Text size="xs" c="dimmed" fw={500} tt="uppercase" className={classes.eyebrowSmall}>
              {t('workspace.dashboard.tariff')}
            </Text>
            <Title order={2} className={classes.panelTitle} data-testid="tariff-name">
              {project.tariff.name}
            </Title>
          </div>
        </div>
        {project.isOwner ? (
          <Badge variant="light" radius="sm">
            {t('workspace.dashboard.owner')}
          </Badge>
        ) : null}
      </div>
      <div className={classes.panelBody}>
        <Text size="sm" fw={600} mb="sm">
          {t('workspace.dashboard.usage')}
        </Text>
        <ProjectUsage project={project} />
        <Anchor
          component={Link}
          to={projectPaths.paymentPlan(project.id)}
          className={classes.inlineLink}
          data-testid="tariff-compare"
        >
          {t('workspace.dashboard.compare')}
          <IconArrowRight size={16} stroke={1.8} />
        </Anchor>
      </div>
    </aside>
  );
}
