import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';

export type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  confirmIcon: ReactNode;
  /** Removing, archiving, leaving: the red decision of the spec's confirm dialog. Restoring is not. */
  destructive?: boolean;
  loading?: boolean;
  testId?: string;
};

/** Spec §2 "confirm dialog": a question, cancel with a close icon, the decision with its own icon. */
export function ConfirmDialog({
  opened,
  onClose,
  onConfirm,
  title,
  text,
  confirmLabel,
  confirmIcon,
  destructive = true,
  loading,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {destructive ? (
          <ConfirmActions
            onCancel={onClose}
            onConfirm={onConfirm}
            confirmLabel={confirmLabel}
            confirmIcon={confirmIcon}
            loading={loading}
            testId={testId ? `${testId}-confirm` : undefined}
          />
        ) : (
          <Group
            justify="flex-end"
            gap="sm"
            mt="sm"
            style={isMobile ? { flexDirection: 'column-reverse' } : undefined}
          >
            <Button
              variant="default"
              fullWidth={isMobile}
              leftSection={<IconX size={17} stroke={1.8} />}
              onClick={onClose}
            >
              {t('common.cancel')}
            </Button>
            <Button
              fullWidth={isMobile}
              leftSection={confirmIcon}
              loading={loading}
              onClick={onConfirm}
              data-testid={testId ? `${testId}-confirm` : undefined}
            >
              {confirmLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
