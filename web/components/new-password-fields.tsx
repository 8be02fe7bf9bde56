import { PasswordInput, Stack } from '@mantine/core';
import { IconLock, IconLockCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { passwordRules } from '../../contracts/auth';

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordError?: string | null;
  confirmationError?: string | null;
  /** "Passwort (optional)" on sign-up, where the code alone is enough. */
  optional?: boolean;
  autoFocus?: boolean;
  size?: 'sm' | 'md';
};

/** A new password and its confirmation (spec §5 confirm-password rule), shared by sign-up, reset and account. */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  confirmationError,
  optional = false,
  autoFocus = false,
  size = 'md',
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PasswordInput
        name="new-password"
        size={size}
        autoComplete="new-password"
        autoFocus={autoFocus}
        label={optional ? t('common.password.newOptional') : t('common.password.new')}
        description={t(optional ? 'common.password.optionalHint' : 'common.password.rule', {
          min: passwordRules.min,
        })}
        leftSection={<IconLock size={18} stroke={1.6} />}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={passwordError}
        data-testid="new-password"
      />
      {!optional || password !== '' ? (
        <PasswordInput
          name="new-password-confirmation"
          size={size}
          autoComplete="new-password"
          label={t('common.password.confirmation')}
          leftSection={<IconLockCheck size={18} stroke={1.6} />}
          value={confirmation}
          onChange={(event) => onConfirmationChange(event.currentTarget.value)}
          error={confirmationError}
          data-testid="new-password-confirmation"
        />
      ) : null}
    </Stack>
  );
}
