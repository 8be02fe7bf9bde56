import { memo, useId, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Checkbox, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { currentLanguage } from '../../i18n/i18n';
import { cellDateText, cellMetaText } from './cell-texts';
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
  /** The "…" menu; its button is in the Tab order only while this cell is the grid's active one. */
  renderMenu: (entity: CloudEntity, options: { tabbable: boolean }) => ReactNode;
  /** In the first row: its thumbnail loads at once, with high priority. */
  priority?: boolean;
};

/**
 * A file or folder of the library: a cell of the grid (ARIA `gridcell`: it may hold its checkbox and menu
 * button, which an `option` may not), a tile in the grid view, a row in the list. Drag it onto a folder to
 * move it.
 */
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
  renderMenu,
  priority = false,
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

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The library handles the keys; the drag handle's own keyboard start (Space/Enter) stays off. Keys of the
    // menu button and the open menu (a portal, but inside this cell in React's tree) are theirs.
    if (event.key === ' ' || event.key === 'Enter' || event.target !== event.currentTarget) {
      return;
    }
    drag.listeners?.onKeyDown?.(event);
  };
  // The cell's name is what it shows (WCAG 2.5.3): the visual's text (a file's extension without thumbnail),
  // name, size or kind, in the list the date, and the star.
  const id = useId();
  const labelledBy = [
    `${id}-visual`,
    `${id}-name`,
    `${id}-meta`,
    view === 'list' ? `${id}-date` : null,
    entity.isFavorite ? `${id}-star` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={setRef}
      {...dragAttributes}
      {...drag.listeners}
      onKeyDown={handleKeyDown}
      role="gridcell"
      aria-selected={selected}
      aria-labelledby={labelledBy}
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
        id={`${id}-visual`}
        entity={entity}
        size={view === 'grid' ? width : 40}
        variant={view === 'grid' ? 'tile' : 'table'}
        height={view === 'grid' ? 104 : undefined}
        priority={priority}
      />
      {/* Spaces between the texts: without them, tools that read the visible text see "berg.png39 KB". */}{' '}
      <div className={classes.text}>
        <Text id={`${id}-name`} className={classes.name} size="sm" fw={500} title={entity.name}>
          {entity.name}
        </Text>{' '}
        <Text id={`${id}-meta`} className={classes.meta} size="xs" c="dimmed">
          {cellMetaText(entity, view, t, language)}
          {view === 'list' ? (
            <span className={classes.metaDate}> · {cellDateText(entity, t, language)}</span>
          ) : null}
        </Text>
      </div>{' '}
      {view === 'list' ? (
        <Text id={`${id}-date`} className={classes.date} size="xs" c="dimmed">
          {cellDateText(entity, t, language)}
        </Text>
      ) : null}
      {entity.isFavorite ? (
        <IconStarFilled
          id={`${id}-star`}
          size={14}
          className={classes.star}
          role="img"
          aria-label={t('cloud.item.favorite')}
        />
      ) : null}
      <div className={classes.menu}>{renderMenu(entity, { tabbable: focused })}</div>
    </div>
  );
});
