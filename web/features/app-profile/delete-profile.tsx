import { ConfirmActions } from '../../components/confirm-actions';
import { useState } from 'react';
import { Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit, IconMailFast } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { CodeStep, useCodeChallenge } from '../auth';
import { signOut } from '../../kernel/session/session';
import { appProfileApi } from './app-profile-api';

type Step = 'confirm' | 'code';

/**
 * "Profil in dieser App löschen": the consequences, a code mailed to the account's address, then
 * POST /apps/{appId}/profile/delete; the person has left the app and is signed out of it.
 */
export function DeleteProfile({ email, allowed }: { email: string; allowed: boolean }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<Step>('confirm');
  const [understood, setUnderstood] = useState(false);

  const challenge = useCodeChallenge({
    resend: () => appProfileApi.sendDeletionCode(app.id, true),
    onRestart: () => setStep('confirm'),
  });

  const close = () => {
    setOpen(false);
    setStep('confirm');
    setUnderstood(false);
    challenge.reset();
  };

  const sendCode = useMutation({
    mutationFn: () => appProfileApi.sendDeletionCode(app.id),
    onSuccess: ({ limits }) => {
      challenge.begin(limits);
      setStep('code');
    },
  });

  const remove = useMutation({
    mutationFn: (code: string) => appProfileApi.delete(app.id, code),
    meta: { silent: true },
    onSuccess: async () => {
      setOpen(false);
      notifications.show({
        color: 'teal',
        title: t('appProfile.delete.doneTitle'),
        message: t('appProfile.delete.doneText', { app: app.name }),
      });
      // Without a profile the app's own logout no longer answers; the session simply ends.
      await signOut();
      queryClient.clear();
      await navigate(`/${app.slug}/auth`, { replace: true });
    },
    onError: challenge.fail,
  });

  return (
    <AccountSection
      danger
      title={t('appProfile.delete.title')}
      text={allowed ? t('appProfile.delete.text', { app: app.name }) : t('appProfile.delete.ownerText')}
      testId="member-delete"
    >
      <Button
        disabled={!allowed}
        color="red"
        variant="light"
        leftSection={<IconDoorExit size={18} stroke={1.7} />}
        onClick={() => setOpen(true)}
      >
        {t('appProfile.delete.open')}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={
          step === 'confirm' ? t('appProfile.delete.dialogTitle', { app: app.name }) : t('auth.code.title')
        }
        centered
      >
        {step === 'confirm' ? (
          <Stack gap="md">
            <Text size="sm">{t('appProfile.delete.dialogText')}</Text>
            <List size="sm" spacing={6}>
              <List.Item>{t('appProfile.delete.consequenceProfile', { app: app.name })}</List.Item>
              <List.Item>{t('appProfile.delete.consequenceAccess')}</List.Item>
              <List.Item>{t('appProfile.delete.consequenceAccount')}</List.Item>
            </List>
            <Text size="sm" c="dimmed">
              {t('appProfile.delete.codeHint', { email })}
            </Text>
            <Checkbox
              label={t('appProfile.delete.understood')}
              checked={understood}
              onChange={(event) => setUnderstood(event.currentTarget.checked)}
              data-testid="member-delete-understood"
            />
            <ConfirmActions
              onCancel={close}
              onConfirm={() => sendCode.mutate()}
              confirmLabel={t('appProfile.delete.sendCode')}
              confirmIcon={<IconMailFast size={17} stroke={1.8} />}
              disabled={!understood}
              loading={sendCode.isPending}
              testId="member-delete-send-code"
            />
          </Stack>
        ) : (
          <CodeStep
            email={email}
            challenge={challenge}
            submitLabel={t('appProfile.delete.confirm')}
            submitting={remove.isPending}
            onSubmit={(code) => remove.mutate(code)}
          />
        )}
      </Modal>
    </AccountSection>
  );
}
