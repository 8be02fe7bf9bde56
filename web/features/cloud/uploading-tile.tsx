import { useEffect, useState } from 'react';
import { ActionIcon, Loader, Progress, RingProgress, Text, Tooltip, useMantineTheme } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconFile,
  IconFileText,
  IconFileTypePdf,
  IconMusic,
  IconPhoto,
  IconPlayerPlayFilled,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../contracts/upload-size';
import { currentLanguage } from '../../i18n/i18n';
import type { LibraryView } from './library-layout';
import { uploadStateOf, type UploadingItem, type UploadState } from './upload-queue';
import classes from './uploading-tile.module.css';

type UploadingTileProps = {
  item: UploadingItem;
  view: LibraryView;
  /** Tile width in the grid, row width in the list. */
  width: number;
  onRetry: () => void;
  onRemove: () => void;
  onAbort: () => void;
};

/** A local picture of the file while it uploads (images only); the address is released on unmount. */
function usePreview(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      return;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => {
      URL.revokeObjectURL(address);
      setUrl(null);
    };
  }, [file]);
  return url;
}

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : null;
}

function TypeIcon({ file, size }: { file: File; size: number }) {
  const props = { size, stroke: 1.4, 'aria-hidden': true } as const;
  if (file.type === 'application/pdf' || extensionOf(file.name) === 'pdf') {
    return <IconFileTypePdf {...props} />;
  }
  const family = file.type.split('/')[0] ?? '';
  switch (family) {
    case 'image':
      return <IconPhoto {...props} />;
    case 'video':
      return <IconPlayerPlayFilled size={size} aria-hidden />;
    case 'audio':
      return <IconMusic {...props} />;
    case 'text':
      return <IconFileText {...props} />;
    default:
      return <IconFile {...props} />;
  }
}

function Visual({ file, preview, width, height }: { file: File; preview: string | null; width: number; height: number }) {
  const [broken, setBroken] = useState(false);
  const extension = extensionOf(file.name);
  const family = file.type.split('/')[0] ?? 'other';
  return (
    <>
      {preview && !broken ? (
        <img className={classes.image} src={preview} alt="" draggable={false} onError={() => setBroken(true)} />
      ) : (
        <div className={classes.blank} data-kind={family}>
          <TypeIcon file={file} size={Math.round(Math.min(width, height) * 0.42)} />
          {extension && height >= 64 ? (
            <Text className={classes.extension} size="xs" fw={700}>
              .{extension}
            </Text>
          ) : null}
        </div>
      )}
    </>
  );
}

/** The line under the name: what happens, and how far it got. */
function useStatusText(item: UploadingItem, state: UploadState): string {
  const { t } = useTranslation();
  const language = currentLanguage();
  switch (state) {
    case 'queued':
      return t('cloudUpload.state.queued');
    case 'preparing':
      return t('cloudUpload.state.preparing');
    case 'uploading':
      return t('cloudUpload.state.uploading', {
        sent: formatBytes(Math.round((item.file.size * item.progress) / 100), language),
        total: formatBytes(item.file.size, language),
      });
    case 'failed':
      return t('cloudUpload.state.failed');
  }
}

