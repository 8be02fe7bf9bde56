import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FullPageMessage } from '../../components/full-page-message';

/** The app's start screen (custom page "dashboard", spec §2) arrives with the workspace feature. */
export function AppHomePage() {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      icon={<IconLayoutDashboard size={32} stroke={1.6} />}
      title={t('common.nav.home')}
      text={t('app.comingSoon')}
    />
  );
}
