import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconChevronRight,
  IconFolderFilled,
  IconFolderPlus,
  IconFolderSymlink,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CloudEntity, CloudFolderNode } from '../../../contracts/cloud';
import { errorCodes } from '../../../contracts/errors';
import { ApiError } from '../../api/api-error';
import { errorTextKey, notifyError } from '../../api/notify-error';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';
import { cloudKeys, cloudTreeQuery } from './cloud-api';
import { moveItems, moveRefusalSchema } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import { dialogZIndex } from './media-preview';
import { folderPath, movedFolderIds, moveRefusal, startFolderId, visibleSubfolders } from './move-rules';
import { NewFolderRow } from './create-folder-dialog';
import classes from './library-dialogs.module.css';

type MoveVariables = { items: readonly CloudEntity[]; targetId: string | null };

/** Spec §8 success notices: items moved, file moved, folder moved. */
function movedNoticeKey(items: readonly CloudEntity[]): string {
  if (items.length > 1) {
    return 'cloudDialogs.move.done.many';
  }
  return items[0]?.isFolder ? 'cloudDialogs.move.done.folder' : 'cloudDialogs.move.done.file';
}

/** The text for a failed move; a 409 MOVE_TARGET_INVALID says which rule the target broke. */
export function moveErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === errorCodes.moveTargetInvalid) {
    const refusal = moveRefusalSchema.safeParse(error.details);
    if (refusal.success) {
      return t(`cloudDialogs.move.refused.${refusal.data.reason}`, {
        count: refusal.data.ids.length,
        names: (refusal.data.names ?? []).join(', '),
      });
    }
  }
  return t(errorTextKey(error));
}

/**
 * Moves items into a folder (null: My files), then refreshes the lists and the tree and says so. The move
 * dialog shows failures itself (`inline`); a drag onto a folder reports them as a notification.
 */
export function useMoveItems({ inline = false }: { inline?: boolean } = {}) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, targetId }: MoveVariables) =>
      moveItems(
        scope,
        items.map((item) => item.id),
        targetId,
      ),
    meta: { silent: true },
    onSuccess: async (_moved, { items }) => {
      notifications.show({ color: 'teal', message: t(movedNoticeKey(items)) });
      await queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
    },
    onError: (error) => {
      if (inline) {
        return;
      }
      if (error instanceof ApiError && error.code === errorCodes.moveTargetInvalid) {
        notifications.show({ color: 'orange', message: moveErrorText(t, error) });
      } else {
        notifyError(error);
      }
    },
  });
}

type MoveDialogProps = {
  opened: boolean;
  items: CloudEntity[];
  onClose: () => void;
  onMoved: () => void;
};

/** Spec §2 "move dialog with folder tree (back, new folder, Move here, Cancel)". */
export function MoveDialog({ opened, items, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation();
  const single = items.length === 1 ? items[0] : undefined;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        single
          ? t('cloudDialogs.move.titleOne', { name: single.name })
          : t('cloudDialogs.move.title', { count: items.length })
      }
      centered
      size="lg"
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'move-dialog' } }}
    >
      {items.length > 0 ? <FolderChooser items={items} onClose={onClose} onMoved={onMoved} /> : null}
    </Modal>
  );
}

