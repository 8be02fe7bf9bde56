import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageMessage } from '../components/full-page-message';
import { NotFoundMessage } from '../components/not-found-message';
import { isChunkLoadError } from '../kernel/chunk';

function reload() {
  window.location.reload();
}

/** Shown instead of a route that failed to load or render; `fullScreen` when no shell is around it. */
export function RouteErrorBoundary({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundMessage fullScreen={fullScreen} />;
  }

  const reloadButton = (
    <Button size="md" leftSection={<IconRefresh size={18} stroke={1.8} />} onClick={reload}>
      {t('common.reload')}
    </Button>
  );

  if (isChunkLoadError(error)) {
    return (
      <FullPageMessage
        data-testid="new-version"
        fullScreen={fullScreen}
        icon={<IconSparkles size={32} stroke={1.6} />}
        title={t('app.newVersion.title')}
        text={t('app.newVersion.text')}
        actions={reloadButton}
      />
    );
  }

  console.error(error);
  return (
    <FullPageMessage
      data-testid="route-error"
      fullScreen={fullScreen}
      color="red"
      icon={<IconAlertTriangle size={32} stroke={1.6} />}
      title={t('app.routeError.title')}
      text={t('app.routeError.text')}
      actions={reloadButton}
    />
  );
}
