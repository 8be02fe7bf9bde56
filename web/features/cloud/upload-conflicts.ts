import { createStore, type StoreApi } from 'zustand/vanilla';
import { cloudLimits, type NameConflict } from '../../../contracts/cloud';
import type { UploadConflict } from '../../../contracts/cloud-names';

/*
 * Files whose names the target folder holds already (docs/DECISIONS.md "Cloud: names"): before they upload,
 * the person chooses for each — replace, keep both ("name (2)") or skip — as desktop file managers and
 * Nextcloud ask. With several conflicts, one choice can apply to all that remain.
 */

export type ConflictChoice = UploadConflict | 'skip';

/** The choice per file name of the batch (names the folder does not hold are absent). */
export type ConflictChoices = ReadonlyMap<string, ConflictChoice>;

type PendingPrompt = { conflicts: readonly NameConflict[]; resolve: (choices: ConflictChoices) => void };

export type ConflictPromptState = {
  /** The batch waiting for the person's answers, or null. */
  pending: PendingPrompt | null;
  /** Shows the conflicts and resolves with the choices once all are answered (skip for what was closed). */
  ask: (conflicts: readonly NameConflict[]) => Promise<ConflictChoices>;
  answer: (choices: ConflictChoices) => void;
};

export type ConflictPrompt = StoreApi<ConflictPromptState>;

export function createConflictPrompt(): ConflictPrompt {
  return createStore<ConflictPromptState>()((set, get) => ({
    pending: null,
    ask: (conflicts) =>
      new Promise<ConflictChoices>((resolve) => {
        // A batch dropped while another waits: the earlier one's open questions count as skipped.
        get().pending?.resolve(new Map());
        set({ pending: { conflicts, resolve } });
      }),
    answer: (choices) => {
      const pending = get().pending;
      set({ pending: null });
      pending?.resolve(choices);
    },
  }));
}

/**
 * The answers so far plus `choice` for the conflict at `index` — and, with `forAll`, for every one after it
 * (replace falls back to keep both where the name belongs to a folder, which a file never replaces).
 */
export function withChoice(
  choices: ConflictChoices,
  conflicts: readonly NameConflict[],
  index: number,
  choice: ConflictChoice,
  forAll: boolean,
): Map<string, ConflictChoice> {
  const next = new Map(choices);
  const targets = forAll ? conflicts.slice(index) : conflicts.slice(index, index + 1);
  for (const conflict of targets) {
    next.set(conflict.name, choice === 'replace' && conflict.kind === 'folder' ? 'keep-both' : choice);
  }
  return next;
}

/** The files to queue, each with its choice; skipped ones are left out. */
export function applyChoices<T extends { name: string }>(
  files: readonly T[],
  choices: ConflictChoices,
): { file: T; conflict: UploadConflict | undefined }[] {
  return files.flatMap((file) => {
    const choice = choices.get(file.name);
    return choice === 'skip' ? [] : [{ file, conflict: choice }];
  });
}

/** Names in batches the server answers (at most `cloudLimits.conflictNames` a request). */
export function nameBatches(names: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < names.length; start += cloudLimits.conflictNames) {
    batches.push(names.slice(start, start + cloudLimits.conflictNames));
  }
  return batches;
}
