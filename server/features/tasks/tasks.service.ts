import type { TaskType } from '../../../contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './tasks.repo.ts';

/** How long a running task may stay silent before it counts as killed (its worker died). */
export const staleTaskAfterMs = 10 * 60 * 1000;

export function createTaskService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The caller's own tasks among `ids`; ids that are unknown or not theirs are simply absent. */
    async listForActor(actor: Actor, ids: string[]) {
      if (actor.kind !== 'account') {
        throw unauthorized();
      }
      return repo.findTasksOfAccount(db, actor.accountId, [...new Set(ids)]);
    },

    async start(input: { projectId: string; appId: string | null; createdBy: string; type: TaskType }) {
      return repo.insertTask(db, { id: newId(), ...input });
    },

    async reportProgress(taskId: string, progress: number) {
      return repo.updateRunningTask(db, taskId, {
        progress: Math.max(0, Math.min(100, Math.round(progress))),
      });
    },

    async complete(taskId: string, result: Record<string, unknown> | null = null) {
      return repo.updateRunningTask(db, taskId, {
        status: 'completed',
        progress: 100,
        result,
        finishedAt: new Date(),
      });
    },

    async fail(taskId: string, error: string, result: Record<string, unknown> | null = null) {
      return repo.updateRunningTask(db, taskId, { status: 'failed', error, result, finishedAt: new Date() });
    },

    async killStale(now = new Date()) {
      return repo.markStaleTasksKilled(db, new Date(now.getTime() - staleTaskAfterMs));
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
