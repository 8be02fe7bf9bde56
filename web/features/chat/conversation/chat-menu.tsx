import { useState, type ReactNode } from 'react';
import { ActionIcon, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCircleCheck,
  IconDotsVertical,
  IconDoorExit,
  IconEraser,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Chat } from '../../../../contracts/chat';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useIsMobile } from '../../../kernel/ui-store';
import { chatApi, chatKeys } from '../chat-api';
import { forgetChat, patchChat } from '../chat-cache';
import { chatScreenPaths } from '../chat-paths';
import { chatCan } from '../chat-viewer';

type Action = 'leave' | 'clear' | 'delete' | 'block' | 'unblock';

const icons: Record<Action, ReactNode> = {
  leave: <IconDoorExit size={16} stroke={1.7} />,
  clear: <IconEraser size={16} stroke={1.7} />,
  delete: <IconTrash size={16} stroke={1.7} />,
  block: <IconBan size={16} stroke={1.7} />,
  unblock: <IconCircleCheck size={16} stroke={1.7} />,
};

/** Carries out one chat action and puts the caches right; leaving and deleting go back to the list. */
function useChatAction(chat: Chat, slug: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (action: Action) => {
      switch (action) {
        case 'leave':
          return chatApi.leave(chat.id);
        case 'clear':
          return chatApi.clear(chat.id);
        case 'delete':
          return chatApi.remove(chat.id);
        case 'block':
          return chatApi.block(chat.id);
        case 'unblock':
          return chatApi.unblock(chat.id);
      }
    },
    onSuccess: (_answer, action) => {
      notifications.show({ color: 'teal', message: t(`chat.menu.done.${action}`, { name: chat.name }) });
      if (action === 'leave' || action === 'delete') {
        void navigate(chatScreenPaths.list(slug), { replace: true });
        forgetChat(queryClient, chat.appId, chat.id);
        return;
      }
      if (action === 'clear') {
        patchChat(queryClient, chat.appId, chat.id, (current) => ({
          ...current,
          lastMessage: null,
          newMessageCounter: 0,
        }));
        void queryClient.resetQueries({ queryKey: chatKeys.messages(chat.id) });
        return;
      }
      patchChat(queryClient, chat.appId, chat.id, (current) => ({
        ...current,
        isBlocked: action === 'block',
      }));
      void queryClient.invalidateQueries({ queryKey: chatKeys.chat(chat.id), exact: true });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists(chat.appId) });
    },
  });
}

/** The chat's menu: edit, block or unblock, clear, leave, delete — each only when `permissions.can` holds it. */
export function ChatMenu({ chat, slug }: { chat: Chat; slug: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const action = useChatAction(chat, slug);
  const isPrivate = chat.kind === 'private';
  const shown: Action[] = [];
  if (isPrivate && !chat.isBlocked && chatCan(chat, 'block')) {
    shown.push('block');
  }
  if (isPrivate && chat.isBlocked && chatCan(chat, 'unblock')) {
    shown.push('unblock');
  }
  if (chatCan(chat, 'clear')) {
    shown.push('clear');
  }
  if (chatCan(chat, 'leave') && chat.role !== null) {
    shown.push('leave');
  }
  if (chatCan(chat, 'delete')) {
    shown.push('delete');
  }
  const canEdit = chatCan(chat, 'edit') && chat.kind === 'group';
  if (shown.length === 0 && !canEdit) {
    return null;
  }

  const run = (chosen: Action) => {
    // Unblocking takes nothing away: no question first.
    if (chosen === 'unblock') {
      action.mutate(chosen);
    } else {
      setConfirming(chosen);
    }
  };

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="md"
            aria-label={t('chat.menu.label')}
            data-testid="chat-menu"
          >
            <IconDotsVertical size={19} stroke={1.7} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canEdit ? (
            <Menu.Item
              component={Link}
              to={chatScreenPaths.edit(slug, chat.id)}
              leftSection={<IconSettings size={16} stroke={1.7} />}
              data-testid="chat-menu-edit"
            >
              {t('chat.menu.edit')}
            </Menu.Item>
          ) : null}
          {shown.map((item) => (
            <Menu.Item
              key={item}
              color={item === 'delete' || item === 'block' ? 'red' : undefined}
              leftSection={icons[item]}
              onClick={() => run(item)}
              data-testid={`chat-menu-${item}`}
            >
              {t(`chat.menu.${item}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? t(`chat.menu.confirm.${confirming}.title`) : ''}
        centered
        size={isMobile ? '100%' : 'md'}
      >
        <Text size="sm" c="dimmed" mb="md">
          {confirming ? t(`chat.menu.confirm.${confirming}.text`, { name: chat.name }) : ''}
        </Text>
        <ConfirmActions
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            if (confirming) {
              action.mutate(confirming, { onSettled: () => setConfirming(null) });
            }
          }}
          confirmLabel={confirming ? t(`chat.menu.${confirming}`) : ''}
          confirmIcon={confirming ? icons[confirming] : null}
          loading={action.isPending}
          testId="chat-menu-confirm"
        />
      </Modal>
    </>
  );
}
