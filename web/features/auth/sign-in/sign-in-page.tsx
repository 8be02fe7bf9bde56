import { useState } from 'react';
import { Anchor, Checkbox, Text } from '@mantine/core';
import { IconLock, IconLogin2, IconMailOpened } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../auth-card';
import { classifyAuthError } from '../auth-errors';
import { CodeStep } from '../code/code-step';
import { useCodeChallenge } from '../code/use-code-challenge';
import { EmailStep } from '../email-step';
import { useAuthPath } from '../use-auth-path';
import { useFinishSignIn } from '../use-finish-sign-in';
import { PasswordStep } from './password-step';
import classes from '../auth.module.css';
import { useAuthApi } from '../use-auth-api';

type Step = 'login' | 'code' | 'password';

/** Spec §4 auth steps: login → code (or the password), "stay signed in" on by default. */
export function SignInPage() {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const signupPath = useAuthPath('signup');
  const resetPath = useAuthPath('reset');
  const finishSignIn = useFinishSignIn();
  const [step, setStep] = useState<Step>('login');
  const [email, setEmail] = useState('');
  const [isRemember, setRemember] = useState(true);

  const restart = () => setStep('login');
  const challenge = useCodeChallenge({
    resend: () => authApi.sendSignInCode(email, true),
    onRestart: restart,
  });

  const sendCode = async (login: string) => {
    const { limits } = await authApi.sendSignInCode(login);
    setEmail(login);
    challenge.begin(limits);
    setStep('code');
  };

  // From the password step: the code already sent is still good; otherwise send one now.
  const switchToCode = useMutation({
    mutationFn: () => authApi.sendSignInCode(email),
    meta: { silent: true },
    onSuccess: ({ limits }) => {
      challenge.begin(limits);
      setStep('code');
    },
    onError: (error) => {
      challenge.fail(error);
      if (classifyAuthError(error).kind === 'rateLimited') {
        setStep('code');
      }
    },
  });

  const checkCode = useMutation({
    mutationFn: (code: string) => authApi.signInWithCode(email, code, isRemember),
    meta: { silent: true },
    onSuccess: finishSignIn,
    onError: challenge.fail,
  });

  const handleUseCode = () => {
    if (challenge.deadlines && challenge.deadlines.expiresAt > Date.now()) {
      setStep('code');
    } else {
      switchToCode.mutate();
    }
  };

  if (step === 'code') {
    return (
      <AuthCard
        testId="signin-code"
        icon={<IconMailOpened size={24} stroke={1.7} />}
        title={t('auth.code.title')}
      >
        <CodeStep
          email={email}
          challenge={challenge}
          submitLabel={t('auth.signIn.codeSubmit')}
          submitting={checkCode.isPending}
          onSubmit={(code) => checkCode.mutate(code)}
          onChangeEmail={restart}
        >
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => setStep('password')}
            data-testid="use-password"
          >
            {t('auth.signIn.usePassword')}
          </Anchor>
        </CodeStep>
      </AuthCard>
    );
  }

  if (step === 'password') {
    return (
      <AuthCard
        testId="signin-password"
        icon={<IconLock size={24} stroke={1.7} />}
        title={t('auth.password.title')}
      >
        <PasswordStep
          email={email}
          isRemember={isRemember}
          onSignedIn={finishSignIn}
          onChangeEmail={restart}
          onUseCode={handleUseCode}
          usingCodePending={switchToCode.isPending}
          onRestart={restart}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconLogin2 size={24} stroke={1.7} />}
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      note={t('auth.secureNote')}
      footer={
        <>
          <Text size="sm" c="inherit" ta="center">
            {t('auth.signIn.noAccount')}{' '}
            <Anchor component={Link} to={signupPath} size="sm" fw={600}>
              {t('auth.signIn.signupLink')}
            </Anchor>
          </Text>
          <Anchor component={Link} to={resetPath} size="sm" c="dimmed" ta="center">
            {t('auth.signIn.forgotPassword')}
          </Anchor>
        </>
      }
    >
      <EmailStep
        testId="signin-form"
        initialEmail={email}
        submitLabel={t('auth.signIn.submit')}
        onSubmit={sendCode}
        secondary={(check) => (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            data-testid="login-use-password"
            onClick={() => {
              const login = check();
              if (login !== null) {
                setEmail(login);
                setStep('password');
              }
            }}
          >
            {t('auth.signIn.usePassword')}
          </Anchor>
        )}
      >
        <Checkbox
          className={classes.remember}
          label={t('auth.signIn.remember')}
          description={t('auth.signIn.rememberHint')}
          checked={isRemember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
      </EmailStep>
    </AuthCard>
  );
}
