import { ConfirmActions } from '../../components/confirm-actions';
import { useState } from 'react';
import { Button, Checkbox, List, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endSession } from '../../kernel/session/session';
import { accountApi } from './account-api';
import { AccountSection } from './account-layout';

/** "Konto löschen": a confirm dialog, then PATCH /user/mark-as-deleted and signed out. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);

  const remove = useMutation({
    mutationFn: accountApi.markAsDeleted,
    onSuccess: () => {
      setOpen(false);
      // The server has ended every session of the account; this one ends here too.
      endSession('signedOut');
      queryClient.clear();
      notifications.show({
        color: 'teal',
        title: t('account.delete.doneTitle'),
        message: t('account.delete.doneText'),
      });
    },
  });

  const close = () => {
    setOpen(false);
    setUnderstood(false);
  };

  return (
    <AccountSection
      danger
      title={t('account.delete.title')}
      text={t('account.delete.text')}
      testId="delete-section"
    >
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} stroke={1.7} />}
        onClick={() => setOpen(true)}
      >
        {t('account.delete.open')}
      </Button>
      <Modal opened={open} onClose={close} title={t('account.delete.dialogTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('account.delete.dialogText')}</Text>
          <List size="sm" spacing={6}>
            <List.Item>{t('account.delete.consequenceData')}</List.Item>
            <List.Item>{t('account.delete.consequenceSessions')}</List.Item>
            <List.Item>{t('account.delete.consequenceContent')}</List.Item>
          </List>
          <Checkbox
            label={t('account.delete.understood')}
            checked={understood}
            onChange={(event) => setUnderstood(event.currentTarget.checked)}
            data-testid="delete-understood"
          />
          <ConfirmActions
            onCancel={close}
            onConfirm={() => remove.mutate()}
            confirmLabel={t('account.delete.confirm')}
            confirmIcon={<IconTrash size={17} stroke={1.8} />}
            disabled={!understood}
            loading={remove.isPending}
            testId="delete-confirm"
          />
        </Stack>
      </Modal>
    </AccountSection>
  );
}