function FolderChooser({ items, onClose, onMoved }: Omit<MoveDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const isMobile = useIsMobile();
  const tree = useQuery(cloudTreeQuery(scope));
  const move = useMoveItems({ inline: true });
  const [shownId, setShownId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  // The row just activated is gone once its folder is shown: the focus goes to the folder's name, so the
  // keyboard stays in the dialog and a screen reader says where it is.
  const currentRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shownId) {
      currentRef.current?.focus();
    }
  }, [shownId]);

  if (tree.isPending) {
    return (
      <Stack gap="xs" data-testid="move-loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={44} radius="md" />
        ))}
      </Stack>
    );
  }
  if (tree.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} stroke={1.7} />}>
        <Stack gap="xs" align="flex-start">
          {t(errorTextKey(tree.error))}
          <Button size="compact-sm" variant="light" color="red" onClick={() => void tree.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const root = tree.data;
  // A folder that vanished meanwhile (deleted in another tab) falls back to where the chooser started.
  const path = (shownId ? folderPath(root, shownId) : null) ??
    folderPath(root, startFolderId(root, items)) ?? [root];
  const current = path.at(-1) ?? root;
  const parent = path.at(-2);
  const refusal = moveRefusal(items, path);
  const moved = movedFolderIds(items);
  const subfolders = visibleSubfolders(current, items);
  const nameOf = (folder: CloudFolderNode) => (folder.id === root.id ? t('cloud.folders.my') : folder.name);

  const open = (id: string) => {
    setShownId(id);
    setCreating(false);
    move.reset();
  };

  return (
    <Stack gap="sm">
      <div className={classes.chooserHead}>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} stroke={1.8} />}
          disabled={!parent}
          onClick={() => parent && open(parent.id)}
          data-testid="move-back"
        >
          {t('cloudDialogs.move.back')}
        </Button>
        <Text
          ref={currentRef}
          tabIndex={-1}
          fw={600}
          size="sm"
          truncate
          className={classes.chooserTitle}
          data-testid="move-current"
        >
          {nameOf(current)}
        </Text>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconFolderPlus size={16} stroke={1.7} />}
          onClick={() => setCreating(true)}
          disabled={creating || moved.has(current.id)}
          data-testid="move-new-folder"
        >
          {t('cloudDialogs.move.newFolder')}
        </Button>
      </div>
      <Text size="xs" c="dimmed" truncate>
        {path.map(nameOf).join(' / ')}
      </Text>
      {creating ? (
        <NewFolderRow
          parentId={current.id}
          onCreated={(folder) => open(folder.id)}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      <ScrollArea.Autosize mah={isMobile ? 260 : 320} type="auto" className={classes.folderList}>
        {subfolders.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {t('cloudDialogs.move.noSubfolders')}
          </Text>
        ) : (
          subfolders.map((folder) => {
            const blocked = moved.has(folder.id);
            return (
              <UnstyledButton
                key={folder.id}
                className={classes.folderRow}
                onClick={() => open(folder.id)}
                disabled={blocked}
                data-testid="move-folder"
                data-name={folder.name}
              >
                <IconFolderFilled size={20} className={classes.folderIcon} aria-hidden />
                <Text size="sm" truncate className={classes.folderName}>
                  {folder.name}
                </Text>
                {blocked ? (
                  <Text size="xs" c="dimmed">
                    {t('cloudDialogs.move.beingMoved')}
                  </Text>
                ) : (
                  <IconChevronRight size={16} stroke={1.6} className={classes.folderChevron} aria-hidden />
                )}
              </UnstyledButton>
            );
          })
        )}
      </ScrollArea.Autosize>
      {refusal ? (
        <Group
          gap={8}
          wrap="nowrap"
          align="flex-start"
          className={classes.refusal}
          data-testid="move-refusal"
        >
          <IconInfoCircle size={18} stroke={1.7} aria-hidden />
          <Text size="sm">
            {t(`cloudDialogs.move.refusal.${refusal}`, { count: items.length, name: items[0]?.name ?? '' })}
          </Text>
        </Group>
      ) : null}
      {move.error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} stroke={1.7} />}
          data-testid="move-error"
        >
          {moveErrorText(t, move.error)}
        </Alert>
      ) : null}
      <ConfirmActions
        tone="primary"
        onCancel={onClose}
        onConfirm={() => move.mutate({ items, targetId: current.id }, { onSuccess: onMoved })}
        confirmLabel={t('cloudDialogs.move.submit')}
        confirmIcon={<IconFolderSymlink size={17} stroke={1.7} />}
        disabled={refusal !== null}
        loading={move.isPending}
        testId="move-confirm"
      />
    </Stack>
  );
}
