import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { whenProcessed } from './cloud-changes';
import { CloudPicker } from './cloud-picker';
import type { CloudScope } from './cloud-scope';
import { LazyCropDialog } from './lazy-crop-dialog';
import type { CropRatio } from './crop-geometry';
import { uploadBlob, type UploadSource } from './upload-client';

export type PickPictureDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Whose library the picture is picked from and kept in (the project, through the app on an app host). */
  scope: Pick<CloudScope, 'projectId' | 'appId'>;
  /** The shapes the cut-out may have: `['1:1']` for a photo or an icon. */
  ratios: readonly CropRatio[];
  /** What the cut-out is for; the upload records it (`avatar`, `cover`, `app`). */
  source: Extract<UploadSource, 'avatar' | 'cover' | 'app'>;
  title: string;
  /** The cut-out, uploaded (hidden from My files) and processed: its id is what the form saves. */
  onPicked: (picture: CloudEntity) => Promise<void> | void;
};

/**
 * A picture field's way to a picture (spec §2: the library "opening wherever the product asks for a file"):
 * pick an image in the cloud picker (uploading one there works too), cut it to the field's shape, and the
 * cut-out is stored as a hidden file next to the original, ready once its thumbnails exist.
 */
export function PickPictureDialog({
  opened,
  onClose,
  scope,
  ratios,
  source,
  title,
  onPicked,
}: PickPictureDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<CloudEntity | null>(null);
  // The picker closes itself after handing over its pick; that close leads to the crop, not out.
  const picked = useRef(false);
  const pickerScope = { projectId: scope.projectId, appId: scope.appId, basePath: null };

  const close = () => {
    picked.current = false;
    setFile(null);
    onClose();
  };

  const save = async (blob: Blob) => {
    if (!file?.parentId) {
      return;
    }
    const cut = new File([blob], `${source}-${Date.now().toString(36)}.png`, { type: 'image/png' });
    const created = await uploadBlob(pickerScope, {
      file: cut,
      folderId: file.parentId,
      hideInCloud: true,
      source,
    });
    await onPicked(await whenProcessed(pickerScope, created));
    close();
  };

  return (
    <>
      <CloudPicker
        opened={opened && file === null}
        onClose={() => {
          if (!picked.current) {
            close();
          }
        }}
        scope={pickerScope}
        selectionMode="single"
        pickType="photo"
        onApply={(files) => {
          const [first] = files;
          if (first?.type === 'image') {
            picked.current = true;
            setFile(first);
          } else {
            notifications.show({ color: 'orange', message: t('cloudPicker.picture.notImage') });
          }
        }}
      />
      <LazyCropDialog
        opened={opened && file !== null}
        file={file}
        onClose={close}
        onSave={save}
        ratios={ratios}
        title={title}
        applyLabel={t('cloudPicker.picture.apply')}
      />
    </>
  );
}