function IconAction({ label, onClick, testId, children }: { label: string; onClick: () => void; testId: string; children: React.ReactNode }) {
  return (
    <Tooltip label={label} withinPortal openDelay={300}>
      <ActionIcon variant="default" radius="xl" size="md" aria-label={label} onClick={onClick} data-testid={testId}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A file on its way into the library (spec §2 "uploading-file tiles"): queued, preparing, sending with its
 * percent, or failed with its reason, retry and remove (spec §8). A tile in the grid, a row in the list.
 */
export function UploadingTile({ item, view, width, onRetry, onRemove, onAbort }: UploadingTileProps) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const state = uploadStateOf(item);
  const preview = usePreview(item.file);
  const status = useStatusText(item, state);
  const name = item.file.name;
  const reason = item.failure ? t(`cloudUpload.reason.${item.failure.kind}`) : null;
  const percent = t('cloudUpload.percent', { progress: item.progress });
  const progressLabel = t('cloudUpload.progressLabel', { name });
  const failed = state === 'failed';

  const abortButton = failed ? null : (
    <IconAction label={t('cloudUpload.actions.abort')} onClick={onAbort} testId="uploading-abort">
      <IconX size={16} />
    </IconAction>
  );
  const failedActions = failed ? (
    <>
      <IconAction label={t('cloudUpload.actions.retry')} onClick={onRetry} testId="uploading-retry">
        <IconRefresh size={16} />
      </IconAction>
      <IconAction label={t('cloudUpload.actions.remove')} onClick={onRemove} testId="uploading-remove">
        <IconTrash size={16} />
      </IconAction>
    </>
  ) : null;

  const common = {
    'data-testid': 'uploading-tile',
    'data-state': state,
    'data-new': item.isNew || undefined,
    'aria-label': name,
    role: 'group',
  } as const;

  if (view === 'list') {
    return (
      <div {...common} className={classes.row} style={{ width }} aria-busy={!failed}>
        <div className={classes.visual} style={{ width: 40, height: 40 }}>
          <Visual file={item.file} preview={preview} width={40} height={40} />
          {failed ? (
            <div className={classes.overlay}>
              <IconAlertTriangle size={18} stroke={1.8} />
            </div>
          ) : null}
        </div>
        <div className={classes.text}>
          <Text className={classes.name} size="sm" fw={500} title={name}>
            {name}
          </Text>
          {state === 'uploading' ? (
            <Progress className={classes.bar} value={item.progress} size={4} radius="xl" aria-label={progressLabel} />
          ) : null}
          <Text className={classes.meta} size="xs" c={failed ? 'red' : 'dimmed'}>
            {failed && reason ? `${status} · ${reason}` : status}
          </Text>
        </div>
        {state === 'uploading' ? (
          <Text className={classes.percent} size="sm" fw={600}>
            {percent}
          </Text>
        ) : state === 'preparing' ? (
          <Loader size="xs" />
        ) : null}
        <div className={classes.actions}>
          {abortButton}
          {failedActions}
        </div>
      </div>
    );
  }

  const ringSize = width < 130 ? 52 : 60;
  // Over a picture the progress is white on a dark veil; on the neutral tile it takes the brand colour and
  // replaces the type icon, so the two never overlap.
  const onPicture = preview !== null;
  const showVisual = onPicture || state === 'queued';
  return (
    <div {...common} className={classes.tile} style={{ width }} aria-busy={!failed} data-picture={onPicture || undefined}>
      <div className={classes.visual} style={{ width, height: 104 }}>
        {showVisual ? <Visual file={item.file} preview={preview} width={width} height={104} /> : null}
        <div className={classes.overlay}>
          {state === 'queued' && onPicture ? <IconClockHour4 size={26} stroke={1.6} aria-hidden /> : null}
          {state === 'preparing' ? <Loader size="sm" color={onPicture ? 'white' : undefined} /> : null}
          {state === 'uploading' ? (
            <div role="progressbar" aria-label={progressLabel} aria-valuemin={0} aria-valuemax={100} aria-valuenow={item.progress}>
              <RingProgress
                size={ringSize}
                thickness={5}
                roundCaps
                rootColor={onPicture ? 'rgba(255, 255, 255, 0.25)' : undefined}
                sections={[{ value: item.progress, color: onPicture ? 'white' : theme.primaryColor }]}
                label={
                  <Text className={classes.ringLabel} c={onPicture ? 'white' : undefined} fz={width < 130 ? 11 : 'xs'} fw={700}>
                    {percent}
                  </Text>
                }
              />
            </div>
          ) : null}
          {failed ? (
            <>
              <Text className={classes.reason} size="xs" fw={600}>
                <IconAlertTriangle size={14} stroke={1.8} aria-hidden />
                {status}
              </Text>
              <div className={classes.actions}>{failedActions}</div>
            </>
          ) : null}
        </div>
        {abortButton ? <div className={classes.corner}>{abortButton}</div> : null}
      </div>
      <div className={classes.text}>
        <Text className={classes.name} size="sm" fw={500} title={name}>
          {name}
        </Text>
        <Text className={classes.meta} size="xs" c={failed ? 'red' : 'dimmed'}>
          {failed ? reason : status}
        </Text>
      </div>
    </div>
  );
}
