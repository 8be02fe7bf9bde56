import { useState } from 'react';
import { OnceOpened } from '../../kernel/lazy-dialog';
import type { CloudEntity } from '../../../contracts/cloud';
import { CreateFolderDialog } from './create-folder-dialog';
import { LazyCropDialog } from './lazy-crop-dialog';
import { DeleteDialog } from './delete-dialog';
import { MediaPreview } from './media-preview';
import { MoveDialog } from './move-dialog';
import { RenameDialog } from './rename-dialog';

export type LibraryDialog =
  | { type: 'rename'; item: CloudEntity }
  | { type: 'move'; items: CloudEntity[] }
  | { type: 'delete'; items: CloudEntity[] }
  | { type: 'create-folder' }
  | { type: 'crop'; item: CloudEntity }
  | null;

type PreviewProps = {
  items: CloudEntity[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (entity: CloudEntity) => void;
  onToggleFavorite: (entity: CloudEntity) => void;
  onCrop: ((entity: CloudEntity) => void) | undefined;
};

type LibraryDialogsProps = {
  dialog: LibraryDialog;
  onClose: () => void;
  /** Where a new folder goes: a folder of My files, or null for My files itself. */
  createFolderParentId: string | null;
  onFolderCreated: (folder: CloudEntity) => void;
  onMoved: () => void;
  onDeleted: () => void;
  onSaveCrop: (entity: CloudEntity, blob: Blob, target: 'thumbnail' | 'copy') => Promise<void>;
  preview: PreviewProps;
};

/**
 * The library's dialogs (spec §2 "Other dialogs") and the media preview, one at a time. A dialog mounts when it
 * first opens (the library's closing hands the focus back to what opened it, which Mantine does only from the
 * second opening of a dialog mounted open).
 */
export function LibraryDialogs({ dialog, onClose, preview, ...props }: LibraryDialogsProps) {
  // A closing dialog keeps its content while it fades out, instead of flashing empty.
  const [last, setLast] = useState<LibraryDialog>(dialog);
  if (dialog !== null && dialog !== last) {
    setLast(dialog);
  }
  const shown = dialog ?? last;
  const cropItem = dialog?.type === 'crop' ? dialog.item : null;
  const isOpen = (type: NonNullable<LibraryDialog>['type']) => dialog?.type === type;
  return (
    <>
      <OnceOpened opened={isOpen('rename')}>
        <RenameDialog
          opened={isOpen('rename')}
          item={shown?.type === 'rename' ? shown.item : null}
          onClose={onClose}
        />
      </OnceOpened>
      <OnceOpened opened={isOpen('move')}>
        <MoveDialog
          opened={isOpen('move')}
          items={shown?.type === 'move' ? shown.items : []}
          onClose={onClose}
          onMoved={() => {
            props.onMoved();
            onClose();
          }}
        />
      </OnceOpened>
      <OnceOpened opened={isOpen('delete')}>
        <DeleteDialog
          opened={isOpen('delete')}
          items={shown?.type === 'delete' ? shown.items : []}
          onClose={onClose}
          onDeleted={() => {
            props.onDeleted();
            onClose();
          }}
        />
      </OnceOpened>
      <OnceOpened opened={isOpen('create-folder')}>
        <CreateFolderDialog
          opened={isOpen('create-folder')}
          parentId={props.createFolderParentId}
          onClose={onClose}
          onCreated={(folder) => {
            props.onFolderCreated(folder);
            onClose();
          }}
        />
      </OnceOpened>
      <LazyCropDialog
        opened={cropItem !== null}
        file={shown?.type === 'crop' ? shown.item : null}
        onClose={onClose}
        onSave={async (blob, target) => {
          if (cropItem) {
            await props.onSaveCrop(cropItem, blob, target);
            onClose();
          }
        }}
      />
      {/* The preview stays underneath a dialog opened from it (delete, crop). */}
      <MediaPreview
        items={preview.items}
        index={preview.index}
        onIndexChange={preview.onIndexChange}
        onClose={preview.onClose}
        onDelete={preview.onDelete}
        onToggleFavorite={preview.onToggleFavorite}
        onCrop={preview.onCrop}
      />
    </>
  );
}
