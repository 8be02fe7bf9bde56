import { useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailCheck, firstIssue, requiredString } from '../../../contracts/validation';
import { api } from '../../api/client';
import { ApiError } from '../../api/api-error';

/** Spec §5 rules from the contracts: required first, then the email pattern. */
export const loginSchema = requiredString().check(emailCheck());

function validate(value: string): string | null {
  return firstIssue(loginSchema, value.trim())?.key ?? null;
}

export function SignInForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const sendCode = useMutation({
    mutationFn: (login: string) => api.post('/auth/send-code', { body: { login, type: 'email' } }),
    onError: (failure) => {
      const fieldError = failure instanceof ApiError ? failure.errors.login : undefined;
      if (fieldError) {
        setError(fieldError);
      }
    },
  });

  const handleChange = (value: string) => {
    setEmail(value);
    if (submitted) {
      setError(validate(value));
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = validate(email);
    setError(problem);
    if (problem === null) {
      sendCode.mutate(email.trim());
    }
  };

  if (sendCode.isSuccess) {
    return (
      <Stack gap="md" data-testid="signin-code-sent">
        <Text fw={600} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <IconMailCheck size={20} stroke={1.7} />
          {t('auth.signIn.codeSentTitle')}
        </Text>
        <Text c="dimmed">{t('auth.signIn.codeSentText', { email: sendCode.variables })}</Text>
        <Button variant="default" onClick={() => sendCode.reset()}>
          {t('auth.signIn.useOtherEmail')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="signin-form">
      <Stack gap="lg">
        <TextInput
          type="email"
          name="login"
          size="md"
          autoComplete="email"
          inputMode="email"
          autoFocus
          label={t('auth.signIn.emailLabel')}
          placeholder={t('auth.signIn.emailPlaceholder')}
          leftSection={<IconMail size={18} stroke={1.6} />}
          value={email}
          onChange={(event) => handleChange(event.currentTarget.value)}
          error={error ? t(error) : null}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={sendCode.isPending}
          rightSection={<IconArrowRight size={18} stroke={1.8} />}
        >
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
