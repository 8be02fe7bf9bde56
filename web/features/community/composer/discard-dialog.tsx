import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../kernel/ui-store';

type DiscardDialogProps = { opened: boolean; onKeep: () => void; onDiscard: () => void };

/** Closing a composer with unsaved text asks first: a draft is easily lost by a stray Escape. */
export function DiscardDialog({ opened, onKeep, onDiscard }: DiscardDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={t('communityComposer.discard.title')}
      centered
      size={isMobile ? '100%' : 'sm'}
      zIndex={400}
      data-testid="composer-discard"
    >
      <Text size="sm" c="dimmed" mb="lg">
        {t('communityComposer.discard.text')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {t('communityComposer.discard.keep')}
        </Button>
        <Button
          color="red"
          leftSection={<IconTrash size={16} stroke={1.8} />}
          onClick={onDiscard}
          data-testid="composer-discard-confirm"
        >
          {t('communityComposer.discard.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
