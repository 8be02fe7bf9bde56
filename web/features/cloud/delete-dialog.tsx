import { Alert, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudLimits, type CloudEntity } from '../../../contracts/cloud';
import { errorTextKey } from '../../api/notify-error';
import { ConfirmActions } from '../../components/confirm-actions';
import { cloudKeys } from './cloud-api';
import { deleteItems } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import { dialogZIndex } from './media-preview';
import classes from './library-dialogs.module.css';

type DeleteDialogProps = {
  opened: boolean;
  items: CloudEntity[];
  onClose: () => void;
  onDeleted: () => void;
};

/** What deleting does to these items (spec §4 "Delete"): live ones go to Removed, removed ones are gone for good. */
export function deletionKind(items: readonly Pick<CloudEntity, 'isDeleted'>[]): 'soft' | 'permanent' {
  // Mixed selections do not occur in the library (Removed lists only removed items); the stronger warning wins.
  return items.some((item) => item.isDeleted) ? 'permanent' : 'soft';
}

/** The text of the question: one file, one folder (with its content) or several items. */
function subjectKey(items: readonly CloudEntity[]): 'file' | 'folder' | 'many' {
  if (items.length !== 1) {
    return 'many';
  }
  return items[0]?.isFolder ? 'folder' : 'file';
}

/** Spec §2 "delete confirmation": an attention dialog that says where the items go. */
export function DeleteDialog({ opened, items, onClose, onDeleted }: DeleteDialogProps) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const kind = deletionKind(items);
  const subject = subjectKey(items);
  const textParams = {
    name: items[0]?.name ?? '',
    count: items.length,
    days: cloudLimits.removedRetentionDays,
  };

  const remove = useMutation({
    mutationFn: async (targets: CloudEntity[]) => {
      const removed = targets.filter((item) => item.isDeleted).map((item) => item.id);
      const live = targets.filter((item) => !item.isDeleted).map((item) => item.id);
      if (live.length > 0) {
        await deleteItems(scope, live, false);
      }
      if (removed.length > 0) {
        await deleteItems(scope, removed, true);
      }
      return { count: targets.length, kind: deletionKind(targets) };
    },
    // A refusal is shown in the dialog, where the person decided.
    meta: { silent: true },
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        message: t(`cloudDialogs.delete.done.${result.kind}`, { count: result.count }),
      });
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
    },
  });

  const handleClose = () => {
    remove.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t(`cloudDialogs.delete.title.${kind}`, { count: items.length })}
      centered
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'delete-dialog' } }}
    >
      <Stack gap="md">
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ThemeIcon color="red" variant="light" size={44} radius="xl" className={classes.attentionIcon}>
            {kind === 'permanent' ? (
              <IconTrashX size={22} stroke={1.7} />
            ) : (
              <IconTrash size={22} stroke={1.7} />
            )}
          </ThemeIcon>
          <Stack gap={6}>
            <Text size="sm" data-testid="delete-text">
              {t(`cloudDialogs.delete.text.${kind}.${subject}`, textParams)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`cloudDialogs.delete.hint.${kind}`, textParams)}
            </Text>
          </Stack>
        </Group>
        {remove.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} stroke={1.7} />}
            data-testid="delete-error"
          >
            {t(errorTextKey(remove.error))}
          </Alert>
        ) : null}
        <ConfirmActions
          onCancel={handleClose}
          onConfirm={() => remove.mutate(items)}
          confirmLabel={t(`cloudDialogs.delete.confirm.${kind}`)}
          confirmIcon={
            kind === 'permanent' ? (
              <IconTrashX size={17} stroke={1.8} />
            ) : (
              <IconTrash size={17} stroke={1.8} />
            )
          }
          disabled={items.length === 0}
          loading={remove.isPending}
          testId="delete-confirm"
        />
      </Stack>
    </Modal>
  );
}
