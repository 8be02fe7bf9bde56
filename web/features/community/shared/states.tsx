import type { ReactNode } from 'react';
import { Button, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconLogin2, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { requiredLevelSchema, type RequiredLevel } from '../../../../contracts/level-gates';
import { ApiError } from '../../../api/api-error';
import { errorTextKey } from '../../../api/notify-error';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useCurrentApp } from '../../../kernel/current-app';
import { rememberRedirectAfterAuth } from '../../../kernel/redirect-after-auth';
import { useIsAuthenticated } from '../../../kernel/session/account-store';
import classes from './states.module.css';

type EmptyStateProps = {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  /** `h1` when the state is the whole page; `h2` inside a page that has its title; `h3` inside a section. */
  order?: 1 | 2 | 3;
  testId?: string;
};

/** A calm, friendly empty state inside a page: what belongs here and what to do next. */
export function EmptyState({ icon, title, text, action, order = 2, testId }: EmptyStateProps) {
  return (
    <div className={classes.empty} data-testid={testId}>
      <ThemeIcon size={60} radius="xl" variant="light" className={classes.emptyIcon}>
        {icon}
      </ThemeIcon>
      <Title order={order} className={classes.emptyTitle}>
        {title}
      </Title>
      <Text className={classes.emptyText}>{text}</Text>
      {action ? <div className={classes.emptyAction}>{action}</div> : null}
    </div>
  );
}

/** A private space the caller does not belong to: its posts are for its members. */
export function LockedState({ action, text }: { action?: ReactNode; text: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<IconLock size={28} stroke={1.6} />}
      title={t('community.space.locked.title')}
      text={text}
      action={action}
      testId="space-locked"
    />
  );
}

/** The sign-in button of a screen a guest may not read: back here afterwards. */
function SignInButton() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const location = useLocation();
  return (
    <Button
      component={Link}
      to={`/${app.slug}/auth`}
      onClick={() => rememberRedirectAfterAuth(`${location.pathname}${location.search}`)}
      leftSection={<IconLogin2 size={18} stroke={1.8} />}
    >
      {t('community.signIn')}
    </Button>
  );
}

/** What a guest meets where members read: the invitation to sign in, and back here afterwards. */
export function SignInState({ notFound = false, order = 2 }: { notFound?: boolean; order?: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      order={order}
      icon={<IconLock size={28} stroke={1.6} />}
      title={t('community.guest.title')}
      text={t(notFound ? 'community.guest.notFound' : 'community.guest.text')}
      action={<SignInButton />}
      testId="community-sign-in"
    />
  );
}

type LoadErrorProps = {
  error: unknown;
  onRetry?: () => void;
  testId?: string;
  /** The failure is the whole page (its heading is the page's `h1`), not a part below the page's title. */
  page?: boolean;
};

/**
 * A failed read, said in words: not found (or not visible: the server never tells which), sign in first, or
 * something went wrong with a retry.
 */
/** The level a LEVEL_REQUIRED refusal names, if the error is one. */
function requiredLevelOf(error: unknown): RequiredLevel | null {
  if (!(error instanceof ApiError) || error.code !== 'LEVEL_REQUIRED') {
    return null;
  }
  const parsed = requiredLevelSchema.safeParse(error.details.requiredLevel);
  return parsed.success ? parsed.data : null;
}

export function LoadError({ error, onRetry, testId = 'community-error', page = false }: LoadErrorProps) {
  const { t } = useTranslation();
  const signedIn = useIsAuthenticated();
  // Whether a page does not exist or is for members only, the server does not say; a guest is offered both.
  if (error instanceof ApiError && (error.status === 401 || error.status === 404) && !signedIn) {
    return <SignInState notFound={error.status === 404} order={page ? 1 : 2} />;
  }
  if (error instanceof ApiError && error.status === 404) {
    return <NotFoundMessage />;
  }
  const level = requiredLevelOf(error);
  if (level) {
    // A space gated by level (issue 21): say which level opens it instead of a failure.
    return (
      <EmptyState
        icon={<IconLock size={28} stroke={1.6} />}
        order={page ? 1 : 2}
        title={t('community.levelLocked.title', { level: level.level, name: level.name })}
        text={t('community.levelLocked.text', { level: level.level, name: level.name })}
        testId="community-level-locked"
      />
    );
  }
  return (
    <EmptyState
      icon={<IconAlertTriangle size={28} stroke={1.6} />}
      order={page ? 1 : 2}
      title={t('community.error.title')}
      text={t(errorTextKey(error))}
      action={
        onRetry ? (
          <Button variant="default" leftSection={<IconRefresh size={18} stroke={1.8} />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null
      }
      testId={testId}
    />
  );
}
