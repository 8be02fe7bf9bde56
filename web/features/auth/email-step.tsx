import { useState, type FormEvent, type ReactNode } from 'react';
import { RateLimitAlert } from './rate-limit-alert';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconArrowRight, IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailCheck, firstIssue, requiredString, type ValidationIssue } from '../../../contracts/validation';
import { notifyError } from '../../api/notify-error';
import { classifyAuthError } from './auth-errors';
import { useSecondsUntil } from './code/use-seconds-until';

/** Spec §5 rules from the contracts: required first, then the email pattern. */
export const loginSchema = requiredString().check(emailCheck());

function validate(value: string): ValidationIssue | null {
  return firstIssue(loginSchema, value.trim());
}

export function isEmailAddress(value: string): boolean {
  return validate(value) === null;
}

type EmailStepProps = {
  initialEmail?: string;
  submitLabel: string;
  /** Sends the code (or the reset mail); the step shows what goes wrong. */
  onSubmit: (email: string) => Promise<unknown>;
  /** Between the field and the button, e.g. "stay signed in". */
  children?: ReactNode;
  /** Under the button, e.g. "sign in with password". */
  secondary?: (check: () => string | null) => ReactNode;
  testId?: string;
  label?: string;
  /** A fixed address (an invitation's): shown, not edited. */
  readOnly?: boolean;
  /** Under the field. */
  description?: string;
};

/** Spec §4 step "login": the e-mail address, checked here first and then by the server. */
export function EmailStep({
  initialEmail = '',
  submitLabel,
  onSubmit,
  children,
  secondary,
  testId,
  label,
  readOnly = false,
  description,
}: EmailStepProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [issue, setIssue] = useState<ValidationIssue | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const retryIn = useSecondsUntil(retryAt);

  const send = useMutation({
    mutationFn: onSubmit,
    meta: { silent: true },
    onError: (error) => {
      const failure = classifyAuthError(error);
      const fieldError =
        failure.kind === 'fields' ? (failure.errors.login ?? failure.errors.value) : undefined;
      if (fieldError) {
        setIssue({ key: fieldError });
      } else if (failure.kind === 'rateLimited') {
        setRetryAt(Date.now() + failure.retryAfterSeconds * 1000);
      } else {
        notifyError(error);
      }
    },
  });

  const handleChange = (value: string) => {
    setEmail(value);
    if (submitted) {
      setIssue(validate(value));
    }
  };

  /** Validates and returns the trimmed address, or null after showing the problem. */
  const check = (): string | null => {
    setSubmitted(true);
    const problem = validate(email);
    setIssue(problem);
    return problem ? null : email.trim();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const login = check();
    if (login !== null) {
      send.mutate(login);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid={testId}>
      <Stack gap="lg">
        <TextInput
          type="email"
          name="login"
          size="md"
          autoComplete="email"
          inputMode="email"
          autoFocus={!readOnly}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          label={label ?? t('auth.emailLabel')}
          description={description}
          placeholder={t('auth.emailPlaceholder')}
          leftSection={<IconMail size={18} stroke={1.6} />}
          value={email}
          onChange={(event) => handleChange(event.currentTarget.value)}
          error={issue ? t(issue.key, issue.params) : null}
        />
        {children}
        <RateLimitAlert retryIn={retryIn} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={send.isPending}
          disabled={retryIn > 0}
          rightSection={<IconArrowRight size={18} stroke={1.8} />}
        >
          {submitLabel}
        </Button>
        {secondary?.(check)}
      </Stack>
    </form>
  );
}
