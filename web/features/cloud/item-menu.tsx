import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCrop,
  IconDots,
  IconDownload,
  IconEye,
  IconFolderOpen,
  IconFolderSymlink,
  IconPencil,
  IconStar,
  IconStarOff,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';

export type ItemAction = 'open' | 'rename' | 'move' | 'favorite' | 'crop' | 'download' | 'restore' | 'delete';

const can = (entity: CloudEntity, ability: CloudEntity['permissions']['can'][number]) =>
  entity.permissions.can.includes(ability);

/** The actions an item offers (spec §6: menus hide what `permissions.can` refuses). */
export function itemActions(entity: CloudEntity, { popup }: { popup: boolean }): ItemAction[] {
  const actions: ItemAction[] = [];
  const live = !entity.isDeleted;
  if (live && (entity.isFolder || entity.status !== 'process')) {
    actions.push('open');
  }
  if (live && can(entity, 'rename')) {
    actions.push('rename');
  }
  if (live && can(entity, 'move')) {
    actions.push('move');
  }
  if (live && !entity.isFolder && can(entity, 'favorite')) {
    actions.push('favorite');
  }
  if (live && !popup && entity.type === 'image' && entity.status === null && can(entity, 'upload')) {
    actions.push('crop');
  }
  if (!entity.isFolder && entity.url && live) {
    actions.push('download');
  }
  if (entity.isDeleted && can(entity, 'delete')) {
    actions.push('restore');
  }
  if (can(entity, 'delete')) {
    actions.push('delete');
  }
  return actions;
}

type ItemMenuProps = {
  entity: CloudEntity;
  popup: boolean;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onAction: (action: ItemAction, entity: CloudEntity) => void;
  /** false: reached from its grid cell (Tab from the active cell), not on its own. */
  tabbable?: boolean;
};

/** The "…" menu of a tile or row; right-clicking the item opens it too (spec §2 "context menus"). */
export function ItemMenu({ entity, popup, opened, onChange, onAction, tabbable = true }: ItemMenuProps) {
  const { t } = useTranslation();
  const actions = itemActions(entity, { popup });
  if (actions.length === 0) {
    return null;
  }
  const item = (action: ItemAction, icon: React.ReactNode, label: string, color?: string) =>
    actions.includes(action) ? (
      <Menu.Item
        leftSection={icon}
        color={color}
        onClick={() => onAction(action, entity)}
        data-testid={`cloud-action-${action}`}
      >
        {label}
      </Menu.Item>
    ) : null;

  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={28}
          radius="md"
          aria-label={t('cloud.actions.menu', { name: entity.name })}
          tabIndex={tabbable ? undefined : -1}
          data-testid="cloud-item-menu"
          onClick={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => event.stopPropagation()}
        >
          <IconDots size={18} stroke={1.8} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {item(
          'open',
          entity.isFolder ? <IconFolderOpen size={16} /> : <IconEye size={16} />,
          t(entity.isFolder ? 'cloud.actions.openFolder' : 'cloud.actions.preview'),
        )}
        {item('rename', <IconPencil size={16} />, t('cloud.actions.rename'))}
        {item('move', <IconFolderSymlink size={16} />, t('cloud.actions.move'))}
        {item(
          'favorite',
          entity.isFavorite ? <IconStarOff size={16} /> : <IconStar size={16} />,
          t(entity.isFavorite ? 'cloud.actions.unfavorite' : 'cloud.actions.favorite'),
        )}
        {item('crop', <IconCrop size={16} />, t('cloud.actions.crop'))}
        {item('download', <IconDownload size={16} />, t('cloud.actions.download'))}
        {item('restore', <IconArrowBackUp size={16} />, t('cloud.actions.restore'))}
        {actions.includes('delete') && actions.length > 1 ? <Menu.Divider /> : null}
        {item(
          'delete',
          <IconTrash size={16} />,
          t(entity.isDeleted ? 'cloud.actions.deleteForever' : 'cloud.actions.delete'),
          'red',
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
