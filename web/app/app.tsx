import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ClientConfig } from '../../contracts/platform';
import { FullPageLoader } from '../components/full-page-loader';
import { FullPageMessage } from '../components/full-page-message';
import { currentLanguage, setLanguage, storedLanguage } from '../i18n/i18n';
import { BootSkeletonGone } from '../kernel/boot-skeleton';
import { ClientConfigContext, clientConfigQuery } from '../kernel/client-config';
import { detectHostKind, isConfiguredHost, type HostKind } from '../kernel/host';
import { HostKindContext } from '../kernel/host-context';
import { createRoutes } from './routes';

// Seen only on a host this server is not configured for: kept out of the entry.
const UnknownHostPage = lazy(async () => ({
  default: (await import('../components/unknown-host-page')).UnknownHostPage,
}));

/** Loads the client configuration first: it decides which host this is and the default language. */
export function App() {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQuery);

  if (config.isPending) {
    return <FullPageLoader />;
  }
  if (config.isError) {
    return (
      <>
        <BootSkeletonGone />
        <FullPageMessage
          data-testid="config-error"
          fullScreen
          color="orange"
          icon={<IconPlugConnectedX size={32} stroke={1.6} />}
          title={t('app.configError.title')}
          text={t('app.configError.text')}
          actions={
            <Button
              size="md"
              loading={config.isFetching}
              leftSection={<IconRefresh size={18} stroke={1.8} />}
              onClick={() => void config.refetch()}
            >
              {t('common.retry')}
            </Button>
          }
        />
      </>
    );
  }
  if (!isConfiguredHost(config.data, window.location.host)) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <UnknownHostPage config={config.data} host={window.location.host} />
      </Suspense>
    );
  }
  return <ConfiguredApp config={config.data} />;
}

type StartedRouter = { hostKind: HostKind; router: ReturnType<typeof createBrowserRouter> };
let started: StartedRouter | null = null;

/**
 * The page's router, created once. Creating it starts the first screen's work: its lazy chunks and its loaders
 * (the session, then the screen's data). main.tsx calls this as soon as the configuration has arrived, so that
 * work runs while the texts are still loading instead of after them.
 */
export function startRouter(config: ClientConfig): StartedRouter {
  if (!started) {
    const hostKind = detectHostKind(config, window.location.host);
    started = { hostKind, router: createBrowserRouter(createRoutes(hostKind)) };
  }
  return started;
}

function ConfiguredApp({ config }: { config: ClientConfig }) {
  const [{ hostKind, router }] = useState(() => startRouter(config));

  useEffect(() => {
    // The deployment's default language applies until the person picks one.
    const language = config.defaultLanguage;
    if (!storedLanguage() && config.languages.includes(language) && currentLanguage() !== language) {
      void setLanguage(language, { persist: false });
    }
  }, [config]);

  return (
    <ClientConfigContext value={config}>
      <HostKindContext value={hostKind}>
        <RouterProvider router={router} />
      </HostKindContext>
    </ClientConfigContext>
  );
}
