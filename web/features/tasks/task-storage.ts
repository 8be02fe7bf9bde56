import { useCallback, useSyncExternalStore } from 'react';
import type { TaskType } from '../../../contracts/enums';
import { useAccount } from '../../kernel/session/account-store';

/** A background task this browser started, remembered so a reload picks its progress up again. */
export type StoredTask = { taskId: string; type: TaskType; startedAt: string };

// Spec §4: background tasks are kept in local storage per profile and app. A profile is one account in one
// app, so the account id and the app id together name it.
const storageKey = (accountId: string, appId: string) => `tasks:${accountId}:${appId}`;

// A task older than a day is over one way or another (the server kills silent ones after 10 minutes).
const maxAgeMs = 24 * 60 * 60_000;
const maxStored = 20;

const listeners = new Set<() => void>();
const emptyList: StoredTask[] = [];
const snapshots = new Map<string, { raw: string | null; list: StoredTask[] }>();

function isStoredTask(value: unknown): value is StoredTask {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const task = value as Record<string, unknown>;
  return (
    typeof task.taskId === 'string' && typeof task.type === 'string' && typeof task.startedAt === 'string'
  );
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredTask[] {
  if (!raw) {
    return emptyList;
  }
  try {
    const value: unknown = JSON.parse(raw);
    const now = Date.now();
    return Array.isArray(value)
      ? value.filter(isStoredTask).filter((task) => now - Date.parse(task.startedAt) < maxAgeMs)
      : emptyList;
  } catch {
    return emptyList;
  }
}

/** The stored list, the same array while the stored text is unchanged (useSyncExternalStore needs that). */
export function readStoredTasks(accountId: string, appId: string): StoredTask[] {
  const key = storageKey(accountId, appId);
  const raw = readRaw(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) {
    return cached.list;
  }
  const list = parse(raw);
  snapshots.set(key, { raw, list });
  return list;
}

function write(accountId: string, appId: string, list: StoredTask[]): void {
  const key = storageKey(accountId, appId);
  try {
    if (list.length === 0) {
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, JSON.stringify(list.slice(-maxStored)));
    }
  } catch {
    // Storage can be unavailable (private mode, quotas); the progress then lasts for this visit only.
  }
  for (const listener of listeners) {
    listener();
  }
}

export function storeTask(accountId: string, appId: string, task: StoredTask): void {
  const others = readStoredTasks(accountId, appId).filter((stored) => stored.taskId !== task.taskId);
  write(accountId, appId, [...others, task]);
}

export function forgetTask(accountId: string, appId: string, taskId: string): void {
  write(
    accountId,
    appId,
    readStoredTasks(accountId, appId).filter((stored) => stored.taskId !== taskId),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same person starting or finishing a task.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in person's remembered tasks of one type in one app, newest last, with add and forget. */
export function useStoredTasks(appId: string, type: TaskType) {
  const accountId = useAccount()?.id ?? null;
  const all = useSyncExternalStore(subscribe, () =>
    accountId ? readStoredTasks(accountId, appId) : emptyList,
  );
  const tasks = all.filter((task) => task.type === type);

  const add = useCallback(
    (taskId: string) => {
      if (accountId) {
        storeTask(accountId, appId, { taskId, type, startedAt: new Date().toISOString() });
      }
    },
    [accountId, appId, type],
  );
  const forget = useCallback(
    (taskId: string) => {
      if (accountId) {
        forgetTask(accountId, appId, taskId);
      }
    },
    [accountId, appId],
  );
  return { tasks, add, forget };
}
