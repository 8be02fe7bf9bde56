import type { Task } from '../../../contracts/tasks.ts';
import type { TaskRow } from './tasks.repo.ts';

export function presentTask(row: TaskRow): Task {
  return {
    taskId: row.id,
    type: row.type,
    status: row.status,
    progress: row.progress,
    projectId: row.projectId,
    appId: row.appId,
    result: row.result ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
