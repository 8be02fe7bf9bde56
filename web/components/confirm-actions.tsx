import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../kernel/ui-store';

type ConfirmActionsProps = {
  onCancel: () => void;
  /** Without it the decision submits the surrounding form. */
  onConfirm?: () => void;
  confirmLabel: string;
  confirmIcon: ReactNode;
  /** `danger` (red) for destructive decisions, `primary` for the form's ordinary submit. */
  tone?: 'danger' | 'primary';
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
};

/**
 * The footer of a dialog: cancel with a close icon, the decision with its own icon (red when destructive). On
 * a phone the buttons stack, the decision on top, each as wide as the dialog.
 */
export function ConfirmActions({
  onCancel,
  onConfirm,
  confirmLabel,
  confirmIcon,
  tone = 'danger',
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
        type={onConfirm ? 'button' : 'submit'}
        color={tone === 'danger' ? 'red' : undefined}
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
