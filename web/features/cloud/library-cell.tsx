import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Checkbox, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { formatBytes } from '../../../contracts/upload-size';
import { currentLanguage } from '../../i18n/i18n';
import { FileVisual } from './file-visual';
import type { LibraryView } from './library-layout';
import classes from './library-cell.module.css';

export type CellHandlers = {
  onClick: (entity: CloudEntity, event: MouseEvent) => void;
  onDoubleClick: (entity: CloudEntity) => void;
  onCheck: (entity: CloudEntity) => void;
  onContextMenu: (entity: CloudEntity) => void;
  onFocusCell: (index: number) => void;
};

type LibraryCellProps = {
  entity: CloudEntity;
  index: number;
  view: LibraryView;
  width: number;
  style: CSSProperties;
  selected: boolean;
  focused: boolean;
  /** Another drag is under way and this folder is one of the dragged items: no drop here (RULE-24). */
  draggable: boolean;
  droppable: boolean;
  showCheckbox: boolean;
  handlers: CellHandlers;
  menu: ReactNode;
};

const dateFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' });

/** A file or folder of the library: a tile in the grid, a row in the list. Drag it onto a folder to move it. */
export const LibraryCell = memo(function LibraryCell({
  entity,
  index,
  view,
  width,
  style,
  selected,
  focused,
  draggable,
  droppable,
  showCheckbox,
  handlers,
  menu,
}: LibraryCellProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const drag = useDraggable({ id: entity.id, disabled: !draggable, data: { entity } });
  const drop = useDroppable({ id: `folder:${entity.id}`, disabled: !droppable, data: { folder: entity } });
  const setRef = (element: HTMLDivElement | null) => {
    drag.setNodeRef(element);
    drop.setNodeRef(element);
  };
  // dnd-kit marks an item it may not drag as disabled; the item itself (open, select, its menu) is not.
  const { 'aria-disabled': _dragDisabled, 'aria-pressed': _dragPressed, ...dragAttributes } = drag.attributes;
  const size = entity.fileInfo ? formatBytes(entity.fileInfo.size, language) : null;
  const kindText = entity.isFolder ? t('cloud.item.folder') : size;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The library handles the keys; the drag handle's own keyboard start (Space/Enter) stays off.
    if (event.key === ' ' || event.key === 'Enter') {
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };

  return (
    <div
      ref={setRef}
      {...dragAttributes}
      {...drag.listeners}
      onKeyDown={handleKeyDown}
      role="option"
      aria-selected={selected}
      aria-label={entity.name}
      tabIndex={focused ? 0 : -1}
      className={view === 'grid' ? classes.tile : classes.row}
      style={{ ...style, width }}
      data-cell
      data-index={index}
      data-id={entity.id}
      data-testid={entity.isFolder ? 'cloud-folder' : 'cloud-file'}
      data-name={entity.name}
      data-selected={selected || undefined}
      data-dragging={drag.isDragging || undefined}
      data-drop-over={drop.isOver || undefined}
      onClick={(event) => handlers.onClick(entity, event)}
      onDoubleClick={() => handlers.onDoubleClick(entity)}
      onFocus={() => handlers.onFocusCell(index)}
      onContextMenu={(event) => {
        event.preventDefault();
        handlers.onContextMenu(entity);
      }}
    >
      {showCheckbox ? (
        <Checkbox
          className={classes.check}
          checked={selected}
          size="xs"
          radius="sm"
          tabIndex={-1}
          aria-label={t('cloud.item.select', { name: entity.name })}
          onClick={(event) => event.stopPropagation()}
          onChange={() => handlers.onCheck(entity)}
          data-testid="cloud-item-check"
        />
      ) : null}
      <FileVisual
        entity={entity}
        size={view === 'grid' ? width : 40}
        variant={view === 'grid' ? 'tile' : 'table'}
        height={view === 'grid' ? 104 : undefined}
      />
      <div className={classes.text}>
        <Text className={classes.name} size="sm" fw={500} title={entity.name}>
          {entity.name}
        </Text>
        <Text className={classes.meta} size="xs" c="dimmed">
          {view === 'grid'
            ? kindText
            : [kindText, entity.isFolder ? null : entity.extension?.toUpperCase()].filter(Boolean).join(' · ')}
        </Text>
      </div>
      {view === 'list' ? (
        <Text className={classes.date} size="xs" c="dimmed">
          {dateFormat(language).format(new Date(entity.updatedAt))}
        </Text>
      ) : null}
      {entity.isFavorite ? (
        <IconStarFilled size={14} className={classes.star} aria-label={t('cloud.item.favorite')} />
      ) : null}
      <div className={classes.menu}>{menu}</div>
    </div>
  );
});
