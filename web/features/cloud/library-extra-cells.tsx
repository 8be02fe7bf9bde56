import { useMemo } from 'react';
import type { ExtraCell } from './library-content';
import type { LibraryView } from './library-layout';
import { AddNewTile } from './library-states';
import type { CloudUploads } from './use-cloud-uploads';
import { UploadingTile } from './uploading-tile';

type ExtraCellsInput = {
  /** Spec §2: the add-new tile, in the grid of My files and its folders, never in the picker. */
  showAddTile: boolean;
  uploads: CloudUploads;
  /** Only the uploads into the folder on screen get a tile here. */
  folderId: string | null;
  view: LibraryView;
  onAddNew: () => void;
};

/** The cells drawn before the items: the add-new tile, then a tile for every upload into this folder. */
export function useExtraCells({
  showAddTile,
  uploads,
  folderId,
  view,
  onAddNew,
}: ExtraCellsInput): ExtraCell[] {
  const { items, retry, remove, abort } = uploads;
  return useMemo<ExtraCell[]>(() => {
    const cells: ExtraCell[] = showAddTile
      ? [{ key: 'add-new', render: (_style, width) => <AddNewTile width={width} onClick={onAddNew} /> }]
      : [];
    for (const item of items) {
      if (item.folderId !== folderId) {
        continue;
      }
      cells.push({
        key: item.guid,
        render: (_style, width) => (
          <UploadingTile
            item={item}
            view={view}
            width={width}
            onRetry={() => retry(item.guid)}
            onRemove={() => remove(item.guid)}
            onAbort={() => abort(item.guid)}
          />
        ),
      });
    }
    return cells;
  }, [showAddTile, items, folderId, view, onAddNew, retry, remove, abort]);
}
