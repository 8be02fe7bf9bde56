import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { CloudEntity, CloudSort } from '../../../contracts/cloud';
import type { PickerFolderFilter } from '../../../contracts/cloud-filters';
import { HiddenPageHeading } from '../../components/hidden-page-heading';
import { useIsMobile } from '../../kernel/ui-store';
import { cloudListQuery, cloudPathQuery, defaultListFilters, itemsOfPages } from './cloud-api';
import { recordOpening } from './cloud-changes';
import { useCloudScope, type CloudLocation } from './cloud-scope';
import { LibraryDialogs, type LibraryDialog } from './library-dialogs';
import { LibraryDrag } from './library-drag';
import { LibraryContent } from './library-content';
import { useExtraCells } from './library-extra-cells';
import { BulkBar, LibraryEmpty, LibrarySkeleton, type EmptyKind } from './library-states';
import { LibraryToolbar } from './library-toolbar';
import { useItemMenu } from './use-item-menu';
import { useKeepGridFocus } from './use-keep-grid-focus';
import { BreadcrumbBar } from './breadcrumb-bar';
import { QuickAccess, StorageBar } from './quick-access';
import { createSearchStore, isSearching, listFiltersOf } from './search-store';
import { SearchBox } from './search-box';
import { FilterPanel } from './filter-panel';
import { SearchTable } from './search-table';
import { createSelectionStore, type SelectionMode } from './selection-store';
import { RemovedBar } from './removed-bar';
import { UploadConflictDialog } from './upload-conflict-dialog';
import { UploadDropZone, useFilePicker } from './upload-drop-zone';
import { useCloudUploads } from './use-cloud-uploads';
import { useLibraryActions } from './use-library-actions';
import { useLibraryPointer, type LibraryIntent } from './use-library-pointer';
import { useLibraryView } from './use-library-view';
import { useProcessingPoll } from './use-processing-poll';
import { useRubberBand } from './use-rubber-band';
import classes from './cloud-library.module.css';

export type CloudLibraryProps = {
  mode: 'page' | 'popup';
  location: CloudLocation;
  onLocationChange: (location: CloudLocation) => void;
  selectionMode?: SelectionMode;
  pickType?: PickerFolderFilter | null;
  onSelectionChange?: (items: CloudEntity[]) => void;
  onPick?: (items: CloudEntity[]) => void;
};

const fixedOrder = (location: CloudLocation) =>
  location.kind === 'pseudo' && (location.folder === 'latest' || location.folder === 'fast_access');

function emptyKindOf(location: CloudLocation): EmptyKind {
  if (location.kind === 'folder' || location.folder === 'my') {
    return 'default';
  }
  const { folder } = location;
  return folder === 'messages' || folder === 'removed' || folder === 'fast_access' ? folder : 'other';
}

/**
 * The cloud file library (spec §2): the full page and, in `popup` mode, the body of the picker. It lists a
 * location page by page in a virtual grid or list, selects by click, keyboard and rubber band, moves by
 * dragging onto folders, uploads what is dropped on it and offers search, preview and the item dialogs.
 */
