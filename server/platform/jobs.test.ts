import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testDriver, type TestServer } from '../test/test-server.ts';
import { createTaskService, staleTaskAfterMs } from '../features/tasks/tasks.service.ts';
import { tasks } from '../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { newId } from './ids.ts';
import { workerJobs } from '../worker.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`jobs on pg-boss (${testDriver})`, () => {
  it(
    'runs a sent job in the worker role: the stale-task sweep kills a silent task',
    { timeout: 30_000 },
    async () => {
      const { db } = server.runtime.database;
      const service = createTaskService({ db });
      const task = await service.start({
        projectId: newId(),
        appId: null,
        createdBy: newId(),
        type: 'import',
      });
      // The worker that ran it died long ago: its last report is older than the stale threshold.
      await db
        .update(tasks)
        .set({ updatedAt: sql`now() - (${staleTaskAfterMs + 60_000} || ' milliseconds')::interval` })
        .where(eq(tasks.id, task.id));

      await server.runtime.jobs.work(workerJobs(server.workerDeps()));
      await server.runtime.jobs.send('tasks.kill-stale', {});

      let status = 'running';
      for (let attempt = 0; attempt < 50 && status === 'running'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const [row] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
        status = row!.status;
      }
      expect(status).toBe('killed');
    },
  );
});
