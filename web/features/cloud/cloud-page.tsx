import { useCallback, useMemo } from 'react';
import { Button } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { appCan, appHomePath, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { FullPageMessage } from '../../components/full-page-message';
import { canInProject, useProject, projectPaths } from '../projects';
import { CloudLibrary } from './cloud-library';
import { locationOfAddress } from './cloud-prefetch';
import { CloudScopeContext, cloudPagePath, type CloudLocation, type CloudScope } from './cloud-scope';
import classes from './cloud-page.module.css';

/** `cloud/{folderId?}` and `?folder=<pseudo-folder>`: the address is the library's location (RULE-26). */
function useAddressLocation(): CloudLocation {
  const { folderId } = useParams();
  const [search] = useSearchParams();
  const folder = search.get('folder');
  return useMemo(() => locationOfAddress(folderId, folder), [folderId, folder]);
}

function CloudPageBody({ scope }: { scope: CloudScope }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const location = useAddressLocation();
  const handleLocationChange = useCallback(
    (next: CloudLocation) => navigate(cloudPagePath(scope.basePath ?? '', next)),
    [navigate, scope.basePath],
  );
  return (
    <CloudScopeContext value={scope}>
      <div className={classes.page} data-mobile={isMobile || undefined}>
        <CloudLibrary mode="page" location={location} onLocationChange={handleLocationChange} />
      </div>
    </CloudScopeContext>
  );
}

function NoAccess({ backTo }: { backTo: string }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      data-testid="cloud-no-access"
      icon={<IconLock size={32} stroke={1.6} />}
      title={t('cloud.page.noAccessTitle')}
      text={t('cloud.page.noAccessText')}
      actions={
        <Button component={Link} to={backTo} size="md" leftSection={<IconArrowLeft size={18} stroke={1.8} />}>
          {t('cloud.page.back')}
        </Button>
      }
    />
  );
}

/** Service host `/projects/{projectId}/cloud/{folderId?}` (ROUTE-54): needs project `view_files` (RULE-112). */
export function ProjectCloudPage() {
  const { t } = useTranslation();
  const project = useProject();
  usePageTitle(t('cloud.page.title'));
  const scope = useMemo<CloudScope>(
    () => ({ projectId: project.id, appId: null, basePath: `${projectPaths.view(project.id)}/cloud` }),
    [project.id],
  );
  if (!canInProject(project, 'view_files')) {
    return <NoAccess backTo={projectPaths.view(project.id)} />;
  }
  return <CloudPageBody scope={scope} />;
}

/** App host `/{appSlug}/cloud/{folderId?}` (ROUTE-55): needs the app-level `cloud` ability (RULE-113). */
export function AppCloudPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  usePageTitle(t('cloud.page.title'));
  const scope = useMemo<CloudScope>(
    () => ({ projectId: app.projectId, appId: app.id, basePath: `/${app.slug}/cloud` }),
    [app.projectId, app.id, app.slug],
  );
  if (!appCan(app, 'cloud')) {
    return <NoAccess backTo={appHomePath(app.slug)} />;
  }
  return <CloudPageBody scope={scope} />;
}