export function CloudLibrary(props: CloudLibraryProps) {
  const { mode, location, onLocationChange, pickType = null, onSelectionChange, onPick } = props;
  const popup = mode === 'popup';
  const { t } = useTranslation();
  const scope = useCloudScope();
  const isMobile = useIsMobile();
  const [view, setView] = useLibraryView();
  const [sort, setSort] = useState<CloudSort>(defaultListFilters.sort);
  const [selectionStore] = useState(createSelectionStore);
  const [searchStore] = useState(createSearchStore);
  const search = useStore(searchStore);
  const searching = isSearching(search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [dialog, setDialog] = useState<LibraryDialog>(null);
  const dialogOpener = useRef<HTMLElement | null>(null);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const actions = useLibraryActions(scope, location);
  // Whatever opened a dialog gets the focus back when it closes (a menu item: the menu's button).
  const openDialog = useCallback((next: LibraryDialog) => {
    if (next) {
      dialogOpener.current = openerOf(document.activeElement);
    }
    setDialog(next);
  }, []);

  const list = useInfiniteQuery(cloudListQuery(scope, location, { ...defaultListFilters, sort }));
  const items = useMemo(() => itemsOfPages(list.data?.pages), [list.data]);
  const meta = list.data?.pages[0]?.meta;
  const rootId = meta?.rootId ?? null;
  const files = useMemo(() => items.filter((item) => !item.isFolder), [items]);
  useProcessingPoll(scope, items);

  // Uploads from a pseudo-folder go to My files (GAPS 9); they wait until its id is known (RULE-11).
  const uploadFolderId = location.kind === 'folder' ? location.id : rootId;
  const inOwnTree = location.kind === 'folder' || location.folder === 'my';
  const inRemoved = location.kind === 'pseudo' && location.folder === 'removed';
  const folderDeleted = location.kind === 'folder' && items.some((item) => item.isDeleted);
  const canUpload = uploadFolderId !== null && !inRemoved && !folderDeleted;
  const canCreateFolder = inOwnTree && !folderDeleted && rootId !== null;
  const uploads = useCloudUploads(scope, popup ? 'popup' : 'page');
  const addUploads = uploads.addFiles;
  const filePicker = useFilePicker();
  const handleFiles = useCallback(
    (chosen: File[]) => {
      if (uploadFolderId) {
        addUploads(chosen, uploadFolderId);
      }
    },
    [uploadFolderId, addUploads],
  );
  const openUpload = useCallback(() => filePicker.open(handleFiles), [filePicker, handleFiles]);

  const handleIntent = useCallback(
    (intent: LibraryIntent) => {
      switch (intent.type) {
        case 'open':
          if (intent.entity.isFolder) {
            onLocationChange({ kind: 'folder', id: intent.entity.id });
          } else if (intent.entity.status === 'process') {
            // RULE-02: a file still being processed has no preview yet.
            notifications.show({ id: 'cloud-processing', message: t('cloud.notices.processing') });
          } else {
            recordOpening(scope, intent.entity.id);
            setPreviewIndex(files.findIndex((file) => file.id === intent.entity.id));
          }
          return;
        case 'pick':
          onPick?.([intent.entity]);
          return;
        case 'rename':
          if (intent.entity.permissions.can.includes('rename') && !intent.entity.isDeleted) {
            openDialog({ type: 'rename', item: intent.entity });
          }
          return;
        case 'delete':
          openDialog({ type: 'delete', items: intent.entities });
          return;
        case 'menu':
          setMenuFor(intent.entity.id);
      }
    },
    [files, onLocationChange, onPick, openDialog, scope, t],
  );

  const showAddTile = !popup && view === 'grid' && inOwnTree && canUpload && !searching;
  const extraCells = useExtraCells({
    showAddTile,
    uploads,
    folderId: uploadFolderId,
    view,
    onAddNew: openUpload,
  });

  const pointer = useLibraryPointer({
    items,
    extraCount: extraCells.length,
    store: selectionStore,
    popup,
    touch: isMobile,
    selectionMode: props.selectionMode ?? 'single',
    scrollRef,
    onIntent: handleIntent,
  });
  const { band, handlePointerDown } = useRubberBand({
    scrollRef,
    enabled: !isMobile && (!popup || props.selectionMode === 'multiple'),
    onBand: pointer.handleBand,
    onBackgroundClick: () => selectionStore.getState().clear(),
  });

  // RULE-19: another folder starts with nothing selected.
  const locationKey = JSON.stringify(location);
  useKeepGridFocus({
    scrollRef,
    items,
    locationKey,
    extraCount: extraCells.length,
    focusIndex: pointer.focusIndex,
    focusCell: pointer.focusCell,
  });
  const closeDialog = useCallback(() => {
    setDialog(null);
    const opener = dialogOpener.current;
    dialogOpener.current = null;
    if (opener?.isConnected) {
      opener.focus({ preventScroll: true });
    } else if (opener?.closest('[data-cell]') || opener?.matches('[data-cell]')) {
      pointer.focusCell(Math.max(pointer.focusIndex, extraCells.length));
    }
  }, [pointer, extraCells.length]);
  const scrolledFor = useRef(locationKey);
  useEffect(() => {
    selectionStore.getState().clear();
    pointer.setFocusIndex(-1);
    setPreviewIndex(null);
    // Another place starts at the top. The first is there already, and scrolling (even to where the box is)
    // lays the page out at once.
    if (scrolledFor.current !== locationKey) {
      scrolledFor.current = locationKey;
      scrollRef.current?.scrollTo({ top: 0 });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationKey, selectionStore]);
  // Items that left the list leave the selection.
  useEffect(
    () => selectionStore.getState().keep(new Set(items.map((item) => item.id))),
    [items, selectionStore],
  );
  const selected = useMemo(
    () => items.filter((item) => pointer.selectedIds.has(item.id)),
    [items, pointer.selectedIds],
  );
  const selectedKey = selected.map((item) => item.id).join(',');
  useEffect(() => {
    onSelectionChange?.(items.filter((item) => pointer.selectedIds.has(item.id)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedKey]);

  const openItem = useCallback(
    (entity: CloudEntity) => handleIntent({ type: 'open', entity }),
    [handleIntent],
  );
  const renderMenu = useItemMenu({
    popup,
    selected,
    menuFor,
    setMenuFor,
    onOpen: openItem,
    setDialog: openDialog,
    actions,
  });

  const quickAccess = (layout: 'sidebar' | 'strip') => (
    <QuickAccess
      location={location}
      inMyFiles={location.kind === 'folder'}
      pickType={pickType}
      rootId={rootId}
      layout={layout}
      onSelect={(folder) => onLocationChange({ kind: 'pseudo', folder })}
    />
  );
  const path = useQuery({
    ...cloudPathQuery(scope, location.kind === 'folder' ? location.id : ''),
    enabled: !popup && location.kind === 'folder',
  });
  const heading =
    location.kind === 'pseudo'
      ? t(`cloud.folders.${location.folder}`)
      : path.data && path.data.length > 1
        ? path.data.at(-1)!.name
        : t('cloud.folders.my');
  const compact = isMobile || popup;
  const sidebar = !isMobile && !popup;
  // "No folders here" belongs where one might look for them; the bin and the chat files are no such place.
  const showBanner =
    !popup &&
    location.kind === 'pseudo' &&
    !inOwnTree &&
    location.folder !== 'removed' &&
    location.folder !== 'messages';

  const body = searching ? (
    <SearchTable
      store={searchStore}
      location={location}
      filters={listFiltersOf(search)}
      onOpen={(entity: CloudEntity) => {
        if (entity.isFolder) {
          searchStore.getState().close();
        }
        handleIntent({ type: 'open', entity });
      }}
      renderActions={renderMenu}
    />
  ) : (
    <div
      ref={scrollRef}
      className={classes.scroll}
      data-view={view}
      data-has-selection={selected.length > 0 || undefined}
      onPointerDown={handlePointerDown}
      onKeyDown={pointer.handleKeyDown}
      data-testid="cloud-items"
    >
      {list.isPending ? (
        <LibrarySkeleton view={view} />
      ) : items.length === 0 && extraCells.length === (showAddTile ? 1 : 0) && !list.hasNextPage ? (
        <LibraryEmpty kind={emptyKindOf(location)} onUpload={canUpload && !popup ? openUpload : null} />
      ) : (
        <LibraryContent
          view={view}
          popup={popup}
          scrollRef={scrollRef}
          items={items}
          extraCells={extraCells}
          selectedIds={pointer.selectedIds}
          draggedIds={pointer.selectedIds}
          focusIndex={pointer.focusIndex}
          canDrag={!popup && !isMobile}
          showCheckboxes={!popup || props.selectionMode === 'multiple'}
          handlers={pointer.handlers}
          renderMenu={renderMenu}
          label={t('cloud.list.label')}
          multiselectable={!popup || props.selectionMode === 'multiple'}
          band={band}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onNeedMore={() => void list.fetchNextPage()}
          onLayout={pointer.handleLayout}
        />
      )}
    </div>
  );

  return (
    <UploadDropZone enabled={canUpload} onFiles={handleFiles}>
      <div
        className={classes.library}
        data-mode={mode}
        data-mobile={isMobile || undefined}
        data-testid="cloud-library"
      >
        {sidebar ? (
          <aside className={classes.sidebar}>
            {quickAccess('sidebar')}
            <StorageBar />
          </aside>
        ) : null}
        <LibraryDrag items={items} selectionStore={selectionStore} enabled={!popup && !isMobile}>
          <div className={classes.main}>
            {/* The breadcrumb shows where the library is; the page's heading says it too. */}
            {popup ? null : <HiddenPageHeading testId="cloud-heading">{heading}</HiddenPageHeading>}
            <LibraryToolbar
              search={
                <SearchBox store={searchStore} onOpenFilters={() => setFiltersOpen(true)} compact={compact} />
              }
              view={view}
              onViewChange={setView}
              sort={fixedOrder(location) || searching ? null : sort}
              onSortChange={setSort}
              canUpload={canUpload}
              canCreateFolder={canCreateFolder}
              onUpload={openUpload}
              onCreateFolder={() => openDialog({ type: 'create-folder' })}
              compact={compact}
            />
            {sidebar ? null : quickAccess('strip')}
            <BreadcrumbBar
              location={location}
              meta={searching ? undefined : meta}
              onNavigate={onLocationChange}
            />
            {showBanner ? (
              <Alert
                className={classes.banner}
                variant="light"
                color="gray"
                icon={<IconInfoCircle size={18} />}
                data-testid="cloud-no-folder-here"
              >
                {t('cloud.banner.noFolderHere')}
              </Alert>
            ) : null}
            {inRemoved && !searching ? <RemovedBar count={meta?.total ?? 0} canEmpty={!popup} /> : null}
            {body}
            {selected.length > 1 ? (
              <BulkBar
                count={selected.length}
                inRemoved={inRemoved}
                canMove={!popup && selected.every((item) => item.permissions.can.includes('move'))}
                canDelete={!popup && selected.every((item) => item.permissions.can.includes('delete'))}
                onMove={() => openDialog({ type: 'move', items: selected })}
                onDelete={() => openDialog({ type: 'delete', items: selected })}
                onRestore={() => actions.restore.mutate(selected.map((item) => item.id))}
                onClear={() => selectionStore.getState().clear()}
              />
            ) : null}
          </div>
        </LibraryDrag>
        <FilterPanel opened={filtersOpen} onClose={() => setFiltersOpen(false)} store={searchStore} />
        <UploadConflictDialog prompt={uploads.conflicts} />
        <LibraryDialogs
          dialog={dialog}
          onClose={closeDialog}
          createFolderParentId={location.kind === 'folder' ? location.id : null}
          onFolderCreated={() => undefined}
          onMoved={() => selectionStore.getState().clear()}
          onDeleted={() => {
            selectionStore.getState().clear();
            setPreviewIndex(null);
          }}
          onSaveCrop={actions.saveCrop}
          preview={{
            items: files,
            index: previewIndex,
            onIndexChange: setPreviewIndex,
            onClose: () => setPreviewIndex(null),
            onDelete: (entity) => openDialog({ type: 'delete', items: [entity] }),
            onToggleFavorite: (entity) => actions.favorite.mutate(entity),
            onCrop: popup ? undefined : (entity) => openDialog({ type: 'crop', item: entity }),
          }}
        />
      </div>
    </UploadDropZone>
  );
}

/** The element to give the focus back to: for an item of an open menu, the button that opened the menu. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement)) {
    return null;
  }
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
  }
  return active;
}
