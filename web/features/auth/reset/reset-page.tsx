import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconKey, IconMailOpened } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../auth-card';
import { ResendCode } from '../code/resend-code';
import { useCodeChallenge } from '../code/use-code-challenge';
import { EmailStep } from '../email-step';
import { useAuthPath } from '../use-auth-path';
import { RestoreForm } from './restore-form';
import codeClasses from '../code/code.module.css';
import { useAuthApi } from '../use-auth-api';

/** `/auth/reset`: the address → a mail with a link and a code → the code and a new password, right here. */
export function ResetPage() {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const [params] = useSearchParams();
  const signInPath = useAuthPath();
  const [email, setEmail] = useState(params.get('login') ?? '');
  const [sent, setSent] = useState(false);
  const restart = () => setSent(false);
  const challenge = useCodeChallenge({
    resend: () => authApi.requestPasswordReset(email, true),
    onRestart: restart,
  });

  const backLink = (
    <Anchor component={Link} to={signInPath} size="sm" ta="center" c="dimmed">
      <IconArrowLeft size={14} stroke={2} style={{ verticalAlign: '-2px', marginRight: 6 }} />
      {t('auth.backToSignIn')}
    </Anchor>
  );

  if (sent) {
    return (
      <AuthCard
        testId="reset-sent"
        icon={<IconMailOpened size={24} stroke={1.7} />}
        title={t('auth.reset.sentTitle')}
        footer={backLink}
      >
        <Stack gap="lg">
          <Text className={codeClasses.sentTo}>
            <Trans i18nKey="auth.reset.sentText" values={{ email }} components={[<strong key="email" />]} />{' '}
            <Anchor component="button" type="button" size="sm" fw={600} onClick={restart}>
              {t('auth.code.changeEmail')}
            </Anchor>
          </Text>
          <RestoreForm email={email} challenge={challenge} onRestart={restart} />
          <ResendCode challenge={challenge} />
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      testId="reset-email"
      icon={<IconKey size={24} stroke={1.7} />}
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={backLink}
    >
      <EmailStep
        testId="reset-form"
        initialEmail={email}
        submitLabel={t('auth.reset.submit')}
        onSubmit={async (login) => {
          const { limits } = await authApi.requestPasswordReset(login);
          setEmail(login);
          challenge.begin(limits);
          setSent(true);
        }}
      />
    </AuthCard>
  );
}
