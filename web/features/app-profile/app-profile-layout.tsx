import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconLogout,
  IconRefresh,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { SettingsLayout, useSignOut } from '../account';
import { useAccount } from '../../kernel/session/account-store';
import { useAppProfileLinks } from './app-profile-links';

/** The member's screens of one app share the settings layout of the account screens. */
export function AppProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const links = useAppProfileLinks();
  return (
    <SettingsLayout
      title={title}
      heading={t('appProfile.title', { app: app.name })}
      lead={t('appProfile.lead', { app: app.name })}
      navLabel={t('appProfile.nav.label')}
      links={links}
    >
      {children}
    </SettingsLayout>
  );
}

/** Signed in, but without a profile in this app (404): a friendly state, not an error. */
export function NotMember() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const account = useAccount();
  const { signOut, pending } = useSignOut();
  usePageTitle(t('appProfile.notMember.title'));
  return (
    <FullPageMessage
      data-testid="not-member"
      icon={<IconUserQuestion size={32} stroke={1.6} />}
      title={t('appProfile.notMember.title')}
      text={t('appProfile.notMember.text', { app: app.name, email: account?.email ?? '' })}
      actions={
        <>
          <Button
            component={Link}
            to={`/${app.slug}`}
            size="md"
            leftSection={<IconArrowLeft size={18} stroke={1.8} />}
          >
            {t('appProfile.notMember.home')}
          </Button>
          <Button
            variant="default"
            size="md"
            loading={pending}
            onClick={signOut}
            leftSection={<IconLogout size={18} stroke={1.8} />}
          >
            {t('appProfile.notMember.switchAccount')}
          </Button>
        </>
      }
    />
  );
}

type ProfileQueryState = { isPending: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };

/** What a member screen shows instead of its content while its query has none: loading, not a member, error. */
export function ProfileQueryFallback({ query }: { query: ProfileQueryState }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <FullPageLoader fullScreen={false} />;
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <NotMember />;
  }
  return (
    <FullPageMessage
      data-testid="member-load-error"
      color="red"
      icon={<IconAlertTriangle size={32} stroke={1.6} />}
      title={t('appProfile.loadError.title')}
      text={t('appProfile.loadError.text')}
      actions={
        <Button
          size="md"
          loading={query.isFetching}
          leftSection={<IconRefresh size={18} stroke={1.8} />}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}
