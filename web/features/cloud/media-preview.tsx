import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, getDefaultZIndex, Modal, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconCrop,
  IconDownload,
  IconStar,
  IconStarFilled,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { formatBytes } from '../../../contracts/upload-size';
import { currentLanguage } from '../../i18n/i18n';
import { itemActions } from './item-menu';
import { PreviewMedia } from './preview-media';
import { downloadFile } from './use-library-actions';
import classes from './library-dialogs.module.css';

/**
 * Layers: the preview sits above a picker that hosts the library (a modal itself), and the dialogs opened
 * from the preview (delete, crop) sit above the preview, whatever order their portals were created in.
 */
export const previewZIndex = getDefaultZIndex('modal') + 10;
export const dialogZIndex = getDefaultZIndex('modal') + 20;

type MediaPreviewProps = {
  items: CloudEntity[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (entity: CloudEntity) => void;
  onToggleFavorite: (entity: CloudEntity) => void;
  onCrop: ((entity: CloudEntity) => void) | undefined;
};

/** Spec §2 "Files open in a media preview with delete": full screen, dark, one file at a time. */
export function MediaPreview({
  items,
  index,
  onIndexChange,
  onClose,
  onDelete,
  onToggleFavorite,
  onCrop,
}: MediaPreviewProps) {
  const { t } = useTranslation();
  const current = index === null ? undefined : items[index];
  // The last file stays on screen while the preview fades out.
  const [last, setLast] = useState(current);
  if (current && current !== last) {
    setLast(current);
  }
  const entity = current ?? last;
  const bodyRef = useRef<HTMLDivElement>(null);
  const opened = current !== undefined;

  const position = index ?? 0;

  useEffect(() => {
    if (!opened) {
      return;
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      // Keys belong to the preview only while it is on top: a dialog opened over it holds the focus.
      if (target && target !== document.body && !bodyRef.current?.contains(target)) {
        return;
      }
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      // The players' own controls use the arrow keys for seeking.
      if (target?.closest('video, audio, input')) {
        return;
      }
      if (event.key === 'ArrowLeft' && position > 0) {
        onIndexChange(position - 1);
      } else if (event.key === 'ArrowRight' && position < items.length - 1) {
        onIndexChange(position + 1);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [opened, position, items.length, onClose, onIndexChange]);

  const actions = entity ? itemActions(entity, { popup: onCrop === undefined }) : [];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      // Escape is handled above, so it does not also close a dialog opened over the preview.
      closeOnEscape={false}
      padding={0}
      zIndex={previewZIndex}
      transitionProps={{ transition: 'fade', duration: 150 }}
      classNames={{ content: classes.previewContent, body: classes.previewBody }}
      attributes={{ content: { 'data-testid': 'media-preview', 'aria-label': entity?.name ?? '' } }}
    >
      {entity ? (
        <div ref={bodyRef} className={classes.previewFrame}>
          {/* Not <header>: outside main, a header is a second banner landmark. */}
          <div className={classes.previewHeader}>
            <div className={classes.previewTitle}>
              <Text fw={600} truncate data-testid="preview-name">
                {entity.name}
              </Text>
              <Text size="xs" className={classes.previewMeta} data-testid="preview-counter">
                {t('cloudDialogs.preview.counter', { current: position + 1, total: items.length })}
                {entity.fileInfo ? ` · ${formatBytes(entity.fileInfo.size, currentLanguage())}` : ''}
              </Text>
            </div>
            <div className={classes.previewTools}>
              {actions.includes('favorite') ? (
                <PreviewTool
                  label={t(entity.isFavorite ? 'cloud.actions.unfavorite' : 'cloud.actions.favorite')}
                  onClick={() => onToggleFavorite(entity)}
                  testId="preview-favorite"
                  pressed={entity.isFavorite}
                >
                  {entity.isFavorite ? (
                    <IconStarFilled size={19} className={classes.star} />
                  ) : (
                    <IconStar size={19} stroke={1.7} />
                  )}
                </PreviewTool>
              ) : null}
              {onCrop && actions.includes('crop') ? (
                <PreviewTool
                  label={t('cloudDialogs.preview.crop')}
                  onClick={() => onCrop(entity)}
                  testId="preview-crop"
                >
                  <IconCrop size={19} stroke={1.7} />
                </PreviewTool>
              ) : null}
              {actions.includes('download') ? (
                <PreviewTool
                  label={t('cloud.actions.download')}
                  onClick={() => downloadFile(entity)}
                  testId="preview-download"
                >
                  <IconDownload size={19} stroke={1.7} />
                </PreviewTool>
              ) : null}
              {actions.includes('delete') ? (
                <PreviewTool
                  label={t('cloud.actions.delete')}
                  onClick={() => onDelete(entity)}
                  testId="preview-delete"
                >
                  <IconTrash size={19} stroke={1.7} />
                </PreviewTool>
              ) : null}
              <span className={classes.previewDivider} aria-hidden />
              <PreviewTool label={t('cloudDialogs.preview.close')} onClick={onClose} testId="preview-close">
                <IconX size={21} stroke={1.8} />
              </PreviewTool>
            </div>
          </div>
          {/* The stage takes the first focus, so no tooltip pops up on opening. */}
          <div className={classes.previewStage} tabIndex={-1} data-autofocus>
            <PreviewMedia key={entity.id} entity={entity} />
            {position > 0 ? (
              <ActionIcon
                className={classes.previewNav}
                data-side="prev"
                size={48}
                radius="xl"
                variant="transparent"
                onClick={() => onIndexChange(position - 1)}
                aria-label={t('cloudDialogs.preview.previous')}
                data-testid="preview-prev"
              >
                <IconChevronLeft size={26} stroke={1.8} />
              </ActionIcon>
            ) : null}
            {position < items.length - 1 ? (
              <ActionIcon
                className={classes.previewNav}
                data-side="next"
                size={48}
                radius="xl"
                variant="transparent"
                onClick={() => onIndexChange(position + 1)}
                aria-label={t('cloudDialogs.preview.next')}
                data-testid="preview-next"
              >
                <IconChevronRight size={26} stroke={1.8} />
              </ActionIcon>
            ) : null}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function PreviewTool({
  label,
  onClick,
  testId,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} zIndex={dialogZIndex + 10}>
      <ActionIcon
        className={classes.previewTool}
        variant="transparent"
        size={40}
        radius="xl"
        onClick={onClick}
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
