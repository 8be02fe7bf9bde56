import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../contracts/tasks';
import { createQueryClient } from '../../app/query-client';
import { callsTo, json, signInForTest, stubFetch, testAccount } from '../../test/fixtures';
import { forgetTask, readStoredTasks, storeTask } from './task-storage';
import { taskPollLimitMs, useTaskProgress } from './use-task-progress';

const appId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e60';
const ids = ['0190f5a2-7c1e-7b4e-9a55-00000000b001', '0190f5a2-7c1e-7b4e-9a55-00000000b002'] as const;

const running = (taskId: string): Task => ({
  taskId,
  type: 'members_update',
  status: 'running',
  progress: 10,
  projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61',
  appId,
  result: null,
  error: null,
  createdAt: '2025-03-14T09:30:00.000Z',
  updatedAt: '2025-03-14T09:30:00.000Z',
  finishedAt: null,
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useTaskProgress', () => {
  it('asks for all ids at once, keeps polling while one runs and gives up after 10 minutes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInForTest();
    const fetchMock = stubFetch({
      'GET /api/tasks': () => json(200, { data: [running(ids[1])] }),
    });
    const { result } = renderHook(() => useTaskProgress([...ids]), { wrapper });
    await waitFor(() => expect(result.current.tasks).toHaveLength(1));
    // The server answers only for the caller's tasks: the other id is unknown.
    expect(result.current.unknownIds).toEqual([ids[0]]);
    expect(result.current.isPolling).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(callsTo(fetchMock, 'GET /api/tasks').length).toBeGreaterThanOrEqual(3);

    await act(() => vi.advanceTimersByTimeAsync(taskPollLimitMs));
    expect(result.current.timedOut).toBe(true);
    expect(result.current.isPolling).toBe(false);
    const asked = callsTo(fetchMock, 'GET /api/tasks').length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(callsTo(fetchMock, 'GET /api/tasks').length).toBe(asked);
  });

  it('asks nothing without ids', () => {
    signInForTest();
    const fetchMock = stubFetch({});
    const { result } = renderHook(() => useTaskProgress([]), { wrapper });
    expect(result.current.isPolling).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('task storage', () => {
  it('keeps tasks per account and app and drops ones older than a day', () => {
    const otherApp = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e99';
    storeTask(testAccount.id, appId, { taskId: ids[0], type: 'import', startedAt: new Date().toISOString() });
    storeTask(testAccount.id, otherApp, {
      taskId: ids[1],
      type: 'import',
      startedAt: new Date().toISOString(),
    });
    storeTask(testAccount.id, appId, {
      taskId: ids[1],
      type: 'import',
      startedAt: new Date(Date.now() - 25 * 60 * 60_000).toISOString(),
    });
    expect(readStoredTasks(testAccount.id, appId).map((task) => task.taskId)).toEqual([ids[0]]);
    expect(readStoredTasks(testAccount.id, otherApp).map((task) => task.taskId)).toEqual([ids[1]]);
    forgetTask(testAccount.id, appId, ids[0]);
    expect(readStoredTasks(testAccount.id, appId)).toEqual([]);
  });
});
