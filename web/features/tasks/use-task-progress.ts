import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TaskStatus } from '../../../contracts/enums';
import { taskListSchema, type Task } from '../../../contracts/tasks';
import { api } from '../../api/client';

export type { Task };

/** GAPS 38: tasks are polled every 3 s, until they end or for at most 10 minutes. */
export const taskPollIntervalMs = 3_000;
export const taskPollLimitMs = 10 * 60_000;

const terminalStatuses: readonly TaskStatus[] = ['completed', 'failed', 'killed'];

export function isTaskFinished(task: Pick<Task, 'status'>): boolean {
  return terminalStatuses.includes(task.status);
}

export type TaskProgressState = {
  /** The tasks the server knows for the caller, in the order of the ids asked for. */
  tasks: Task[];
  byId: ReadonlyMap<string, Task>;
  /** Ids the server does not answer for (never the caller's, or long gone): the caller may forget them. */
  unknownIds: string[];
  /** True while at least one task is still running and polling goes on. */
  isPolling: boolean;
  /** Polling stopped after 10 minutes with tasks still running. */
  timedOut: boolean;
  isLoading: boolean;
  error: unknown;
};

/**
 * `GET /tasks?taskIds=` for the given ids, every 3 s while any of them runs. Polling stops when all have a
 * terminal status (completed, failed, killed) or 10 minutes after these ids were first asked for.
 */
export function useTaskProgress(taskIds: readonly string[]): TaskProgressState {
  const ids = [...new Set(taskIds)].sort();
  const idsKey = ids.join(',');
  // When this set of ids was first polled; a new set starts the 10 minutes again.
  const [started, setStarted] = useState(() => ({ key: idsKey, at: Date.now() }));
  if (started.key !== idsKey) {
    setStarted({ key: idsKey, at: Date.now() });
  }
  const expired = () => Date.now() - started.at >= taskPollLimitMs;
  // Re-renders once the limit is reached, so the screen learns that polling has stopped.
  const [expiredKey, setExpiredKey] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(
      () => setExpiredKey(started.key),
      Math.max(0, started.at + taskPollLimitMs - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [started]);

  const query = useQuery({
    queryKey: ['tasks', idsKey],
    queryFn: ({ signal }) =>
      api.get('/tasks', { query: { taskIds: idsKey }, schema: taskListSchema, signal }),
    enabled: ids.length > 0,
    staleTime: 0,
    refetchInterval: (current) => {
      const tasks = current.state.data?.data;
      if (tasks && tasks.every(isTaskFinished)) {
        return false;
      }
      return expired() ? false : taskPollIntervalMs;
    },
    refetchIntervalInBackground: true,
  });

  const byId = new Map((query.data?.data ?? []).map((task) => [task.taskId, task]));
  const tasks = taskIds.flatMap((id) => {
    const task = byId.get(id);
    return task ? [task] : [];
  });
  const unknownIds = query.data ? ids.filter((id) => !byId.has(id)) : [];
  const running = tasks.some((task) => !isTaskFinished(task));
  const timedOut = running && (expiredKey === idsKey || expired());
  return {
    tasks,
    byId,
    unknownIds,
    isPolling: ids.length > 0 && !timedOut && (running || !query.data),
    timedOut,
    isLoading: ids.length > 0 && query.isPending,
    error: query.error,
  };
}
