import { Fragment, useState } from 'react';
import { ActionIcon, Menu, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsMove,
  IconBell,
  IconBellOff,
  IconClockEdit,
  IconCopy,
  IconDots,
  IconLayoutSidebarRight,
  IconLayoutSidebarRightCollapse,
  IconLink,
  IconPencil,
  IconPin,
  IconPinnedOff,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../contracts/community-posts';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useCurrentApp } from '../../../kernel/current-app';
import { useIsMobile } from '../../../kernel/ui-store';
import { openComposer } from '../composer';
import { shareLink, useFollowPost } from '../index';
import { MoveDialog } from './move-dialog';
import { postActionItems, type PostActionKey } from './post-action-items';
import { PublishTimeDialog } from './publish-time-dialog';
import { usePostActions } from './use-post-actions';

const icons: Record<PostActionKey, typeof IconPin> = {
  edit: IconPencil,
  editPublishTime: IconClockEdit,
  publishNow: IconSend,
  pinToTop: IconPin,
  unpinFromTop: IconPinnedOff,
  pinToSidebar: IconLayoutSidebarRight,
  unpinFromSidebar: IconLayoutSidebarRightCollapse,
  follow: IconBell,
  unfollow: IconBellOff,
  share: IconLink,
  move: IconArrowsMove,
  clone: IconCopy,
  delete: IconTrash,
};

export type PostActionsMenuProps = {
  post: Post;
  /** The post is gone: a page showing it leaves. */
  onDeleted?: () => void;
  /** The post moved: a page showing it follows it. */
  onMoved?: (post: Post) => void;
};

type Dialog = 'move' | 'publishTime' | 'delete' | null;

/**
 * The post's "…" menu (issue 15): each item shows only when its ability is in `permissions.can` (spec §6);
 * Mantine's menu gives arrow keys, Escape and the focus back to the button. The dialogs are the menu's own.
 */
export function PostActionsMenu({ post, onDeleted, onMoved }: PostActionsMenuProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = usePostActions(post, {
    onDeleted: () => {
      setDialog(null);
      onDeleted?.();
    },
    onMoved: (moved) => {
      setDialog(null);
      onMoved?.(moved);
    },
  });
  const follow = useFollowPost(app.id);
  const sections = postActionItems(post);
  if (sections.length === 0) {
    return null;
  }

  const copyShareLink = async () => {
    const link = shareLink(window.location.origin, app.slug, post);
    if (!link) {
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      notifications.show({ color: 'teal', message: t('communityComposer.actions.done.linkCopied') });
    } catch {
      // No clipboard (an insecure page, a refusal): the link is shown to copy by hand.
      notifications.show({ color: 'blue', message: link, title: t('communityComposer.actions.copyByHand') });
    }
  };

  const run: Record<PostActionKey, () => void> = {
    edit: () => openComposer({ post }),
    editPublishTime: () => setDialog('publishTime'),
    publishNow: () => actions.publish.mutate(),
    pinToTop: () => actions.pinToTop.mutate(true),
    unpinFromTop: () => actions.pinToTop.mutate(false),
    pinToSidebar: () => actions.pinToSidebar.mutate(true),
    unpinFromSidebar: () => actions.pinToSidebar.mutate(false),
    follow: () => follow.mutate({ post, followed: true }),
    unfollow: () => follow.mutate({ post, followed: false }),
    share: () => void copyShareLink(),
    move: () => setDialog('move'),
    clone: () => actions.clone.mutate(),
    delete: () => setDialog('delete'),
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={250}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="xl"
            aria-label={t('communityComposer.actions.label', { name: post.name })}
            data-testid="post-actions"
          >
            <IconDots size={20} stroke={1.7} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="post-actions-menu">
          {sections.map((section, index) => (
            <Fragment key={section[0]}>
              {index > 0 ? <Menu.Divider /> : null}
              {section.map((key) => {
                const Icon = icons[key];
                return (
                  <Menu.Item
                    key={key}
                    color={key === 'delete' ? 'red' : undefined}
                    leftSection={<Icon size={17} stroke={1.7} />}
                    onClick={run[key]}
                    data-testid={`post-action-${key}`}
                  >
                    {t(`communityComposer.actions.${key}`)}
                  </Menu.Item>
                );
              })}
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'move' ? (
        <MoveDialog
          post={post}
          opened
          onClose={() => setDialog(null)}
          saving={actions.move.isPending}
          onMove={(body) => actions.move.mutate(body)}
        />
      ) : null}
      {dialog === 'publishTime' ? (
        <PublishTimeDialog
          post={post}
          opened
          onClose={() => setDialog(null)}
          saving={actions.reschedule.isPending}
          error={actions.reschedule.error}
          onSave={(body) => actions.reschedule.mutate(body, { onSuccess: () => setDialog(null) })}
        />
      ) : null}
      <Modal
        opened={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('communityComposer.actions.deleteTitle')}
        centered
        size={isMobile ? '100%' : 'sm'}
        data-testid="post-delete-dialog"
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('communityComposer.actions.deleteText', { name: post.name })}
        </Text>
        <ConfirmActions
          onCancel={() => setDialog(null)}
          onConfirm={() => actions.remove.mutate()}
          confirmLabel={t('communityComposer.actions.delete')}
          confirmIcon={<IconTrash size={17} stroke={1.8} />}
          loading={actions.remove.isPending}
          testId="post-delete-confirm"
        />
      </Modal>
    </>
  );
}
