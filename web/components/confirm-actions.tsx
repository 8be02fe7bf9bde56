import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../app/ui-store';

type ConfirmActionsProps = {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  confirmIcon: ReactNode;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
};

/**
 * The footer of the spec's confirm dialog: cancel with a close icon, the (destructive) decision with its own
 * icon. On a phone the buttons stack, the decision on top, each as wide as the dialog.
 */
export function ConfirmActions({
  onCancel,
  onConfirm,
  confirmLabel,
  confirmIcon,
  disabled,
  loading,
  testId,
}: ConfirmActionsProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
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
        onClick={onCancel}
      >
        {t('common.cancel')}
      </Button>
      <Button
        color="red"
        fullWidth={isMobile}
        leftSection={confirmIcon}
        disabled={disabled}
        loading={loading}
        onClick={onConfirm}
        data-testid={testId}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
