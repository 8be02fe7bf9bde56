import { IconDownload, IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PostMedia as PostMediaItem } from '../../../../contracts/community-posts';
import classes from './post.module.css';

/**
 * The post's files (spec §3 `media`): pictures as a gallery, videos and audio in the browser's players, other
 * files as links to download. A video still being converted (no address yet) says so.
 */
export function PostMedia({ media }: { media: readonly PostMediaItem[] }) {
  const { t } = useTranslation();
  if (media.length === 0) {
    return null;
  }
  const pictures = media.filter((item) => item.type === 'image');
  const others = media.filter((item) => item.type !== 'image');
  return (
    <section className={classes.media} aria-label={t('community.post.mediaLabel')} data-testid="post-media">
      {pictures.length > 0 ? (
        <ul className={classes.gallery} data-count={Math.min(pictures.length, 4)}>
          {pictures.map((picture) => (
            <li key={picture.id}>
              {picture.url ? (
                <a
                  href={picture.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('community.post.openPicture', { name: picture.name })}
                >
                  <img src={picture.url} alt={picture.name} loading="lazy" decoding="async" />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {others.map((item) =>
        item.type === 'video' ? (
          item.url ? (
            <video
              key={item.id}
              className={classes.video}
              src={item.url}
              controls
              preload="metadata"
              aria-label={item.name}
            />
          ) : (
            <p key={item.id} className={classes.processing}>
              {t('community.post.videoProcessing', { name: item.name })}
            </p>
          )
        ) : item.type === 'audio' && item.url ? (
          <figure key={item.id} className={classes.audio}>
            <figcaption>{item.name}</figcaption>
            <audio src={item.url} controls preload="none" />
          </figure>
        ) : (
          <a
            key={item.id}
            className={classes.file}
            href={item.url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            download={item.name}
          >
            <IconFileDescription size={22} stroke={1.6} />
            <span className={classes.fileName}>{item.name}</span>
            <IconDownload size={18} stroke={1.8} aria-hidden="true" />
          </a>
        ),
      )}
    </section>
  );
}
