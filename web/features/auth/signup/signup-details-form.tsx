import { useState, type FormEvent } from 'react';
import { RateLimitAlert } from '../rate-limit-alert';
import { Button, Checkbox, Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signupBodySchema } from '../../../../contracts/auth';
import { useIsMobile } from '../../../kernel/ui-store';
import { fieldIssues, hasIssues, useIssueText, type FieldIssues } from '../../../components/form-issues';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { currentLanguage } from '../../../i18n/i18n';
import { isLanguage, languageNames, supportedLanguages, type Language } from '../../../i18n/languages';
import { browserTimezone, TimezoneSelect } from '../../account';
import type { SignupForm } from '../auth-api';
import { useSecondsUntil } from '../code/use-seconds-until';
import classes from '../auth.module.css';

type SignupDetailsFormProps = {
  email: string;
  code: string;
  submitting: boolean;
  onSubmit: (form: SignupForm) => void;
  /** Field errors the server sent back. */
  serverIssues: FieldIssues;
  retryAt: number | null;
  /** Prefilled names, e.g. from an invitation. */
  initialFirstName?: string;
  initialLastName?: string;
  /** Defaults to "Konto erstellen". */
  submitLabel?: string;
};

/** Spec §3 "Auth form": the person's names, an optional password, language and time zone. */
export function SignupDetailsForm({
  email,
  code,
  submitting,
  onSubmit,
  serverIssues,
  retryAt,
  initialFirstName = '',
  initialLastName = '',
  submitLabel,
}: SignupDetailsFormProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const retryIn = useSecondsUntil(retryAt);
  const [firstName, setFirstName] = useState(initialFirstName);
  const [lastName, setLastName] = useState(initialLastName);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [timezone, setTimezone] = useState<string | null>(browserTimezone());
  const [isRemember, setRemember] = useState(true);
  const [submitted, setSubmitted] = useState(false);

  const form: SignupForm = {
    code,
    firstName: firstName.trim(),
    lastName: lastName.trim(),
    ...(password ? { password, passwordConfirmation: confirmation } : {}),
    language,
    ...(timezone ? { timezone } : {}),
    isRemember,
  };
  const issues = submitted ? fieldIssues(signupBodySchema, { login: email, type: 'email', ...form }) : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!hasIssues(fieldIssues(signupBodySchema, { login: email, type: 'email', ...form }))) {
      onSubmit(form);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="signup-details">
      <Stack gap="lg">
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
          <TextInput
            name="given-name"
            size="md"
            autoComplete="given-name"
            autoFocus
            label={t('auth.signup.firstName')}
            value={firstName}
            onChange={(event) => setFirstName(event.currentTarget.value)}
            error={issueOf('firstName')}
          />
          <TextInput
            name="family-name"
            size="md"
            autoComplete="family-name"
            label={t('auth.signup.lastName')}
            value={lastName}
            onChange={(event) => setLastName(event.currentTarget.value)}
            error={issueOf('lastName')}
          />
        </SimpleGrid>
        <NewPasswordFields
          optional
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          passwordError={issueOf('password')}
          confirmationError={issueOf('passwordConfirmation')}
        />
        <Input.Wrapper label={t('common.language')} size="md">
          <SegmentedControl
            fullWidth
            mt={6}
            value={language}
            onChange={(value) => {
              if (isLanguage(value)) {
                setLanguage(value);
              }
            }}
            data={supportedLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
          />
        </Input.Wrapper>
        <TimezoneSelect value={timezone} onChange={setTimezone} error={issueOf('timezone')} />
        <Checkbox
          className={classes.remember}
          label={t('auth.signIn.remember')}
          checked={isRemember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        <RateLimitAlert retryIn={retryIn} />
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={submitting}
          disabled={retryIn > 0}
          leftSection={<IconUserCheck size={18} stroke={1.8} />}
        >
          {submitLabel ?? t('auth.signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
