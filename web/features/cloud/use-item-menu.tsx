import { useCallback, type ReactNode } from 'react';
import type { CloudEntity } from '../../../contracts/cloud';
import { ItemMenu, type ItemAction } from './item-menu';
import type { LibraryDialog } from './library-dialogs';
import { downloadFile, type useLibraryActions } from './use-library-actions';

type ItemMenuInput = {
  popup: boolean;
  /** The selection: an action on one of several selected items applies to all of them (move, delete, restore). */
  selected: readonly CloudEntity[];
  menuFor: string | null;
  setMenuFor: (id: string | null) => void;
  onOpen: (entity: CloudEntity) => void;
  setDialog: (dialog: LibraryDialog) => void;
  actions: ReturnType<typeof useLibraryActions>;
};

/** The item menu of every tile, row and search result (spec §2 "context menus"), and what its entries do. */
export function useItemMenu(
  input: ItemMenuInput,
): (entity: CloudEntity, options?: { tabbable: boolean }) => ReactNode {
  const { popup, selected, menuFor, setMenuFor, onOpen, setDialog, actions } = input;

  const handleAction = useCallback(
    (action: ItemAction, entity: CloudEntity) => {
      setMenuFor(null);
      const targets =
        selected.length > 1 && selected.some((item) => item.id === entity.id) ? [...selected] : [entity];
      switch (action) {
        case 'open':
          onOpen(entity);
          return;
        case 'rename':
          setDialog({ type: 'rename', item: entity });
          return;
        case 'move':
          setDialog({ type: 'move', items: targets });
          return;
        case 'delete':
          setDialog({ type: 'delete', items: targets });
          return;
        case 'restore':
          actions.restore.mutate(targets.map((item) => item.id));
          return;
        case 'favorite':
          actions.favorite.mutate(entity);
          return;
        case 'crop':
          setDialog({ type: 'crop', item: entity });
          return;
        case 'download':
          downloadFile(entity);
      }
    },
    [actions, onOpen, selected, setDialog, setMenuFor],
  );

  return useCallback(
    (entity: CloudEntity, options?: { tabbable: boolean }) => (
      <ItemMenu
        entity={entity}
        popup={popup}
        tabbable={options?.tabbable}
        opened={menuFor === entity.id}
        onChange={(opened) => setMenuFor(opened ? entity.id : null)}
        onAction={handleAction}
      />
    ),
    [handleAction, menuFor, popup, setMenuFor],
  );
}
