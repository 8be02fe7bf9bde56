import { useState, type ReactNode } from 'react';
import { Badge, Paper, Text } from '@mantine/core';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import type { StoreApi } from 'zustand';
import type { CloudEntity } from '../../../contracts/cloud';
import { FileVisual } from './file-visual';
import { useMoveItems } from './move-dialog';
import type { SelectionStore } from './selection-store';
import classes from './cloud-library.module.css';

/** Where a drop lands: a folder tile (`folder`), an ancestor in the path or My files (`folderId`). */
type DropData = { folder?: CloudEntity; folderId?: string | null };

/**
 * Dragging selected items onto another folder moves them (spec §4 "Selection", RULE-23): the tree refreshes,
 * the selection clears and "items moved" shows. Dropping onto one of the dragged items does nothing (RULE-24).
 * A drag that starts on an unselected item moves that item alone.
 */
export function LibraryDrag({
  items,
  selectionStore,
  enabled,
  children,
}: {
  items: readonly CloudEntity[];
  selectionStore: StoreApi<SelectionStore>;
  enabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const move = useMoveItems();
  const [dragged, setDragged] = useState<CloudEntity[]>([]);
  // A few pixels of travel first, so a click stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const handleDragStart = (event: DragStartEvent) => {
    const id = String(event.active.id);
    const selection = selectionStore.getState();
    if (!selection.ids.includes(id)) {
      selection.set([id]);
    }
    const ids = new Set(selectionStore.getState().ids);
    setDragged(items.filter((item) => ids.has(item.id)));
  };

  const handleDragEnd = (event: DragEndEvent) => {
    const moved = dragged;
    setDragged([]);
    const data = event.over?.data.current as DropData | undefined;
    const targetId = data?.folder?.id ?? data?.folderId ?? null;
    if (!targetId || moved.length === 0 || moved.some((item) => item.id === targetId)) {
      return;
    }
    // Already there: nothing to move (RULE-83).
    if (moved.every((item) => item.parentId === targetId)) {
      return;
    }
    move.mutate(
      { items: moved, targetId },
      { onSuccess: () => selectionStore.getState().clear() },
    );
  };

  if (!enabled) {
    return children;
  }
  const first = dragged[0];
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setDragged([])}
      accessibility={{
        screenReaderInstructions: { draggable: t('cloud.drag.instructions') },
      }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {first ? (
          <Paper className={classes.dragOverlay} shadow="lg" radius="md" withBorder data-testid="cloud-drag-overlay">
            <FileVisual entity={first} size={40} variant="table" />
            <Text size="sm" fw={500} className={classes.dragName}>
              {first.name}
            </Text>
            {dragged.length > 1 ? (
              <Badge size="lg" circle>
                {dragged.length}
              </Badge>
            ) : null}
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
