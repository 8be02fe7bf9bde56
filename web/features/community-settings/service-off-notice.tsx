import { Alert, Anchor } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppService } from '../../../contracts/apps';
import { useCurrentApp } from '../../kernel/current-app';
import { settingsPaths } from '../app-settings';

/**
 * A service switched off keeps its settings editable (ready for the day it opens); the screen says so and where
 * to switch it on.
 */
export function ServiceOffNotice({ service }: { service: Extract<AppService, 'community' | 'communities'> }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  if (app.services[service] !== false) {
    return null;
  }
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconPlugConnectedX size={20} stroke={1.7} />}
      title={t(`communitySettings.serviceOff.${service}`)}
      mb="lg"
      data-testid="service-off"
    >
      {t('communitySettings.serviceOff.text')}{' '}
      <Anchor component={Link} to={settingsPaths(app.slug).services} fw={600}>
        {t('communitySettings.serviceOff.link')}
      </Anchor>
    </Alert>
  );
}
