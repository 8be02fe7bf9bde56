import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '../../../contracts/account';
import { errorCodes } from '../../../contracts/errors';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify-error';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { NewPasswordFields } from '../../components/new-password-fields';
import { getAccount, useAccount } from '../../kernel/session/account-store';
import { accountApi } from './account-api';
import { AccountLayout, AccountSection } from './account-layout';
import { useAccountUpdated } from './use-account-updates';
import classes from './account.module.css';

/** `/projects/password`: the current password only when one is set (GAPS 23); other sessions end. */
export function PasswordPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const issueText = useIssueText();
  const accountUpdated = useAccountUpdated();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const isPasswordSet = account?.isPasswordSet ?? false;

  const body = {
    ...(isPasswordSet ? { currentPassword: current } : {}),
    password,
    passwordConfirmation: confirmation,
  };
  const validate = (): FieldIssues => ({
    ...fieldIssues(changePasswordBodySchema, body),
    ...(isPasswordSet && current === '' ? { currentPassword: { key: 'validation.required' } } : {}),
  });
  const issues = submitted ? validate() : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const save = useMutation({
    mutationFn: () => accountApi.changePassword(body),
    meta: { silent: true },
    onSuccess: () => {
      const latest = getAccount();
      if (latest) {
        accountUpdated({ ...latest, isPasswordSet: true });
      }
      setCurrent('');
      setPassword('');
      setConfirmation('');
      setSubmitted(false);
      notifications.show({
        color: 'teal',
        title: t('account.password.savedTitle'),
        message: t('account.password.savedText'),
      });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === errorCodes.currentPasswordWrong) {
        setServerIssues({ currentPassword: { key: 'errors.CURRENT_PASSWORD_WRONG' } });
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifyError(error);
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (!hasIssues(validate())) {
      save.mutate();
    }
  };

  return (
    <AccountLayout title={t('account.nav.password')}>
      <AccountSection
        title={isPasswordSet ? t('account.password.changeTitle') : t('account.password.setTitle')}
        text={isPasswordSet ? t('account.password.changeText') : t('account.password.setText')}
        testId="password-section"
      >
        <form onSubmit={handleSubmit} noValidate data-testid="password-form">
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={account?.email ?? ''}
            readOnly
            hidden
          />
          <Stack gap="md" maw={420}>
            {isPasswordSet ? (
              <PasswordInput
                name="current-password"
                autoComplete="current-password"
                label={t('account.password.current')}
                leftSection={<IconLockOpen size={18} stroke={1.6} />}
                value={current}
                onChange={(event) => setCurrent(event.currentTarget.value)}
                error={issueOf('currentPassword')}
                data-testid="current-password"
              />
            ) : null}
            <NewPasswordFields
              size="sm"
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
              passwordError={issueOf('password')}
              confirmationError={issueOf('passwordConfirmation')}
            />
          </Stack>
          <div className={classes.sectionFooter}>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
            >
              {isPasswordSet ? t('account.password.submitChange') : t('account.password.submitSet')}
            </Button>
          </div>
        </form>
      </AccountSection>
    </AccountLayout>
  );
}
