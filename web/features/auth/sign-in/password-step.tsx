import { useState, type FormEvent } from 'react';
import { RateLimitAlert } from '../rate-limit-alert';
import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconLock, IconMailFast } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Session } from '../../../../contracts/auth';
import { notifyError } from '../../../api/notify-error';
import { classifyAuthError } from '../auth-errors';
import { useSecondsUntil } from '../code/use-seconds-until';
import { useAuthPath } from '../use-auth-path';
import classes from '../code/code.module.css';
import { useAuthApi } from '../use-auth-api';

type PasswordStepProps = {
  email: string;
  isRemember: boolean;
  onSignedIn: (session: Session) => void;
  onChangeEmail: () => void;
  onUseCode: () => void;
  usingCodePending?: boolean;
  /** Code 40000 and unexpected failures: back to the first step. */
  onRestart: () => void;
};

/** Sign-in with the password instead of the mailed code (the switch on the code step). */
export function PasswordStep({
  email,
  isRemember,
  onSignedIn,
  onChangeEmail,
  onUseCode,
  usingCodePending,
  onRestart,
}: PasswordStepProps) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const resetPath = useAuthPath('reset');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const retryIn = useSecondsUntil(retryAt);

  const signIn = useMutation({
    mutationFn: (value: string) => authApi.signInWithPassword(email, value, isRemember),
    meta: { silent: true },
    onSuccess: onSignedIn,
    onError: (failure) => {
      const result = classifyAuthError(failure);
      switch (result.kind) {
        case 'credentials':
          setError(t('errors.INVALID_CREDENTIALS'));
          return;
        case 'rateLimited':
          setRetryAt(Date.now() + result.retryAfterSeconds * 1000);
          return;
        case 'fields':
          setError(t(result.errors.password ?? 'errors.VALIDATION_FAILED'));
          return;
        case 'network':
          notifyError(result.error);
          return;
        case 'code':
        case 'restart':
          notifyError(failure);
          onRestart();
          return;
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setError(t('validation.required'));
      return;
    }
    signIn.mutate(password);
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="password-step">
      <Stack gap="lg">
        {/* Lets password managers pair the password with the address. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Text className={classes.sentTo}>
          <Trans
            i18nKey="auth.password.signingInAs"
            values={{ email }}
            components={[<strong key="email" />]}
          />{' '}
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onChangeEmail}>
            {t('auth.code.changeEmail')}
          </Anchor>
        </Text>
        <Stack gap={6}>
          <PasswordInput
            name="password"
            size="md"
            autoComplete="current-password"
            autoFocus
            label={t('auth.password.label')}
            leftSection={<IconLock size={18} stroke={1.6} />}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={`${resetPath}?login=${encodeURIComponent(email)}`} size="sm">
              {t('auth.signIn.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
        <RateLimitAlert retryIn={retryIn} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={signIn.isPending}
          disabled={retryIn > 0}
          rightSection={<IconArrowRight size={18} stroke={1.8} />}
        >
          {t('auth.password.submit')}
        </Button>
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconMailFast size={17} stroke={1.7} />}
          loading={usingCodePending}
          onClick={onUseCode}
          data-testid="use-code"
        >
          {t('auth.password.useCode')}
        </Button>
      </Stack>
    </form>
  );
}
