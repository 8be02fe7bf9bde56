import { Button, Loader, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLinkOff, IconMailCheck, IconMailOff, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { UnsubscribeInfo } from '../../../../contracts/notifications';
import { ApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { errorTextKey } from '../../../api/notify-error';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { usePageTitle } from '../../../kernel/use-page-title';
import { notificationKeys, notificationPaths, unsubscribeInfoQuery } from '../notifications-api';
import classes from './unsubscribe-page.module.css';

/** The page's frame on its own, without a shell: nobody needs to be signed in, and nothing else loads. */
function Frame({ children, testId, appName }: { children: ReactNode; testId: string; appName?: string }) {
  return (
    <main className={classes.page} data-testid={testId}>
      <div className={classes.language}>
        <LanguageSwitcher variant="compact" />
      </div>
      <div className={classes.card}>
        {appName ? <Text className={classes.app}>{appName}</Text> : null}
        {children}
      </div>
    </main>
  );
}

type MessageProps = {
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
  children?: ReactNode;
  /** The message replaced the button the focus was on: the heading takes the focus, so it is read out. */
  focusTitle?: boolean;
};

function Message({ icon, color, title, text, children, focusTitle = false }: MessageProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) {
      titleRef.current?.focus();
    }
  }, [focusTitle]);
  return (
    <>
      <ThemeIcon size={60} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} className={classes.title} ref={titleRef} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </Title>
      <Text className={classes.text}>{text}</Text>
      {children}
    </>
  );
}

/** Switched off: which mails no longer come, and where to switch them on again. */
function Done({ info, focusTitle }: { info: UnsubscribeInfo; focusTitle: boolean }) {
  const { t } = useTranslation();
  const values = { appName: info.appName, email: info.email };
  return (
    <Message
      icon={<IconMailCheck size={30} stroke={1.6} />}
      color="teal"
      title={t('notifications.unsubscribe.doneTitle')}
      focusTitle={focusTitle}
      text={t(
        info.scope === 'digest'
          ? 'notifications.unsubscribe.doneDigest'
          : 'notifications.unsubscribe.doneEmail',
        values,
      )}
    />
  );
}

/**
 * `/projects/{projectId}/unsubscribe/{hash}` (ROUTE-56, no sign-in): a notification mail's link. It names the app
 * and the address, and one button switches the mails off; a link that is not ours says so.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const { hash = '' } = useParams();
  const queryClient = useQueryClient();
  const info = useQuery(unsubscribeInfoQuery(hash));
  const unsubscribe = useMutation({
    mutationFn: () => api.post(notificationPaths.unsubscribe(hash)),
    onSuccess: () =>
      queryClient.setQueryData<UnsubscribeInfo>(notificationKeys.unsubscribe(hash), (current) =>
        current ? { ...current, isUnsubscribed: true } : current,
      ),
    // The page says it in place.
    meta: { silent: true },
  });
  usePageTitle(t('notifications.unsubscribe.title'));

  if (info.isPending) {
    return (
      <Frame testId="unsubscribe-page">
        <div role="status" aria-label={t('common.loading')} className={classes.loading}>
          <Loader type="dots" />
        </div>
      </Frame>
    );
  }
  const unknown =
    (info.error instanceof ApiError && info.error.status === 404) ||
    (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404);
  if (unknown) {
    return (
      <Frame testId="unsubscribe-unknown">
        <Message
          icon={<IconLinkOff size={30} stroke={1.6} />}
          color="gray"
          title={t('notifications.unsubscribe.unknownTitle')}
          text={t('notifications.unsubscribe.unknownText')}
        />
      </Frame>
    );
  }
  if (info.isError) {
    return (
      <Frame testId="unsubscribe-error">
        <Message
          icon={<IconAlertTriangle size={30} stroke={1.6} />}
          color="red"
          title={t('notifications.unsubscribe.errorTitle')}
          text={t(errorTextKey(info.error))}
        >
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} stroke={1.8} />}
            loading={info.isFetching}
            onClick={() => void info.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Message>
      </Frame>
    );
  }
  const data = info.data;
  if (data.isUnsubscribed) {
    return (
      <Frame testId="unsubscribe-done" appName={data.appName}>
        <Done info={data} focusTitle={unsubscribe.isSuccess} />
      </Frame>
    );
  }
  const values = { appName: data.appName, email: data.email };
  return (
    <Frame testId="unsubscribe-page" appName={data.appName}>
      <Message
        icon={<IconMailOff size={30} stroke={1.6} />}
        color="brand"
        title={t('notifications.unsubscribe.title')}
        text={t(
          data.scope === 'digest' ? 'notifications.unsubscribe.digest' : 'notifications.unsubscribe.email',
          values,
        )}
      >
        {unsubscribe.isError ? (
          <Text role="alert" className={classes.failure}>
            {t(errorTextKey(unsubscribe.error))}
          </Text>
        ) : null}
        <Button
          size="md"
          className={classes.submit}
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
          data-testid="unsubscribe-submit"
        >
          {t('notifications.unsubscribe.submit')}
        </Button>
      </Message>
    </Frame>
  );
}
