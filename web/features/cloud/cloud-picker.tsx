import { useState } from 'react';
import type { CloudEntity } from '../../../contracts/cloud';
import type { PickerFolderFilter } from '../../../contracts/cloud-filters';
import type { Gif } from '../../../contracts/gifs';
import { useIsMobile } from '../../kernel/ui-store';
import { CloudLibrary } from './cloud-library';
import { CloudScopeContext, myFiles, type CloudLocation, type CloudScope } from './cloud-scope';
import { MobilePicker } from './mobile-picker';
import { PickerPopup } from './picker-popup';
import type { PickerCloudHandlers, PickerTab } from './picker-state';
import type { SelectionMode } from './selection-store';

export type { PickerTab };

export type CloudPickerProps = {
  opened: boolean;
  onClose: () => void;
  /** The picked files in the order they were picked; folders are never returned. */
  onApply: (files: CloudEntity[]) => void;
  /** Whose library to pick from (the project, or the project through an app). */
  scope: CloudScope;
  selectionMode: SelectionMode;
  /** Starts in that pseudo-folder and restricts quick access to My files plus it (RULE-215). */
  pickType?: PickerFolderFilter | null;
  initialTab?: PickerTab;
  /** Given, the picker offers GIFs too; a chosen GIF closes it. */
  onGif?: (gif: Gif) => void;
  /** Without cloud access only the GIF tab is offered. */
  hasCloudAccess?: boolean;
};

/** Where the picker's library opens: in the requested type's pseudo-folder, else in My files. */
export function pickerStartLocation(pickType: PickerFolderFilter | null): CloudLocation {
  return pickType ? { kind: 'pseudo', folder: pickType } : myFiles;
}

type PickerLibraryProps = PickerCloudHandlers & {
  selectionMode: SelectionMode;
  pickType: PickerFolderFilter | null;
};

/** Spec §4 "Folder location": in the picker the folder is held here, the address never changes. */
function PickerLibrary({ selectionMode, pickType, onSelectionChange, onPick }: PickerLibraryProps) {
  const [location, setLocation] = useState<CloudLocation>(() => pickerStartLocation(pickType));
  return (
    <CloudLibrary
      mode="popup"
      location={location}
      onLocationChange={setLocation}
      selectionMode={selectionMode}
      pickType={pickType}
      onSelectionChange={onSelectionChange}
      onPick={onPick}
    />
  );
}

/**
 * The file picker (spec §2 "Popup picker", "Mobile dialog"): a popup window on the desktop, a bottom sheet
 * with cloud and GIF tabs on a phone. Each opening starts fresh in My files (or the pick type's folder).
 */
export function CloudPicker({ scope, pickType = null, ...props }: CloudPickerProps) {
  const isMobile = useIsMobile();
  const renderCloud = (handlers: PickerCloudHandlers) => (
    <CloudScopeContext value={scope}>
      <PickerLibrary selectionMode={props.selectionMode} pickType={pickType} {...handlers} />
    </CloudScopeContext>
  );
  return isMobile ? (
    <MobilePicker {...props} renderCloud={renderCloud} />
  ) : (
    <PickerPopup {...props} renderCloud={renderCloud} />
  );
}
