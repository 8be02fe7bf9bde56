import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CropRatio } from '../../cloud';
import { useCurrentApp } from '../../../kernel/current-app';

// The picker and the crop come with the library's own chunk, when a picture is chosen.
const PickPictureDialog = lazy(async () => ({ default: (await import('../../cloud')).PickPictureDialog }));

export type Picture = { id: string; url: string | null };

/** Choose (cloud picker, then crop) or remove a picture: a level's icon image, a reward's photo. */
export function PictureButton({
  value,
  onChange,
  ratios,
  label,
  testId,
}: {
  value: Picture | null;
  onChange: (picture: Picture | null) => void;
  ratios: readonly CropRatio[];
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPhotoPlus size={15} stroke={1.8} />}
        onClick={() => setPicking(true)}
        data-testid={`${testId}-pick`}
      >
        {value ? t('rewards.settings.picture.change') : t('rewards.settings.picture.choose')}
      </Button>
      {value ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={15} stroke={1.8} />}
          onClick={() => onChange(null)}
          data-testid={`${testId}-remove`}
        >
          {t('rewards.settings.picture.remove')}
        </Button>
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
            onPicked={(picture) =>
              onChange({ id: picture.id, url: picture.thumbnails?.preview ?? picture.url })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
