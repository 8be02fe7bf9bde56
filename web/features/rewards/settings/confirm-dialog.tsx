import { Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmActions } from '../../../components/confirm-actions';

/** Asks before a destructive step (deleting a level or a reward). */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  loading,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} centered radius="lg" title={title}>
      <Text mb="md">{text}</Text>
      <ConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        confirmLabel={confirmLabel}
        confirmIcon={<IconTrash size={17} stroke={1.8} />}
        loading={loading}
        testId="confirm-delete"
      />
    </Modal>
  );
}
