import { importTaskError } from '../../../contracts/members';
import type { Task } from '../../../contracts/tasks';

/** What an import task's status and result mean for the screen. */
export type ImportOutcome =
  | { kind: 'running'; progress: number }
  | { kind: 'completed'; imported: number; skipped: number }
  | { kind: 'invalidRows'; invalidRows: number; totalRows: number | null }
  | { kind: 'quota'; limit: number | null }
  | { kind: 'failed'; error: string | null }
  | { kind: 'killed' };

const numberIn = (result: Task['result'], ...keys: string[]): number | null => {
  for (const key of keys) {
    const value = result?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) {
      return value;
    }
  }
  return null;
};

export function importOutcome(task: Pick<Task, 'status' | 'progress' | 'result' | 'error'>): ImportOutcome {
  switch (task.status) {
    case 'running':
      return { kind: 'running', progress: task.progress };
    case 'completed':
      return {
        kind: 'completed',
        imported: numberIn(task.result, 'imported') ?? 0,
        skipped: numberIn(task.result, 'skipped') ?? 0,
      };
    case 'failed':
      if (task.error === importTaskError) {
        return {
          kind: 'invalidRows',
          invalidRows: numberIn(task.result, 'invalidRows', 'invalid', 'errors') ?? 0,
          totalRows: numberIn(task.result, 'totalRows', 'total'),
        };
      }
      if (task.error === 'QUOTA_EXCEEDED') {
        return { kind: 'quota', limit: numberIn(task.result, 'limit') };
      }
      return { kind: 'failed', error: task.error };
    case 'killed':
      return { kind: 'killed' };
  }
}
