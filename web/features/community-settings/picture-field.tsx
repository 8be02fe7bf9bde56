import { lazy, Suspense, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { useCurrentApp } from '../../kernel/current-app';
import type { CropRatio } from '../cloud';
import classes from './picture-field.module.css';

// The picker and the crop come with the library's own chunk, when a picture is chosen.
const PickPictureDialog = lazy(async () => ({ default: (await import('../cloud')).PickPictureDialog }));

export type Picture = { id: string; url: string | null };

/**
 * Covers (spec §3 enumeration "Aspect ratios: 1, 2.5, 4, 5", GAPS 36): the crop dialog offers 5:2 (2.5) and
 * 1:1 (1), the two of them its ratio list holds; a wide cover first.
 */
export const coverRatios: readonly CropRatio[] = ['5:2', '1:1'];
/** A link preview's picture: the 16:9-ish shape messengers show, or square. */
export const ogImageRatios: readonly CropRatio[] = ['16:9', '1:1'];
/** A phone's cover of a space: taller than the desktop's banner. */
export const mobileCoverRatios: readonly CropRatio[] = ['3:2', '1:1'];

/** The picture of a freshly cut file as forms show it: its large preview, else the file itself. */
export const pictureOf = (file: CloudEntity): Picture => ({
  id: file.id,
  url: file.thumbnails?.preview ?? file.url,
});

type PictureFieldProps = {
  label: string;
  hint?: string;
  value: Picture | null;
  onChange: (picture: Picture | null) => void;
  ratios: readonly CropRatio[];
  /** The preview frame's width / height. */
  frameRatio?: number;
  error?: string | null;
  disabled?: boolean;
  /** Once chosen, the picture shows as wide as the form (a post's cover); otherwise as a thumbnail beside its text. */
  wide?: boolean;
  testId: string;
};

/** A picture field: a preview, "choose" (cloud picker, then crop to one of `ratios`) and "remove". */
export function PictureField({
  label,
  hint,
  value,
  onChange,
  ratios,
  frameRatio = 2.5,
  error,
  disabled,
  wide = false,
  testId,
}: PictureFieldProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  const errorId = `${testId}-error`;

  const large = wide && Boolean(value?.url);
  const frame = (
    <div
      className={classes.pictureFrame}
      style={{ aspectRatio: String(frameRatio) }}
      data-empty={!value?.url || undefined}
      data-large={large || undefined}
    >
      {value?.url ? (
        <img src={value.url} alt={t('communityComposer.picture.preview', { label })} />
      ) : (
        <IconPhotoPlus size={22} stroke={1.4} aria-hidden="true" />
      )}
    </div>
  );
  const actions = (
    <Group gap={8} mt={large ? 8 : 6}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPhotoPlus size={15} stroke={1.8} />}
        onClick={() => setPicking(true)}
        disabled={disabled}
        aria-describedby={error ? errorId : undefined}
        data-testid={`${testId}-pick`}
      >
        {value ? t('communityComposer.picture.change') : t('communityComposer.picture.choose')}
      </Button>
      {value ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={15} stroke={1.8} />}
          onClick={() => onChange(null)}
          disabled={disabled}
          data-testid={`${testId}-remove`}
        >
          {t('communityComposer.picture.remove')}
        </Button>
      ) : null}
    </Group>
  );
  const head = (
    <>
      <Text size="sm" fw={600} component="span" display="block">
        {label}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" display="block">
          {hint}
        </Text>
      ) : null}
    </>
  );

  return (
    <div className={classes.pictureField} data-large={large || undefined} data-testid={testId}>
      {large ? (
        <>
          <div className={classes.pictureHead}>{head}</div>
          {frame}
          {actions}
        </>
      ) : (
        <div className={classes.pictureRow}>
          {frame}
          <div className={classes.pictureText}>
            {head}
            {actions}
          </div>
        </div>
      )}
      {error ? (
        <Text size="xs" c="red" mt={6} id={errorId} role="alert">
          {error}
        </Text>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <PickPictureDialog
            opened
            onClose={() => setPicking(false)}
            scope={{ projectId: app.projectId, appId: app.id }}
            ratios={ratios}
            source="cover"
            title={label}
            onPicked={(picture) => onChange(pictureOf(picture))}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
