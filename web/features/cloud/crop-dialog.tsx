import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  LoadingOverlay,
  Modal,
  Slider,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconFilePlus,
  IconPhotoCheck,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import Cropper, { type Area as PercentArea, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { useIsMobile } from '../../kernel/ui-store';
import {
  cropOutput,
  cropPlan,
  cropRatios,
  nearestRatio,
  ratioValue,
  retinaFactor,
  type Area,
  type CropRatio,
  type Size,
} from './crop-geometry';
import { dialogZIndex } from './media-preview';
import classes from './library-dialogs.module.css';

export type CropTarget = 'thumbnail' | 'copy';

type CropDialogProps = {
  opened: boolean;
  file: CloudEntity | null;
  onClose: () => void;
  onSave: (blob: Blob, target: CropTarget) => Promise<void>;
  /** The shapes offered (default all nine); a picture field asks for its own (a photo is square). */
  ratios?: readonly CropRatio[];
  /** Given, one button with this label saves the cut-out (target `copy`) instead of thumbnail / new file. */
  applyLabel?: string;
  title?: string;
};

const maxZoom = 4;

/** The picture the cut is drawn from: the original first, the 1280 px rendition when the browser cannot read it. */
async function loadPicture(sources: readonly string[]): Promise<HTMLImageElement> {
  for (const source of sources) {
    const image = new Image();
    // Same origin (signed addresses under /api), but asked for with CORS so the canvas is never tainted.
    image.crossOrigin = 'anonymous';
    image.src = source;
    try {
      await image.decode();
      return image;
    } catch {
      // Next source (e.g. a HEIC original the browser cannot decode).
    }
  }
  throw new Error('The picture could not be loaded.');
}

async function renderCrop(sources: readonly string[], area: Area, frame: Size | null): Promise<Blob> {
  const image = await loadPicture(sources);
  const natural = { width: image.naturalWidth, height: image.naturalHeight };
  const plan = cropPlan(area, natural, frame, retinaFactor(window.devicePixelRatio));
  const canvas = document.createElement('canvas');
  canvas.width = plan.canvas.width;
  canvas.height = plan.canvas.height;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('No 2D canvas.');
  }
  context.imageSmoothingQuality = 'high';
  const { source } = plan;
  context.drawImage(
    image,
    source.x,
    source.y,
    source.width,
    source.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded.'))),
      cropOutput.type,
      cropOutput.quality,
    );
  });
}

/** Spec §2 "image crop dialog", §5: nine ratios, a zoom, saved as the file's thumbnail or as a new file. */
export function CropDialog({ opened, file, onClose, onSave, ratios, applyLabel, title }: CropDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        title ?? (file ? t('cloudDialogs.crop.titleOf', { name: file.name }) : t('cloudDialogs.crop.title'))
      }
      centered
      size="xl"
      fullScreen={isMobile}
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'crop-dialog' } }}
    >
      {file ? (
        <CropEditor
          key={file.id}
          file={file}
          onClose={onClose}
          onSave={onSave}
          ratios={ratios ?? cropRatios}
          applyLabel={applyLabel}
        />
      ) : null}
    </Modal>
  );
}

function RatioShape({ ratio }: { ratio: CropRatio }) {
  const value = ratioValue(ratio);
  const side = 14;
  const size = value >= 1 ? { width: side, height: side / value } : { width: side * value, height: side };
  return <span className={classes.ratioShape} style={size} aria-hidden />;
}

