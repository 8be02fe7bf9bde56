/*
 * Names of files and folders in the cloud library (docs/DECISIONS.md "Cloud: names"). The server refuses a
 * name it could not keep as typed, and the web forms run the same rules while the person types, so nothing
 * is changed behind the person's back. Names are unique per folder, case-insensitively, over files and
 * folders together (what desktop file managers and Nextcloud do).
 */

/** Characters no file name may hold on every system people download to (Windows' reserved set). */
export const forbiddenNameCharacters = ['/', '\\', ':', '*', '?', '"', '<', '>', '|'] as const;

// C0 and C1 controls, and the bidirectional overrides that make "gpj.exe" display as "exe.jpg".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisibleCharacter = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/u;
const windowsDeviceName = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
/** At most this many UTF-8 bytes, like the file systems people copy files to. */
export const maxNameBytes = 255;

export type NameProblem =
  | { reason: 'required' }
  | { reason: 'characters'; characters: string[] }
  | { reason: 'dots' }
  | { reason: 'trailingDot' }
  | { reason: 'reserved' }
  | { reason: 'tooLong'; max: number };

/** The `validation.*` key each problem is shown with. */
export const nameProblemKeys = {
  required: 'validation.required',
  characters: 'validation.nameCharacters',
  dots: 'validation.nameDots',
  trailingDot: 'validation.nameTrailingDot',
  reserved: 'validation.nameReserved',
  tooLong: 'validation.nameTooLong',
} as const satisfies Record<NameProblem['reason'], string>;

/** How a refused character is named to the person: itself, or `U+0007` for what cannot be seen. */
export function visibleCharacter(character: string): string {
  return invisibleCharacter.test(character)
    ? `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    : character;
}

/** What is wrong with a name as typed (leading and trailing spaces are not part of it), or null. */
export function itemNameProblem(typed: string): NameProblem | null {
  const name = typed.trim();
  if (name === '') {
    return { reason: 'required' };
  }
  const refused = [...new Set([...name])].filter(
    (character) =>
      (forbiddenNameCharacters as readonly string[]).includes(character) ||
      invisibleCharacter.test(character),
  );
  if (refused.length > 0) {
    return { reason: 'characters', characters: refused.map(visibleCharacter) };
  }
  if (/^\.+$/.test(name)) {
    return { reason: 'dots' };
  }
  if (name.endsWith('.')) {
    return { reason: 'trailingDot' };
  }
  if (windowsDeviceName.test(name.split('.')[0]!)) {
    return { reason: 'reserved' };
  }
  if (new TextEncoder().encode(name).length > maxNameBytes) {
    return { reason: 'tooLong', max: maxNameBytes };
  }
  return null;
}

/** The extension of a name with its dot (`.jpg`), or '' (a leading dot starts a name, not an extension). */
export function extensionOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot) : '';
}

/**
 * A file renamed without an extension keeps the one it had ("Urlaub" for "IMG_1.jpg" becomes "Urlaub.jpg"):
 * the type of the file does not change with its name. Another extension typed on purpose is kept as typed.
 */
export function withKeptExtension(typed: string, currentName: string): string {
  const name = typed.trim();
  const current = extensionOfName(currentName);
  return current !== '' && extensionOfName(name) === '' ? `${name}${current}` : name;
}

/** Names compare as people read them: case does not make two names different. */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * The name with a counter, as file managers do when both are kept: "foto.jpg" → "foto (2).jpg",
 * "Kurse 2026" → "Kurse 2026 (2)". A name that has a counter already counts on ("foto (2).jpg" → "foto (3).jpg").
 */
export function freeName(
  name: string,
  isTaken: (key: string) => boolean,
  options: { isFolder: boolean },
): string {
  if (!isTaken(nameKey(name))) {
    return name;
  }
  const extension = options.isFolder ? '' : extensionOfName(name);
  const stem = name.slice(0, name.length - extension.length);
  const counted = /^(.*) \((\d{1,6})\)$/.exec(stem);
  const base = counted ? counted[1]! : stem;
  let counter = counted ? Number(counted[2]) + 1 : 2;
  for (;;) {
    const candidate = `${base} (${counter})${extension}`;
    if (!isTaken(nameKey(candidate))) {
      return candidate;
    }
    counter += 1;
  }
}

/** The stem a counted name starts with, for finding the names that might collide ("foto (2).jpg" → "foto"). */
export function nameStem(name: string, options: { isFolder: boolean }): string {
  const extension = options.isFolder ? '' : extensionOfName(name);
  const stem = name.slice(0, name.length - extension.length);
  return /^(.*) \(\d{1,6}\)$/.exec(stem)?.[1] ?? stem;
}

/** Upload choices when a file of the same name is already in the folder (tus metadata `conflict`). */
export const uploadConflictValues = ['replace', 'keep-both'] as const;
export type UploadConflict = (typeof uploadConflictValues)[number];
