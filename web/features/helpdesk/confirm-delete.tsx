import { Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../../components/confirm-actions';

type ConfirmDeleteProps = {
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  loading: boolean;
};

/** Asks before a delete; the text says what goes along (a category's subcategories and articles). */
export function ConfirmDelete({ title, text, onCancel, onConfirm, loading }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={title} centered radius="lg">
      <Text size="sm" mb="md" data-testid="helpdesk-delete-text">
        {text}
      </Text>
      <ConfirmActions
        onCancel={onCancel}
        onConfirm={onConfirm}
        confirmLabel={t('helpdesk.delete')}
        confirmIcon={<IconTrash size={18} stroke={1.8} />}
        loading={loading}
        testId="helpdesk-delete-confirm"
      />
    </Modal>
  );
}
