import { Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatPerson } from '../../../../contracts/chat';
import { errorTextKey } from '../../../api/notify-error';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatKeys } from '../chat-api';
import { chatMemberApi } from '../chat-members-api';

type RemoveMemberDialogProps = {
  chatId: string;
  /** The member to take out; null: the dialog is closed. */
  person: ChatPerson | null;
  onClose: () => void;
};

/** A moderator confirms taking someone out of the group (`delete_profile`); the member list follows. */
export function RemoveMemberDialog({ chatId, person, onClose }: RemoveMemberDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (who: ChatPerson) => chatMemberApi.remove(chatId, who.profileId),
    meta: { silent: true },
    onSuccess: (_answer, who) => {
      notifications.show({ color: 'teal', message: t('chat.members.removed', { name: who.name }) });
      onClose();
      void queryClient.invalidateQueries({ queryKey: chatKeys.members(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chatId), exact: true });
    },
    onError: (error) => {
      notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
    },
  });
  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      title={t('chat.members.removeTitle')}
      centered
      size={isMobile ? '100%' : 'md'}
    >
      <Text size="sm" c="dimmed" mb="md">
        {t('chat.members.removeText', { name: person?.name ?? '' })}
      </Text>
      <ConfirmActions
        onCancel={onClose}
        onConfirm={() => person && remove.mutate(person)}
        confirmLabel={t('chat.members.remove')}
        confirmIcon={<IconUserMinus size={17} stroke={1.8} />}
        loading={remove.isPending}
        testId="chat-remove-confirm"
      />
    </Modal>
  );
}
