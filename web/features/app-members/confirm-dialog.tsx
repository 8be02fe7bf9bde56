import type { ReactNode } from 'react';
import { Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
};

/** Spec "confirm dialog": a question, cancel with a close icon, the decision with a trash icon. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  confirmIcon,
  loading,
  onConfirm,
  onClose,
  testId,
}: ConfirmDialogProps) {
  const isMobile = useIsMobile();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={isMobile ? '100%' : 'md'}>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
      <ConfirmActions
        onCancel={onClose}
        onConfirm={onConfirm}
        confirmLabel={confirmLabel}
        confirmIcon={confirmIcon ?? <IconTrash size={17} stroke={1.8} />}
        loading={loading}
        testId={testId}
      />
    </Modal>
  );
}
