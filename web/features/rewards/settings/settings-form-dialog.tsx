import type { ReactNode } from 'react';
import { Modal, Stack, type ModalProps } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../../../components/confirm-actions';

type SettingsFormDialogProps = {
  title: string;
  /** The dialog's width; Mantine's default without it. */
  size?: ModalProps['size'];
  onClose: () => void;
  onSubmit: (event: React.FormEvent) => void;
  saving: boolean;
  /** The save button's text and icon; "Speichern" with a floppy disk without them. */
  submitLabel?: string;
  submitIcon?: ReactNode;
  /** Names the form `${testId}-form` and its save button `${testId}-save`. */
  testId: string;
  children: ReactNode;
};

/** The frame of a settings editor (a level, a reward, a top-up): a dialog holding its form, with cancel and save below. */
export function SettingsFormDialog({
  title,
  size,
  onClose,
  onSubmit,
  saving,
  submitLabel,
  submitIcon,
  testId,
  children,
}: SettingsFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} centered radius="lg" size={size} title={title}>
      <form onSubmit={onSubmit} noValidate data-testid={`${testId}-form`}>
        <Stack gap="md">
          {children}
          <ConfirmActions
            onCancel={onClose}
            confirmLabel={submitLabel ?? t('common.save.submitShort')}
            confirmIcon={submitIcon ?? <IconDeviceFloppy size={17} stroke={1.8} />}
            tone="primary"
            loading={saving}
            testId={`${testId}-save`}
          />
        </Stack>
      </form>
    </Modal>
  );
}
