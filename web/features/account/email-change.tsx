import { useState } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailCog } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../contracts/auth';
import type { CodeSent } from '../auth';
import { CodeStep, useCodeChallenge, EmailStep } from '../auth';
import { accountApi } from './account-api';
import { AccountSection } from './account-layout';
import { useAccountUpdated } from './use-account-updates';
import classes from './account.module.css';

type EmailChangeSectionProps<T> = {
  email: string;
  /** Sends (or, with `resend`, sends again) the code to the new address. */
  start: (email: string, resend?: boolean) => Promise<CodeSent>;
  /** Confirms with the code; answers what the server now has. */
  confirm: (email: string, code: string) => Promise<T>;
  onChanged: (result: T) => void;
  /** The new address as the server has it, for the confirmation message. */
  emailOf: (result: T) => string;
  text?: string;
};

/** The e-mail changes through the contact flow: a code to the new address proves it (contracts/account.ts). */
export function EmailChangeSection<T>({
  email: currentEmail,
  start,
  confirm: confirmChange,
  onChanged,
  emailOf,
  text,
}: EmailChangeSectionProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');

  const restart = () => setStep('email');
  const challenge = useCodeChallenge({
    resend: () => start(email, true),
    onRestart: restart,
  });

  const close = () => {
    setOpen(false);
    setStep('email');
    setEmail('');
    challenge.reset();
  };

  const confirm = useMutation({
    mutationFn: (code: string) => confirmChange(email, code),
    meta: { silent: true },
    onSuccess: (result) => {
      onChanged(result);
      close();
      notifications.show({ color: 'teal', message: t('account.email.changed', { email: emailOf(result) }) });
    },
    onError: challenge.fail,
  });

  return (
    <AccountSection
      title={t('account.email.title')}
      text={text ?? t('account.email.text')}
      testId="email-section"
    >
      <div className={classes.emailRow}>
        <Text fw={600} className={classes.identityEmail} c="var(--mantine-color-text)">
          {currentEmail}
        </Text>
        <Button
          variant="default"
          leftSection={<IconMailCog size={18} stroke={1.7} />}
          onClick={() => setOpen(true)}
        >
          {t('account.email.change')}
        </Button>
      </div>
      <Modal
        opened={open}
        onClose={close}
        title={step === 'email' ? t('account.email.dialogTitle') : t('auth.code.title')}
        size="md"
        centered
      >
        {step === 'email' ? (
          <EmailStep
            testId="email-change-form"
            label={t('account.email.newLabel')}
            submitLabel={t('account.email.sendCode')}
            onSubmit={async (value) => {
              const { limits } = await start(value);
              setEmail(value);
              challenge.begin(limits);
              setStep('code');
            }}
          />
        ) : (
          <CodeStep
            email={email}
            challenge={challenge}
            submitLabel={t('account.email.confirm')}
            submitting={confirm.isPending}
            onSubmit={(code) => confirm.mutate(code)}
            onChangeEmail={restart}
          />
        )}
      </Modal>
    </AccountSection>
  );
}

/** The account's e-mail on the service host. */
export function EmailChange({ account }: { account: Account }) {
  const accountUpdated = useAccountUpdated();
  return (
    <EmailChangeSection
      email={account.email}
      start={(email, resend) => accountApi.startEmailChange(email, resend)}
      confirm={(email, code) => accountApi.confirmEmailChange(email, code)}
      onChanged={accountUpdated}
      emailOf={(updated) => updated.email}
    />
  );
}
