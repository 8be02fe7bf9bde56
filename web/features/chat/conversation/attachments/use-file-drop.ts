import { useState, type DragEvent } from 'react';

/**
 * Files dragged over an element (the composer) and dropped there: `dragging` while files are over it, `take`
 * gets them on the drop. Only drags that carry files count; text dragged over it stays the field's.
 */
export function useFileDrop(enabled: boolean, take: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const carriesFiles = (event: DragEvent) => enabled && event.dataTransfer.types.includes('Files');
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      if (carriesFiles(event)) {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
        setDragging(false);
      }
    },
    onDrop: (event: DragEvent) => {
      setDragging(false);
      if (carriesFiles(event)) {
        event.preventDefault();
        take(Array.from(event.dataTransfer.files));
      }
    },
  };
  return { dragging, dropProps };
}
