import { useState, type CSSProperties } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconDownload, IconMicrophone, IconMusic } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment, ChatGif, ChatMessage } from '../../../../../contracts/chat-messages';
import { useFormat } from '../../../../kernel/format';
import { fileTypeIcons } from './attachment-chips';
import { FallbackImage } from './fallback-image';
import { ImageLightbox } from './image-lightbox';
import { clockOf } from './media-time';
import { VoteCard } from './vote-card';
import classes from './message-attachments.module.css';

/** A picture's or video's shape for the layout before it loads (a square when the size is not known yet). */
const ratioOf = (item: { width: number | null; height: number | null }): CSSProperties => ({
  aspectRatio: item.width && item.height ? `${item.width} / ${item.height}` : '1',
});

/** The boxes each kind is laid out in: pictures and videos, a GIF, audio and files, a poll. */
const boxes = {
  media: { width: 320, height: 360 },
  gif: { width: 240, height: 300 },
  row: 280,
  poll: 300,
};

/** The width that fits a picture of this shape into a box (a tall one narrower, never wider than the box). */
export function fittedWidth(
  item: { width: number | null; height: number | null },
  box: { width: number; height: number },
): number {
  if (!item.width || !item.height) {
    return box.width;
  }
  return Math.round(Math.min(box.width, (box.height * item.width) / item.height));
}

/** A video's shape; 16:9 until the server has measured it. */
const shapeOf = (video: ChatAttachment) => (video.width && video.height ? video : { width: 16, height: 9 });

/** A message's pictures as tiles (`thumbUrl`); a tile opens the pictures large. */
function ImageGrid({ images }: { images: ChatAttachment[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const [first] = images;
  const single = images.length === 1 && first !== undefined;
  return (
    <>
      <ul
        className={classes.images}
        style={single ? { width: fittedWidth(first, boxes.media) } : undefined}
        data-count={Math.min(images.length, 3)}
        aria-label={t('chatAttachments.image.list', { count: images.length })}
        data-testid="message-images"
      >
        {images.map((image, index) => (
          <li key={image.id} className={classes.imageItem} style={single ? ratioOf(image) : undefined}>
            <UnstyledButton
              className={classes.imageButton}
              onClick={() => setOpen(index)}
              aria-label={t('chatAttachments.image.open', { name: image.name })}
              data-testid="message-image"
            >
              <FallbackImage
                sources={[image.thumbUrl, image.url, image.downloadUrl]}
                loading="lazy"
                decoding="async"
                draggable={false}
              />
            </UnstyledButton>
          </li>
        ))}
      </ul>
      <ImageLightbox images={images} start={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** A video with its tile as the poster; until converted (`url` null) the poster and a note. */
function VideoPlayer({ video }: { video: ChatAttachment }) {
  const { t } = useTranslation();
  if (!video.url) {
    return (
      <div className={classes.video} style={ratioOf(shapeOf(video))} data-testid="message-video-processing">
        {video.thumbUrl ? <img src={video.thumbUrl} alt="" /> : null}
        <span className={classes.processing}>
          {t('chatAttachments.video.processing', { name: video.name })}
        </span>
      </div>
    );
  }
  return (
    <video
      className={classes.video}
      style={ratioOf(shapeOf(video))}
      src={video.url}
      poster={video.thumbUrl ?? undefined}
      controls
      preload="none"
      playsInline
      aria-label={video.name}
      data-testid="message-video"
    />
  );
}

/** Audio and voice messages play inline; the length (`durationMs`) shows before anything loads. */
function AudioPlayer({ audio, voice }: { audio: ChatAttachment; voice: boolean }) {
  const { t } = useTranslation();
  const Icon = voice ? IconMicrophone : IconMusic;
  const label = voice ? t('chatAttachments.voice.message') : audio.name;
  return (
    <div className={classes.audio} data-voice={voice || undefined} data-testid="message-audio">
      <div className={classes.audioHead}>
        <Icon size={16} stroke={1.8} aria-hidden="true" />
        <span className={classes.audioName}>{label}</span>
        {audio.durationMs !== null ? (
          <span className={classes.duration} data-testid="message-audio-duration">
            {clockOf(audio.durationMs)}
          </span>
        ) : null}
      </div>
      <audio
        className={classes.audioPlayer}
        src={audio.url ?? audio.downloadUrl}
        controls
        preload="none"
        aria-label={label}
      />
    </div>
  );
}

/** Any other file: its name and size, a link that downloads it. */
function FileChip({ file }: { file: ChatAttachment }) {
  const { t } = useTranslation();
  const format = useFormat();
  const Icon = fileTypeIcons[file.type];
  const size = format.bytes(file.size);
  return (
    <a
      className={classes.file}
      href={file.downloadUrl}
      download={file.name}
      aria-label={t('chatAttachments.file.downloadSized', { name: file.name, size })}
      data-testid="message-file"
    >
      <span className={classes.fileIcon} aria-hidden="true">
        <Icon size={20} stroke={1.6} />
      </span>
      <span className={classes.fileText}>
        <span className={classes.fileName}>{file.name}</span>
        <span className={classes.fileSize}>{size}</span>
      </span>
      <IconDownload size={18} stroke={1.8} aria-hidden="true" className={classes.fileDownload} />
    </a>
  );
}

/** How wide a GIF shows: its shape fitted into the GIF box. */
export const gifWidthOf = (gif: ChatGif) => fittedWidth(gif, boxes.gif);

/** A GIF of the GIF service, laid out by its size before it loads; its title says what it shows. */
export function GifImage({ gif }: { gif: ChatGif }) {
  const { t } = useTranslation();
  return (
    <img
      className={classes.gif}
      src={gif.url}
      alt={gif.title || t('chatAttachments.gif.untitled')}
      width={gif.width || undefined}
      height={gif.height || undefined}
      style={{ ...ratioOf(gif), width: gifWidthOf(gif) }}
      loading="lazy"
      decoding="async"
      data-testid="message-gif"
    />
  );
}

/**
 * What a message carries besides its text (issue 17): a GIF, pictures as a grid, videos, audio and voice
 * messages, other files to download, and a poll. Deleted messages carry nothing.
 */
export function MessageAttachments({ message }: { message: ChatMessage }) {
  if (message.isDeleted) {
    return null;
  }
  const { attachments, gif, vote } = message;
  const images = attachments.filter((file) => file.type === 'image');
  const others = attachments.filter((file) => file.type !== 'image');
  if (!gif && !vote && attachments.length === 0) {
    return null;
  }
  const columnWidth = Math.max(
    gif ? gifWidthOf(gif) : 0,
    images.length === 1 && images[0] ? fittedWidth(images[0], boxes.media) : 0,
    images.length > 1 || others.some((file) => file.type === 'video') ? boxes.media.width : 0,
    others.some((file) => file.type !== 'video') ? boxes.row : 0,
    vote ? boxes.poll : 0,
  );
  return (
    <div
      className={classes.content}
      style={{ gridTemplateColumns: `minmax(0, ${columnWidth}px)` }}
      data-testid="message-attachments"
    >
      {gif ? <GifImage gif={gif} /> : null}
      {images.length > 0 ? <ImageGrid images={images} /> : null}
      {others.map((file) => {
        switch (file.type) {
          case 'video':
            return <VideoPlayer key={file.id} video={file} />;
          case 'audio':
            return <AudioPlayer key={file.id} audio={file} voice={message.isVoice} />;
          case 'image':
          case 'other':
            return <FileChip key={file.id} file={file} />;
        }
      })}
      {vote ? <VoteCard message={message} vote={vote} /> : null}
    </div>
  );
}
