import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconClockHour4, IconTrashX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudLimits } from '../../../contracts/cloud';
import { errorTextKey } from '../../api/notify-error';
import { ConfirmActions } from '../../components/confirm-actions';
import { cloudKeys } from './cloud-api';
import { emptyRemoved } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import { dialogZIndex } from './media-preview';
import classes from './cloud-library.module.css';
import dialogClasses from './library-dialogs.module.css';

/**
 * Above the bin's items: when they go by themselves (GAPS 10) and "empty the bin", which deletes everything in
 * it for good after a confirmation.
 */
export function RemovedBar({ count, canEmpty }: { count: number; canEmpty: boolean }) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const empty = useMutation({
    mutationFn: () => emptyRemoved(scope),
    meta: { silent: true },
    onSuccess: async () => {
      setConfirming(false);
      notifications.show({ color: 'teal', message: t('cloud.removed.emptied') });
      await queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
    },
  });
  const close = () => {
    empty.reset();
    setConfirming(false);
  };

  return (
    <div className={classes.removedBar} data-testid="cloud-removed-bar">
      <Group gap={8} wrap="nowrap" className={classes.removedNote}>
        <IconClockHour4 size={18} stroke={1.7} aria-hidden />
        <Text size="sm" c="dimmed">
          {t('cloud.removed.note', { days: cloudLimits.removedRetentionDays })}
        </Text>
      </Group>
      {canEmpty && count > 0 ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrashX size={16} stroke={1.8} />}
          onClick={() => setConfirming(true)}
          data-testid="cloud-empty-bin"
        >
          {t('cloud.removed.empty')}
        </Button>
      ) : null}
      <Modal
        opened={confirming}
        onClose={close}
        title={t('cloud.removed.confirmTitle')}
        centered
        zIndex={dialogZIndex}
        attributes={{ content: { 'data-testid': 'empty-bin-dialog' } }}
      >
        <Stack gap="md">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <ThemeIcon
              color="red"
              variant="light"
              size={44}
              radius="xl"
              className={dialogClasses.attentionIcon}
            >
              <IconTrashX size={22} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={6}>
              <Text size="sm">{t('cloud.removed.confirmText', { count })}</Text>
              <Text size="sm" c="dimmed">
                {t('cloudDialogs.delete.hint.permanent')}
              </Text>
            </Stack>
          </Group>
          {empty.error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} stroke={1.7} />}>
              {t(errorTextKey(empty.error))}
            </Alert>
          ) : null}
          <ConfirmActions
            onCancel={close}
            onConfirm={() => empty.mutate()}
            confirmLabel={t('cloud.removed.empty')}
            confirmIcon={<IconTrashX size={17} stroke={1.8} />}
            loading={empty.isPending}
            testId="empty-bin-confirm"
          />
        </Stack>
      </Modal>
    </div>
  );
}
