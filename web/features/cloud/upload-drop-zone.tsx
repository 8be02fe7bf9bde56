import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './upload-drop-zone.module.css';

type UploadDropZoneProps = {
  /** Where uploading is not possible (Removed, a deleted folder) a drop does nothing. */
  enabled: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
};

/** Only drags from the desktop carry files; the library's own tile drags (dnd-kit) do not. */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** The dropped files, without folders: those arrive as empty "files" that cannot be read. */
export function droppedFiles(transfer: Pick<DataTransfer, 'files' | 'items'>): { files: File[]; skippedFolders: number } {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) {
    return { files: Array.from(transfer.files ?? []), skippedFolders: 0 };
  }
  const files: File[] = [];
  let skippedFolders = 0;
  for (const item of items) {
    if (item.webkitGetAsEntry?.()?.isDirectory) {
      skippedFolders += 1;
      continue;
    }
    const file = item.getAsFile();
    if (file) {
      files.push(file);
    }
  }
  return { files, skippedFolders };
}

/**
 * Drag and drop from the desktop anywhere on the library (spec §2 "drag-and-drop upload"): while files are
 * dragged over it an overlay says where they go; a drop hands them to `onFiles`.
 */
export function UploadDropZone({ enabled, onFiles, children }: UploadDropZoneProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; the count says whether the pointer is still inside.
  const depth = useRef(0);

  const reset = useCallback(() => {
    depth.current = 0;
    setDragging(false);
  }, []);

  // A drag that ends outside (Escape, dropped elsewhere) sends no dragleave to us.
  useEffect(() => {
    if (!dragging) {
      return;
    }
    window.addEventListener('dragend', reset);
    window.addEventListener('drop', reset);
    return () => {
      window.removeEventListener('dragend', reset);
      window.removeEventListener('drop', reset);
    };
  }, [dragging, reset]);

  const handleDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) {
      return;
    }
    // Also when disabled: otherwise the browser would open the dropped file instead of the app.
    event.preventDefault();
    event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
  };

  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) {
      return;
    }
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) {
      setDragging(false);
    }
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    reset();
    if (!enabled) {
      return;
    }
    const { files, skippedFolders } = droppedFiles(event.dataTransfer);
    if (skippedFolders > 0) {
      notifications.show({ color: 'yellow', message: t('cloudUpload.dropZone.foldersSkipped', { count: skippedFolders }) });
    }
    if (files.length > 0) {
      onFiles(files);
    }
  };

  return (
    <div
      className={classes.zone}
      onDragEnter={handleDragEnter}
      onDragOver={handleDragOver}
      onDragLeave={handleDragLeave}
      onDrop={handleDrop}
      data-dragging={dragging || undefined}
    >
      {children}
      {dragging && enabled ? (
        <div className={classes.overlay} data-testid="upload-drop-overlay" aria-hidden>
          <div className={classes.message}>
            <ThemeIcon size={64} radius="xl" variant="light">
              <IconCloudUpload size={34} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('cloudUpload.dropZone.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('cloudUpload.dropZone.text')}
            </Text>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The system's file dialog: `open(handler)` lets the person choose files and hands them over. The input is
 * made on demand and removed afterwards, so nothing hidden stays in the page.
 */
export function useFilePicker(): { open: (handler: (files: File[]) => void) => void } {
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => () => input.current?.remove(), []);

  const open = useCallback((handler: (files: File[]) => void) => {
    input.current?.remove();
    const element = document.createElement('input');
    element.type = 'file';
    element.multiple = true;
    element.hidden = true;
    element.dataset.testid = 'upload-file-input';
    const done = () => {
      element.remove();
      if (input.current === element) {
        input.current = null;
      }
    };
    element.addEventListener(
      'change',
      () => {
        const files = Array.from(element.files ?? []);
        done();
        if (files.length > 0) {
          handler(files);
        }
      },
      { once: true },
    );
    element.addEventListener('cancel', done, { once: true });
    // Some mobile browsers only open the dialog for an input that is part of the page.
    document.body.append(element);
    input.current = element;
    element.click();
  }, []);

  return useMemo(() => ({ open }), [open]);
}
