import { useState } from 'react';
import { Loader, RingProgress, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconFolderFilled,
  IconMusic,
  IconPhoto,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import classes from './file-visual.module.css';

type FileVisualProps = {
  entity: CloudEntity;
  /** Width in px; the visual is square unless `height` is given. */
  size: number;
  height?: number;
  /** `tile` (grid, preview size 320 px) or `table` (list rows and the search table, 80 px). */
  variant?: 'tile' | 'table';
  /** Lets a cell name itself by what the visual shows (the extension of a file without thumbnail). */
  id?: string;
  /** On the first screen (the grid's first row): loaded at once and before other images, not when scrolled to. */
  priority?: boolean;
};

function TypeIcon({ entity, size }: { entity: CloudEntity; size: number }) {
  const iconSize = Math.round(size * 0.42);
  if (entity.isFolder) {
    return <IconFolderFilled size={iconSize} className={classes.folderIcon} aria-hidden />;
  }
  if (entity.extension === 'pdf') {
    return <IconFileTypePdf size={iconSize} stroke={1.4} aria-hidden />;
  }
  switch (entity.type) {
    case 'image':
      return <IconPhoto size={iconSize} stroke={1.4} aria-hidden />;
    case 'audio':
      return <IconMusic size={iconSize} stroke={1.4} aria-hidden />;
    case 'video':
      return <IconPlayerPlayFilled size={iconSize} aria-hidden />;
    case 'other':
    case null:
      return entity.fileInfo?.mimeType.startsWith('text/') ? (
        <IconFileText size={iconSize} stroke={1.4} aria-hidden />
      ) : (
        <IconFile size={iconSize} stroke={1.4} aria-hidden />
      );
  }
}

/** `m:ss` of a duration, for the badge on video and audio tiles. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const rest = `${Math.floor((seconds % 3600) / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${rest.padStart(5, '0')}` : rest;
}

/**
 * What a file or folder looks like in the grid, the list and the search table: its thumbnail, or — for a
 * folder, a file without thumbnail or one whose thumbnail fails to load — a blank tile with its type icon
 * and extension (RULE-214). A file in process shows a spinner or its percent (RULE-04), a failed one a
 * warning (RULE-03).
 */
export function FileVisual({
  entity,
  size,
  height = size,
  variant = 'tile',
  id,
  priority = false,
}: FileVisualProps) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const source = entity.thumbnails?.[variant] ?? null;
  const showImage = source !== null && broken !== source;
  const processing = entity.status === 'process';
  const small = Math.min(size, height) < 64;

  return (
    <div
      id={id}
      className={classes.visual}
      style={{ width: size, height }}
      data-kind={entity.isFolder ? 'folder' : (entity.type ?? 'other')}
      data-status={entity.status ?? undefined}
    >
      {/* First, though drawn on top: the cell's name (library-cell.tsx) reads this one's text and then the
          visible ones, so "Wird verarbeitet" must not come between the extension and the file's name (WCAG 2.5.3). */}
      {processing ? (
        <div
          className={classes.overlay}
          data-testid="file-processing"
          role="status"
          // With a ring, its percentage is in the name too: the cell's name, made of this one's, holds what it shows.
          aria-label={
            entity.encodeProgress === null || small
              ? t('cloud.file.processing')
              : t('cloud.file.processingProgress', { progress: entity.encodeProgress })
          }
        >
          {entity.encodeProgress === null ? (
            <Loader size={small ? 'xs' : 'sm'} color="white" />
          ) : (
            <RingProgress
              size={small ? 32 : 56}
              thickness={small ? 3 : 5}
              roundCaps
              sections={[{ value: entity.encodeProgress, color: 'white' }]}
              label={
                small ? null : (
                  <Text c="white" size="xs" ta="center" fw={700}>
                    {entity.encodeProgress} %
                  </Text>
                )
              }
            />
          )}
        </div>
      ) : null}
      {showImage ? (
        <img
          className={classes.image}
          src={source}
          alt=""
          width={size}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onError={() => setBroken(source)}
        />
      ) : (
        <div className={classes.blank} data-testid="file-blank">
          <TypeIcon entity={entity} size={Math.min(size, height)} />
          {!entity.isFolder && entity.extension && !small ? (
            <Text className={classes.extension} size="xs" fw={700}>
              .{entity.extension}
            </Text>
          ) : null}
        </div>
      )}
      {showImage && entity.type === 'video' && !processing && !small ? (
        <span className={classes.play} aria-hidden>
          <IconPlayerPlayFilled size={16} />
        </span>
      ) : null}
      {entity.durationMs !== null && !small && !processing ? (
        <span className={classes.duration}>{formatDuration(entity.durationMs)}</span>
      ) : null}
      {entity.status === 'error' ? (
        <div className={classes.failed} data-testid="file-failed" title={t('cloud.file.failed')}>
          <IconAlertTriangle size={small ? 14 : 20} stroke={1.8} />
        </div>
      ) : null}
    </div>
  );
}
