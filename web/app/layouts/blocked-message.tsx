import { Button } from '@mantine/core';
import { IconExternalLink, IconLock, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FullPageMessage } from '../../components/full-page-message';
import { useSignOut } from '../../features/account';
import type { RouterApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';

/**
 * A blocked member (the default tag `blocked` takes every ability) sees this instead of the app's screens,
 * which would otherwise each say "your role does not allow this" without saying why.
 */
export function BlockedMessage({ app, masquerading }: { app: RouterApp; masquerading: boolean }) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  usePageTitle(t('app.blocked.title', { app: app.name }));
  return (
    <FullPageMessage
      data-testid="app-blocked"
      color="red"
      icon={<IconLock size={32} stroke={1.6} />}
      title={t('app.blocked.title', { app: app.name })}
      text={t(app.supportUrl ? 'app.blocked.textSupport' : 'app.blocked.text', { app: app.name })}
      actions={
        <>
          {app.supportUrl ? (
            <Button
              component="a"
              href={app.supportUrl}
              target="_blank"
              rel="noopener"
              size="md"
              leftSection={<IconExternalLink size={18} stroke={1.8} />}
            >
              {t('app.blocked.support')}
            </Button>
          ) : null}
          {masquerading ? null : (
            <Button
              variant="default"
              size="md"
              leftSection={<IconLogout size={18} stroke={1.8} />}
              loading={pending}
              onClick={signOut}
            >
              {t('account.menu.signOut')}
            </Button>
          )}
        </>
      }
    />
  );
}
