import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Anchor, Modal } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '../../../../../contracts/chat-messages';
import { FallbackImage } from './fallback-image';
import classes from './message-attachments.module.css';
import './attachment-styles';

type ImageLightboxProps = {
  images: ChatAttachment[];
  /** The picture shown first; null: closed. */
  start: number | null;
  onClose: () => void;
};

/** A message's pictures large (`url`), one at a time: arrows (and the arrow keys) go through them. */
export function ImageLightbox({ images, start, onClose }: ImageLightboxProps) {
  return (
    <Modal.Root opened={start !== null} onClose={onClose} size="auto" centered>
      <Modal.Overlay backgroundOpacity={0.75} />
      {start !== null ? <LightboxContent images={images} start={start} /> : null}
    </Modal.Root>
  );
}

function LightboxContent({ images, start }: { images: ChatAttachment[]; start: number }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const image = images[index];
  if (!image) {
    return null;
  }
  const several = images.length > 1;
  const go = (step: number) => setIndex((current) => (current + step + images.length) % images.length);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (several && event.key === 'ArrowRight') {
      go(1);
    } else if (several && event.key === 'ArrowLeft') {
      go(-1);
    }
  };

  return (
    <Modal.Content className={classes.lightbox} onKeyDown={handleKeyDown} data-testid="image-lightbox">
      <Modal.Header className={classes.lightboxHeader}>
        <Modal.Title className={classes.lightboxTitle}>
          {several
            ? t('chatAttachments.image.counted', { name: image.name, index: index + 1, total: images.length })
            : image.name}
        </Modal.Title>
        <Anchor
          href={image.downloadUrl}
          download={image.name}
          className={classes.lightboxDownload}
          aria-label={t('chatAttachments.file.download', { name: image.name })}
        >
          <IconDownload size={18} stroke={1.8} />
        </Anchor>
        <Modal.CloseButton aria-label={t('chatAttachments.image.close')} />
      </Modal.Header>
      <Modal.Body className={classes.lightboxBody}>
        <FallbackImage
          key={image.id}
          className={classes.lightboxImage}
          sources={[image.url, image.downloadUrl]}
          alt={image.name}
          width={image.width ?? undefined}
          height={image.height ?? undefined}
        />
        {several ? (
          <>
            <ActionIcon
              className={classes.lightboxPrevious}
              variant="filled"
              color="dark"
              radius="xl"
              size={40}
              onClick={() => go(-1)}
              aria-label={t('chatAttachments.image.previous')}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon
              className={classes.lightboxNext}
              variant="filled"
              color="dark"
              radius="xl"
              size={40}
              onClick={() => go(1)}
              aria-label={t('chatAttachments.image.next')}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </>
        ) : null}
      </Modal.Body>
    </Modal.Content>
  );
}
