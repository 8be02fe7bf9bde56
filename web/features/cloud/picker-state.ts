import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CloudEntity } from '../../../contracts/cloud';
import type { Gif } from '../../../contracts/gifs';
import type { SelectionMode } from './selection-store';

export type PickerTab = 'cloud' | 'gif';

/** What the picker's library reports to the popup or dialog around it. */
export type PickerCloudHandlers = {
  onSelectionChange: (items: CloudEntity[]) => void;
  onPick: (items: CloudEntity[]) => void;
};

/** The props the desktop popup and the mobile dialog share; the library itself comes from `renderCloud`. */
export type PickerShellProps = {
  opened: boolean;
  onClose: () => void;
  onApply: (files: CloudEntity[]) => void;
  selectionMode: SelectionMode;
  initialTab?: PickerTab;
  onGif?: (gif: Gif) => void;
  hasCloudAccess?: boolean;
  renderCloud: (handlers: PickerCloudHandlers) => ReactNode;
};

/** The tabs on offer: the library with cloud access, the GIFs when the caller takes a GIF. */
export function pickerTabs(hasCloudAccess: boolean, withGifs: boolean): PickerTab[] {
  return [...(hasCloudAccess ? (['cloud'] as const) : []), ...(withGifs ? (['gif'] as const) : [])];
}

/**
 * Spec §2 "Mobile dialog": it starts on the cloud tab if the person has cloud access and the caller did not
 * ask for GIFs, else on the GIF tab. A tab that is not on offer falls back to the one that is.
 */
export function initialPickerTab(
  hasCloudAccess: boolean,
  requested: PickerTab | undefined,
  offered: readonly PickerTab[] = ['cloud', 'gif'],
): PickerTab {
  const wanted: PickerTab = hasCloudAccess && requested !== 'gif' ? 'cloud' : 'gif';
  return offered.includes(wanted) ? wanted : (offered[0] ?? wanted);
}

/**
 * The selection in the order it was made (the library reports it in list order): items still selected keep
 * their place, newly selected ones go to the end. The library's newer copy of an item wins.
 */
export function inPickOrder(previous: readonly CloudEntity[], next: readonly CloudEntity[]): CloudEntity[] {
  const byId = new Map(next.map((item) => [item.id, item]));
  const kept = previous.flatMap((item) => {
    const current = byId.get(item.id);
    return current ? [current] : [];
  });
  const keptIds = new Set(kept.map((item) => item.id));
  return [...kept, ...next.filter((item) => !keptIds.has(item.id))];
}

/**
 * The state both picker shells share: the tab, the picked files (folders are for browsing, never returned)
 * and the ways out (apply, double-click, a GIF). It lives inside the popup's content, so every opening starts
 * fresh.
 */
export function usePickerState(props: PickerShellProps) {
  const { onApply, onClose, onGif, selectionMode, hasCloudAccess = true } = props;
  const tabs = useMemo(() => pickerTabs(hasCloudAccess, onGif !== undefined), [hasCloudAccess, onGif]);
  const [tab, setTab] = useState<PickerTab>(() => initialPickerTab(hasCloudAccess, props.initialTab, tabs));
  // The GIF panel mounts on first sight only: trending spends the provider's quota.
  const [gifSeen, setGifSeen] = useState(tab === 'gif');
  const selectTab = useCallback((next: PickerTab) => {
    setTab(next);
    if (next === 'gif') {
      setGifSeen(true);
    }
  }, []);
  const [selected, setSelected] = useState<CloudEntity[]>([]);
  const files = useMemo(() => selected.filter((item) => !item.isFolder), [selected]);

  const handleSelectionChange = useCallback(
    (items: CloudEntity[]) => setSelected((previous) => inPickOrder(previous, items)),
    [],
  );
  const apply = useCallback(
    (chosen: CloudEntity[]) => {
      onApply(chosen);
      onClose();
    },
    [onApply, onClose],
  );
  // A double-click takes the file; in multiple mode together with what is already picked.
  const handlePick = useCallback(
    (items: CloudEntity[]) => {
      const picked = items.filter((item) => !item.isFolder);
      if (picked.length > 0) {
        apply(selectionMode === 'multiple' ? inPickOrder(files, [...files, ...picked]) : picked);
      }
    },
    [apply, files, selectionMode],
  );
  const handleGif = useCallback(
    (gif: Gif) => {
      onGif?.(gif);
      onClose();
    },
    [onClose, onGif],
  );

  const cloud = props.renderCloud({ onSelectionChange: handleSelectionChange, onPick: handlePick });

  return { tabs, tab, selectTab, gifSeen, files, cloud, apply: () => apply(files), handleGif };
}
