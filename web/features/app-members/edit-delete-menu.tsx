import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type EditDeleteMenuProps = {
  /** The entity's name, for the button's label ("Aktionen für …"). */
  name: string;
  /** The entity's `permissions.can`: items whose ability is missing are hidden (spec §6). */
  can: readonly string[];
  onEdit: () => void;
  onDelete: () => void;
};

/** The row menu of an editable item (tag, invite link): edit and delete, each only with its ability. */
export function EditDeleteMenu({ name, can, onEdit, onDelete }: EditDeleteMenuProps) {
  const { t } = useTranslation();
  const canEdit = can.includes('edit');
  const canDelete = can.includes('delete');
  if (!canEdit && !canDelete) {
    return null;
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('members.actions.menuFor', { name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit ? (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
            {t('members.actions.edit')}
          </Menu.Item>
        ) : null}
        {canDelete ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            {t('members.actions.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
