import type { ReactNode } from 'react';
import { ActionIcon, Menu, Modal, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDotsVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActions } from '../../components/confirm-actions';
import { useIsMobile } from '../../kernel/ui-store';

type ItemMenuProps = {
  /** The item's name, for the button's accessible name. */
  name: string;
  editTo?: string;
  onEdit?: () => void;
  /** Moves by one place (the keyboard's and the phone's way besides dragging); absent: no move items. */
  onMove?: (direction: -1 | 1) => void;
  isFirst?: boolean;
  isLast?: boolean;
  onDelete?: () => void;
  /** More items between edit and the moves. */
  children?: ReactNode;
  testId: string;
};

/** An item's "…" menu: edit, one place up or down, delete; each only when allowed (the caller decides). */
export function ItemMenu({
  name,
  editTo,
  onEdit,
  onMove,
  isFirst,
  isLast,
  onDelete,
  children,
  testId,
}: ItemMenuProps) {
  const { t } = useTranslation();
  const editable = editTo !== undefined || onEdit !== undefined;
  if (!editable && !onMove && !onDelete && !children) {
    return null;
  }
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={t('communitySettings.actions', { name })}
          data-testid={testId}
        >
          <IconDotsVertical size={18} stroke={1.7} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {editTo !== undefined ? (
          <Menu.Item component={Link} to={editTo} leftSection={<IconPencil size={16} stroke={1.7} />}>
            {t('communitySettings.edit')}
          </Menu.Item>
        ) : onEdit ? (
          <Menu.Item
            leftSection={<IconPencil size={16} stroke={1.7} />}
            onClick={onEdit}
            data-testid={`${testId}-edit`}
          >
            {t('communitySettings.edit')}
          </Menu.Item>
        ) : null}
        {children}
        {onMove ? (
          <>
            <Menu.Item
              leftSection={<IconArrowUp size={16} stroke={1.7} />}
              disabled={isFirst}
              onClick={() => onMove(-1)}
              data-testid={`${testId}-up`}
            >
              {t('communitySettings.moveUp')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={16} stroke={1.7} />}
              disabled={isLast}
              onClick={() => onMove(1)}
              data-testid={`${testId}-down`}
            >
              {t('communitySettings.moveDown')}
            </Menu.Item>
          </>
        ) : null}
        {onDelete ? (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} stroke={1.7} />}
              onClick={onDelete}
              data-testid={`${testId}-delete`}
            >
              {t('communitySettings.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

type DeleteDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** "Are you sure" before something goes for good (spec §2 confirm dialog: trash icon, cancel with close icon). */
export function DeleteDialog({ opened, title, text, loading, onCancel, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size={isMobile ? '100%' : 'md'}>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
      <ConfirmActions
        onCancel={onCancel}
        onConfirm={onConfirm}
        confirmLabel={t('communitySettings.delete')}
        confirmIcon={<IconTrash size={17} stroke={1.8} />}
        loading={loading}
        testId="delete-confirm"
      />
    </Modal>
  );
}