function CropEditor({
  file,
  onClose,
  onSave,
  ratios,
  applyLabel,
}: Omit<CropDialogProps, 'opened' | 'file' | 'ratios' | 'title'> & {
  file: CloudEntity;
  ratios: readonly CropRatio[];
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const shown = [file.thumbnails?.preview, file.url].filter((source) => typeof source === 'string');
  const originals = [file.url, file.thumbnails?.preview].filter((source) => typeof source === 'string');
  const [shownIndex, setShownIndex] = useState(0);
  const [ratio, setRatio] = useState<CropRatio>(() => {
    const nearest = nearestRatio(file.fileInfo?.width ?? 0, file.fileInfo?.height ?? 0);
    return ratios.includes(nearest) ? nearest : (ratios[0] ?? nearest);
  });
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PercentArea | null>(null);
  const [frame, setFrame] = useState<Size | null>(null);
  const [saving, setSaving] = useState<CropTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unreadable = shownIndex >= shown.length;

  const handleSave = async (target: CropTarget) => {
    if (!area) {
      return;
    }
    setSaving(target);
    setError(null);
    let blob: Blob;
    try {
      blob = await renderCrop(originals, area, frame);
    } catch {
      setError(t('cloudDialogs.crop.renderFailed'));
      setSaving(null);
      return;
    }
    try {
      await onSave(blob, target);
    } catch (failure) {
      setError(t(failure instanceof ApiError ? errorTextKey(failure) : 'cloudDialogs.crop.saveFailed'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Stack gap="md">
      <div className={classes.cropArea} data-mobile={isMobile || undefined}>
        {unreadable ? (
          <Text className={classes.cropUnreadable} size="sm">
            {t('cloudDialogs.crop.loadFailed')}
          </Text>
        ) : (
          <Cropper
            image={shown[shownIndex]}
            crop={crop}
            zoom={zoom}
            maxZoom={maxZoom}
            aspect={ratioValue(ratio)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(percent) => setArea(percent)}
            onCropSizeChange={setFrame}
            mediaProps={{ onError: () => setShownIndex((index) => index + 1) }}
          />
        )}
        <LoadingOverlay visible={saving !== null} zIndex={5} overlayProps={{ blur: 1 }} />
      </div>
      <div
        className={classes.ratios}
        role="group"
        aria-label={t('cloudDialogs.crop.ratio')}
        hidden={ratios.length < 2}
      >
        {ratios.map((value) => (
          <UnstyledButton
            key={value}
            className={classes.ratio}
            data-active={value === ratio || undefined}
            aria-pressed={value === ratio}
            onClick={() => setRatio(value)}
            data-testid={`crop-ratio-${value}`}
          >
            <RatioShape ratio={value} />
            {value}
          </UnstyledButton>
        ))}
      </div>
      <Group gap="sm" wrap="nowrap">
        <IconZoomOut size={18} stroke={1.7} className={classes.zoomIcon} aria-hidden />
        <Slider
          className={classes.zoom}
          min={1}
          max={maxZoom}
          step={0.01}
          value={zoom}
          onChange={setZoom}
          label={(value) => `${Math.round(value * 100)} %`}
          thumbLabel={t('cloudDialogs.crop.zoom')}
          data-testid="crop-zoom"
        />
        <IconZoomIn size={18} stroke={1.7} className={classes.zoomIcon} aria-hidden />
      </Group>
      <Text size="xs" c="dimmed">
        {t('cloudDialogs.crop.hint')}
      </Text>
      {error ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} stroke={1.7} />}
          data-testid="crop-error"
        >
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm" style={isMobile ? { flexDirection: 'column-reverse' } : undefined}>
        <Button
          variant="subtle"
          color="gray"
          fullWidth={isMobile}
          onClick={onClose}
          disabled={saving !== null}
        >
          {t('common.cancel')}
        </Button>
        {applyLabel ? (
          <Button
            fullWidth={isMobile}
            leftSection={<IconPhotoCheck size={17} stroke={1.7} />}
            loading={saving === 'copy'}
            disabled={!area || unreadable}
            onClick={() => void handleSave('copy')}
            data-testid="crop-apply"
          >
            {applyLabel}
          </Button>
        ) : (
          <>
            <Button
              variant="default"
              fullWidth={isMobile}
              leftSection={<IconPhotoCheck size={17} stroke={1.7} />}
              loading={saving === 'thumbnail'}
              disabled={!area || unreadable || saving === 'copy'}
              onClick={() => void handleSave('thumbnail')}
              data-testid="crop-save-thumbnail"
            >
              {t('cloudDialogs.crop.saveThumbnail')}
            </Button>
            <Button
              fullWidth={isMobile}
              leftSection={<IconFilePlus size={17} stroke={1.7} />}
              loading={saving === 'copy'}
              disabled={!area || unreadable || saving === 'thumbnail'}
              onClick={() => void handleSave('copy')}
              data-testid="crop-save-copy"
            >
              {t('cloudDialogs.crop.saveCopy')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
