import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClientConfig } from '../kernel/client-config';
import { useOptionalCurrentApp } from '../kernel/current-app';
import { useHostKind } from '../kernel/host-context';
import { usePageTitle } from '../kernel/use-page-title';
import { FullPageMessage } from './full-page-message';
import classes from './not-found-message.module.css';

type NotFoundMessageProps = {
  /** Instead of the link to the start page. */
  actions?: ReactNode;
  fullScreen?: boolean;
};

/**
 * Where "Zur Startseite" leads: the service host's root; inside a resolved app its home; on an app host
 * without an app (no slug, or a slug that is no app) the service host, which is where people begin.
 */
function useStartAddress(): { to: string } | { href: string } | null {
  const kind = useHostKind();
  const app = useOptionalCurrentApp();
  const { appSlug } = useParams();
  const config = useClientConfig();
  if (kind === 'service') {
    return { to: '/' };
  }
  if (app && appSlug) {
    return { to: `/${appSlug}` };
  }
  return config ? { href: `${window.location.protocol}//${config.serviceHost}/` } : null;
}

function StartPageButton() {
  const { t } = useTranslation();
  const start = useStartAddress();
  if (!start) {
    return null;
  }
  const icon = <IconArrowLeft size={18} stroke={1.8} />;
  return 'to' in start ? (
    <Button component={Link} to={start.to} size="md" leftSection={icon} data-testid="not-found-home">
      {t('common.backHome')}
    </Button>
  ) : (
    <Button component="a" href={start.href} size="md" leftSection={icon} data-testid="not-found-home">
      {t('common.backHome')}
    </Button>
  );
}

/** The not-found state, shared by the `*` route, the error boundary's 404 and an app that does not exist. */
export function NotFoundMessage({ actions, fullScreen }: NotFoundMessageProps) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <FullPageMessage
      data-testid="not-found"
      fullScreen={fullScreen}
      illustration={
        <div className={classes.code} aria-hidden="true">
          404
        </div>
      }
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={actions ?? <StartPageButton />}
    />
  );
}
