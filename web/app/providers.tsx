import { useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { MobileFlagSync } from './mobile-flag-sync';
import { NotificationsOutlet } from './notifications-outlet';
import { localizedTheme } from './theme';

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** `test` turns off transitions and portals (jsdom). */
  env?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider env={env}>
        <NotificationsOutlet />
        <MobileFlagSync />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

/**
 * Mantine with the app's theme in the person's language (the close buttons' names). The theme's CSS variables and
 * breakpoint classes are in the start style sheet, written by the build (web/build/theme-variables.ts), instead of
 * computed and inserted by the provider on the first render.
 */
function ThemeProvider({ env, children }: { env: AppProvidersProps['env']; children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const themed = useMemo(() => localizedTheme(closeLabel), [closeLabel]);
  return (
    <MantineProvider
      theme={themed}
      withCssVariables={false}
      withGlobalClasses={false}
      defaultColorScheme="auto"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
