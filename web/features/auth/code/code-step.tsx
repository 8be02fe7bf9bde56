import { useState, type FormEvent, type ReactNode } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeField, codeLength, useCodeState } from './code-field';
import { ResendCode } from './resend-code';
import type { CodeChallenge } from './use-code-challenge';
import classes from './code.module.css';

type CodeStepProps = {
  email: string;
  challenge: CodeChallenge;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  /** The "Ändern" link next to the address; none where the address is fixed (an invitation). */
  onChangeEmail?: () => void;
  /** Below the resend row, e.g. the switch to the password. */
  children?: ReactNode;
};

/** Spec §4 step "code": six digits from the mail, with the limits the server sent. */
export function CodeStep({
  email,
  challenge,
  submitLabel,
  submitting,
  onSubmit,
  onChangeEmail,
  children,
}: CodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [lastError, setLastError] = useState(challenge.error);
  // Each rejected code starts a new round: the boxes are emptied and the first one has the focus again.
  const [round, setRound] = useState(0);
  const { usable, expired, locked } = useCodeState(challenge.deadlines, challenge.error);

  // A rejected code is cleared so the next one can be typed straight away.
  if (challenge.error !== lastError) {
    setLastError(challenge.error);
    if (challenge.error) {
      setCode('');
      setRound(round + 1);
    }
  }

  const submit = (value: string) => {
    if (value.length === codeLength && usable && !submitting) {
      onSubmit(value);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(code);
  };

  const handleChange = (value: string) => {
    setCode(value);
    if (
      challenge.error &&
      challenge.error.code !== 'CODE_CHECK_LIMIT' &&
      challenge.error.code !== 'CODE_EXPIRED'
    ) {
      challenge.clearError();
    }
    // The sixth digit sends the code (typed, pasted or filled in from the mail by the device).
    if (value.length === codeLength && code.length !== codeLength) {
      submit(value);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="code-step">
      <Stack gap="lg">
        <Text className={classes.sentTo}>
          <Trans i18nKey="auth.code.sentTo" values={{ email }} components={[<strong key="email" />]} />
          {onChangeEmail ? (
            <>
              {' '}
              <Anchor component="button" type="button" size="sm" fw={600} onClick={onChangeEmail}>
                {t('auth.code.changeEmail')}
              </Anchor>
            </>
          ) : null}
        </Text>
        <CodeField
          key={round}
          value={code}
          onChange={handleChange}
          deadlines={challenge.deadlines}
          error={challenge.error}
          disabled={submitting}
        />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={submitting}
          disabled={code.length !== codeLength || !usable}
          rightSection={<IconArrowRight size={18} stroke={1.8} />}
        >
          {submitLabel}
        </Button>
        <ResendCode challenge={challenge} emphasized={expired || locked} />
        {children}
      </Stack>
    </form>
  );
}
