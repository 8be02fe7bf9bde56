import { useState, type FormEvent } from 'react';
import { RateLimitAlert } from '../rate-limit-alert';
import { Button, Input, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resetPasswordConfirmationBodySchema } from '../../../../contracts/auth';
import { notifyError } from '../../../api/notify-error';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../../components/form-issues';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { classifyAuthError } from '../auth-errors';
import { CodeField, codeLength } from '../code/code-field';
import type { CodeChallenge } from '../code/use-code-challenge';
import { useSecondsUntil } from '../code/use-seconds-until';
import { useFinishSignIn } from '../use-finish-sign-in';
import { useAuthApi } from '../use-auth-api';

type RestoreFormProps = {
  email: string;
  /** From the mail's link: then only the new password is asked for (the code shows again if rejected). */
  initialCode?: string;
  challenge: CodeChallenge;
  /** Code 40000: no reset is pending for the address any more. */
  onRestart: () => void;
};

/** The code from the mail and the new password → POST /user/reset-password-confirmation → signed in. */
export function RestoreForm({ email, initialCode = '', challenge, onRestart }: RestoreFormProps) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const issueText = useIssueText();
  const finishSignIn = useFinishSignIn();
  const [code, setCode] = useState(initialCode);
  const [showCode, setShowCode] = useState(initialCode.length !== codeLength);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const retryIn = useSecondsUntil(retryAt);

  const form = { code, password, passwordConfirmation: confirmation };
  const validate = () =>
    fieldIssues(resetPasswordConfirmationBodySchema, { login: email, type: 'email', ...form });
  const issues = submitted ? validate() : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const confirm = useMutation({
    mutationFn: () => authApi.confirmPasswordReset(email, form),
    meta: { silent: true },
    onSuccess: (session) => {
      notifications.show({
        color: 'teal',
        title: t('auth.restore.doneTitle'),
        message: t('auth.restore.doneText'),
      });
      finishSignIn(session);
    },
    onError: (error) => {
      const failure = classifyAuthError(error);
      if (failure.kind === 'code') {
        setShowCode(true);
        setCode('');
        challenge.fail(error);
      } else if (failure.kind === 'fields') {
        setServerIssues(serverFieldIssues(failure.errors));
      } else if (failure.kind === 'rateLimited') {
        setRetryAt(Date.now() + failure.retryAfterSeconds * 1000);
      } else if (failure.kind === 'network') {
        notifyError(error);
      } else {
        notifyError(error);
        onRestart();
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (!hasIssues(validate())) {
      confirm.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="restore-form">
      <Stack gap="lg">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {showCode ? (
          <Input.Wrapper label={t('auth.code.label')} size="md">
            <Stack mt={8}>
              <CodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  challenge.clearError();
                }}
                deadlines={challenge.deadlines}
                error={challenge.error}
                fieldError={issueOf('code')}
                autoFocus
              />
            </Stack>
          </Input.Wrapper>
        ) : null}
        <NewPasswordFields
          autoFocus={!showCode}
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={issueOf('password')}
          confirmationError={issueOf('passwordConfirmation')}
        />
        <RateLimitAlert retryIn={retryIn} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={confirm.isPending}
          disabled={retryIn > 0}
          leftSection={<IconKey size={18} stroke={1.8} />}
        >
          {t('auth.restore.submit')}
        </Button>
      </Stack>
    </form>
  );
}
