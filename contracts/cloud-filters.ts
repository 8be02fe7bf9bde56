/** Small rules of the cloud file filters (spec §5). */

/** The folder filter of the picker popup and of the mobile cloud accepts only these types (RULE-86). */
export const pickerFolderFilterValues = ['photo', 'audio', 'video', 'document'] as const;
export type PickerFolderFilter = (typeof pickerFolderFilterValues)[number];

export function toPickerFolderFilter(value: string | null | undefined): PickerFolderFilter | null {
  return (pickerFolderFilterValues as readonly (string | null | undefined)[]).includes(value)
    ? (value as PickerFolderFilter)
    : null;
}

/**
 * The chip text of a file extension: trimmed, without leading dots, lower-case ('.PDF ' → 'pdf'), so that
 * one extension never shows as two chips.
 */
export function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\.+/, '').toLowerCase();
}

/** Adds a file-type chip only if it is non-empty and not already present (RULE-87); returns a new list. */
export function addExtensionChip(chips: readonly string[], extension: string): string[] {
  const chip = normalizeExtension(extension);
  if (chip === '' || chips.includes(chip)) {
    return [...chips];
  }
  return [...chips, chip];
}
