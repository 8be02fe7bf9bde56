import { useState } from 'react';
import { Button, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { FileVisual } from './file-visual';
import { isTextFile, TextPreview } from './text-preview';
import { downloadFile } from './use-library-actions';
import classes from './library-dialogs.module.css';

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'other';

/** How a file is shown. PDFs are served inline (server/platform/storage/serve.ts), so they are embedded. */
export function previewKind(entity: CloudEntity): PreviewKind {
  if (entity.status === 'error') {
    return 'other';
  }
  if (entity.type === 'image' && (entity.thumbnails || entity.url)) {
    return 'image';
  }
  if (!entity.url) {
    return 'other';
  }
  if (entity.type === 'video' || entity.type === 'audio') {
    return entity.type;
  }
  if (isTextFile(entity)) {
    return 'text';
  }
  return entity.fileInfo?.mimeType === 'application/pdf' ? 'pdf' : 'other';
}

/** The file itself; a picture that fails to load becomes the blank tile with its extension (spec §2). */
export function PreviewMedia({ entity }: { entity: CloudEntity }) {
  const url = entity.url ?? undefined;
  // The 1280 px rendition first, the original when that fails, the blank tile when both do.
  const sources = [entity.thumbnails?.preview, url].filter((source) => source !== undefined);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const kind = failed ? 'other' : previewKind(entity);

  switch (kind) {
    case 'image':
      return (
        <>
          {loaded ? null : <Loader color="gray.4" className={classes.previewLoader} />}
          <img
            className={classes.previewImage}
            src={sources[attempt]}
            alt={entity.name}
            draggable={false}
            data-loaded={loaded || undefined}
            onLoad={() => setLoaded(true)}
            onError={() => (attempt + 1 < sources.length ? setAttempt(attempt + 1) : setFailed(true))}
            data-testid="preview-image"
          />
        </>
      );
    case 'video':
      return (
        <video
          className={classes.previewVideo}
          src={url}
          poster={entity.thumbnails?.preview}
          controls
          playsInline
          preload="metadata"
          onError={() => setFailed(true)}
          data-testid="preview-video"
        />
      );
    case 'audio':
      return (
        <div className={classes.previewCard}>
          <FileVisual entity={entity} size={160} />
          <Text fw={600} ta="center" className={classes.previewCardName}>
            {entity.name}
          </Text>
          <audio
            className={classes.previewAudio}
            src={url}
            controls
            preload="metadata"
            data-testid="preview-audio"
          />
        </div>
      );
    case 'pdf':
      return (
        <iframe className={classes.previewDocument} src={url} title={entity.name} data-testid="preview-pdf" />
      );
    case 'text':
      return <TextPreview entity={entity} fallback={<BlankCard entity={entity} />} />;
    case 'other':
      return <BlankCard entity={entity} />;
  }
}

/** A file without a preview: its tile, its name, why, and the download. */
function BlankCard({ entity }: { entity: CloudEntity }) {
  const { t } = useTranslation();
  const url = entity.url ?? undefined;
  return (
    <div className={classes.previewCard} data-testid="preview-blank">
      <FileVisual entity={entity} size={180} />
      <Text fw={600} ta="center" className={classes.previewCardName}>
        {entity.name}
      </Text>
      <Text size="sm" ta="center" className={classes.previewMeta}>
        {t(entity.status === 'error' ? 'cloudDialogs.preview.failed' : 'cloudDialogs.preview.noPreview')}
      </Text>
      {url ? (
        <Button
          leftSection={<IconDownload size={18} stroke={1.7} />}
          onClick={() => downloadFile(entity)}
          data-testid="preview-download-file"
        >
          {t('cloud.actions.download')}
        </Button>
      ) : null}
    </div>
  );
}
