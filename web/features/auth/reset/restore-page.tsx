import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconKey, IconLinkOff } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { codeSchema } from '../../../../contracts/auth';
import { AuthCard } from '../auth-card';
import { useCodeChallenge } from '../code/use-code-challenge';
import { isEmailAddress } from '../email-step';
import { useAuthPath } from '../use-auth-path';
import { RestoreForm } from './restore-form';
import codeClasses from '../code/code.module.css';
import { useAuthApi } from '../use-auth-api';

/** `/auth/restore?login=&code=` (guest only): the reset mail's link; only the new password is left to enter. */
export function RestorePage() {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const [params] = useSearchParams();
  const resetPath = useAuthPath('reset');
  const login = params.get('login') ?? '';
  const linkCode = params.get('code') ?? '';
  const [broken, setBroken] = useState(!isEmailAddress(login));
  const challenge = useCodeChallenge({
    resend: () => authApi.requestPasswordReset(login, true),
    onRestart: () => setBroken(true),
  });

  if (broken) {
    return (
      <AuthCard
        testId="restore-broken"
        icon={<IconLinkOff size={24} stroke={1.7} />}
        title={t('auth.restore.brokenTitle')}
        subtitle={t('auth.restore.brokenText')}
      >
        <Button
          component={Link}
          to={`${resetPath}${login ? `?login=${encodeURIComponent(login)}` : ''}`}
          size="md"
          fullWidth
        >
          {t('auth.restore.requestNew')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="restore-page" icon={<IconKey size={24} stroke={1.7} />} title={t('auth.restore.title')}>
      <Stack gap="lg">
        <Text className={codeClasses.sentTo}>
          <Trans
            i18nKey="auth.restore.forAccount"
            values={{ email: login }}
            components={[<strong key="email" />]}
          />
        </Text>
        <RestoreForm
          email={login}
          initialCode={codeSchema.safeParse(linkCode).success ? linkCode : ''}
          challenge={challenge}
          onRestart={() => setBroken(true)}
        />
      </Stack>
    </AuthCard>
  );
}
