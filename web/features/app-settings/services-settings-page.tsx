import type { ComponentType } from 'react';
import { Skeleton, Stack, Switch, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArticle,
  IconCalendarEvent,
  IconCloud,
  IconFiles,
  IconHelpCircle,
  IconHome,
  IconMessages,
  IconSchool,
  IconTrophy,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { builtAppServices, type AppOptionsValues, type AppService } from '../../../contracts/apps';
import { currentAppQueryPrefix, useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { appOptionsQuery, appSettingsApi } from './app-settings-api';
import { HomeSettingsSection } from './home-settings-section';
import { SettingsPageHeader } from './settings-page-header';
import classes from './app-settings.module.css';

const serviceIcons: Record<AppService, ComponentType<{ size?: number; stroke?: number }>> = {
  home: IconHome,
  community: IconUsersGroup,
  communities: IconWorld,
  events: IconCalendarEvent,
  chat: IconMessages,
  courses: IconSchool,
  helpdesk: IconHelpCircle,
  articles: IconArticle,
  cloud: IconCloud,
  rewards: IconTrophy,
  pages: IconFiles,
};

/** The switches of `GET/PATCH /apps/{appId}/options`; each one saves at once. */
function ServiceSwitches({ options }: { options: AppOptionsValues }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ service, on }: { service: AppService; on: boolean }) =>
      appSettingsApi.updateOptions(app.id, { services: { [service]: on } }),
    onMutate: ({ service, on }) => {
      queryClient.setQueryData(appOptionsQuery(app.id).queryKey, {
        data: { services: { ...options.services, [service]: on } },
      });
    },
    onSuccess: (updated, { service, on }) => {
      queryClient.setQueryData(appOptionsQuery(app.id).queryKey, { data: updated });
      // The app's menu follows the switched services.
      void queryClient.invalidateQueries({ queryKey: currentAppQueryPrefix(app.slug) });
      notifications.show({
        color: 'teal',
        message: t(on ? 'appSettings.services.switchedOn' : 'appSettings.services.switchedOff', {
          service: t(`appSettings.services.names.${service}`),
        }),
      });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: appOptionsQuery(app.id).queryKey });
    },
  });

  return (
    <AccountSection
      title={t('appSettings.services.listTitle')}
      text={t('appSettings.services.listText')}
      testId="service-switches"
    >
      <div>
        {/* Only the services that exist; the others appear here as they are built. */}
        {builtAppServices.map((service) => {
          const Icon = serviceIcons[service];
          return (
            <div key={service} className={classes.switchRow}>
              <ThemeIcon variant="light" size={40} radius="md" className={classes.serviceIcon}>
                <Icon size={21} stroke={1.6} />
              </ThemeIcon>
              <div className={classes.switchText} style={{ flex: 1 }}>
                <div className={classes.switchLabel} id={`service-${service}`}>
                  {t(`appSettings.services.names.${service}`)}
                </div>
                <div className={classes.switchHint}>{t(`appSettings.services.hints.${service}`)}</div>
              </div>
              <Switch
                size="md"
                aria-labelledby={`service-${service}`}
                checked={options.services[service]}
                disabled={toggle.isPending && toggle.variables.service === service}
                onChange={(event) => toggle.mutate({ service, on: event.currentTarget.checked })}
                data-testid={`service-${service}`}
              />
            </div>
          );
        })}
      </div>
    </AccountSection>
  );
}

/** settings/services: which services the app offers, and the Home service's own settings. */
export function ServicesSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const options = useQuery(appOptionsQuery(app.id));

  return (
    <>
      <SettingsPageHeader title={t('appSettings.services.title')} lead={t('appSettings.services.lead')} />
      {options.data ? (
        <>
          <ServiceSwitches options={options.data} />
          {options.data.services.home ? <HomeSettingsSection /> : null}
        </>
      ) : (
        <Stack gap="md" data-testid="services-loading">
          <Skeleton height={72} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      )}
    </>
  );
}
