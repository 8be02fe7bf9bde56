import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dropItem, type Reorder } from './reorder';
import classes from './community-settings.module.css';

/** The drag handle of one item: a button (Space or Enter picks it up, arrows move it, Space drops it). */
export type Handle = ReactNode;

type SortableListProps<T extends { id: string }> = {
  items: readonly T[];
  nameOf: (item: T) => string;
  /** Whether an item can be dragged (its ability); a list without any is simply shown. */
  canMove: (item: T) => boolean;
  onMove: (reorder: Reorder<T>) => void;
  renderItem: (item: T, handle: Handle, index: number) => ReactNode;
  className?: string;
  testId: string;
};

/** Announcements in the person's language while an item is dragged by keyboard or pointer. */
function useAnnouncements<T extends { id: string }>(
  items: readonly T[],
  nameOf: (item: T) => string,
): Announcements {
  const { t } = useTranslation();
  const name = (id: string | number) => {
    const item = items.find((entry) => entry.id === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: string | number | undefined) => items.findIndex((entry) => entry.id === id) + 1;
  return {
    onDragStart: ({ active }) => t('communitySettings.dnd.start', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('communitySettings.dnd.over', { name: name(active.id), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('communitySettings.dnd.end', { name: name(active.id), position: position(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t('communitySettings.dnd.cancel', { name: name(active.id) }),
  };
}

/**
 * A list ordered by drag and drop (dnd-kit): by pointer on the handle, or by keyboard (focus the handle, Space,
 * arrows, Space), with what happens read out. The move is reported as the new order and the item it now follows.
 */
export function SortableList<T extends { id: string }>({
  items,
  nameOf,
  canMove,
  onMove,
  renderItem,
  className,
  testId,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const announcements = useAnnouncements(items, nameOf);
  const sensors = useSortableSensors();
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    const reorder = dropItem(items, String(active.id), over ? String(over.id) : null);
    if (reorder) {
      onMove(reorder);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('communitySettings.dnd.instructions') },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className={className ?? classes.list} data-testid={testId}>
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id} name={nameOf(item)} disabled={!canMove(item)}>
              {(handle) => renderItem(item, handle, index)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

/** Pointer (after 4 px, so a click stays a click) and keyboard, for any sortable list of these items. */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * One item of a sortable list, with its drag handle. `droppable: false` keeps it draggable but takes it out of
 * the drop targets, for lists of two kinds in one drag context (a module is never dropped among lessons).
 */
export function SortableItem({
  id,
  name,
  disabled,
  droppable = true,
  children,
}: {
  id: string;
  name: string;
  disabled: boolean;
  droppable?: boolean;
  children: (handle: Handle) => ReactNode;
}) {
  const { t } = useTranslation();
  const sortable = useSortable({ id, disabled: disabled || { draggable: false, droppable: !droppable } });
  const handle = disabled ? (
    <span className={classes.handleSpacer} />
  ) : (
    <button
      type="button"
      className={classes.handle}
      aria-label={t('communitySettings.dnd.handle', { name })}
      {...sortable.attributes}
      {...sortable.listeners}
      data-testid="drag-handle"
    >
      <IconGripVertical size={18} stroke={1.6} />
    </button>
  );
  return (
    <li
      ref={sortable.setNodeRef}
      className={classes.sortableItem}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
    >
      {children(handle)}
    </li>
  );
}
