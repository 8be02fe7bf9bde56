import { useCallback, useState } from 'react';
import { cloudViewTypeValues } from '../../../contracts/cloud-enums';
import { libraryViewStorageKey as storageKey, type LibraryView } from './library-layout';

/** The view this browser last chose; the grid when none. */
export function storedView(): LibraryView {
  try {
    const value = window.localStorage.getItem(storageKey);
    return (cloudViewTypeValues as readonly (string | null)[]).includes(value)
      ? (value as LibraryView)
      : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list (spec §4 "view toggles"), remembered in this browser. */
export function useLibraryView(): [LibraryView, (view: LibraryView) => void] {
  const [view, setView] = useState<LibraryView>(storedView);
  const change = useCallback((next: LibraryView) => {
    setView(next);
    try {
      window.localStorage.setItem(storageKey, next);
    } catch {
      // Without storage the choice lasts for this visit.
    }
  }, []);
  return [view, change];
}
