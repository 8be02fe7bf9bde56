import { Button } from '@mantine/core';
import { IconArrowLeft, IconFolderQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { ProjectContext } from './project-context';
import { ProjectNav } from './project-nav';
import { projectQuery } from './projects-api';
import { projectPaths } from './projects-paths';
import classes from './projects.module.css';

/** `/projects/{projectId}/*`: loads the project once, shows its switcher and navigation above every screen. */
export function ProjectLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { projectId = '' } = useParams();
  const query = useQuery(projectQuery(projectId));

  if (query.isPending) {
    return <FullPageLoader fullScreen={false} />;
  }
  if (!query.data) {
    const notFound = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <FullPageMessage
        data-testid="project-not-found"
        color={notFound ? undefined : 'red'}
        icon={<IconFolderQuestion size={32} stroke={1.6} />}
        title={notFound ? t('workspace.project.notFoundTitle') : t('workspace.project.loadErrorTitle')}
        text={notFound ? t('workspace.project.notFoundText') : t('workspace.project.loadErrorText')}
        actions={
          <Button
            component={Link}
            to={projectPaths.list}
            size="md"
            leftSection={<IconArrowLeft size={18} stroke={1.8} />}
          >
            {t('workspace.project.backToList')}
          </Button>
        }
      />
    );
  }

  return (
    <ProjectContext value={query.data}>
      <div className={classes.projectFrame} data-mobile={isMobile || undefined}>
        <ProjectNav project={query.data} />
        <Outlet />
      </div>
    </ProjectContext>
  );
}
