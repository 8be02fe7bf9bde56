import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { newId } from '../../platform/ids.ts';
import { createTaskService, staleTaskAfterMs } from './tasks.service.ts';

let server: TestServer;
let service: ReturnType<typeof createTaskService>;
beforeAll(async () => {
  server = await createTestServer();
  service = createTaskService({ db: server.runtime.database.db });
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, authorization?: string) =>
  server.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe(`GET /api/tasks (${testDriver})`, () => {
  it('answers 401 without a session', async () => {
    const response = await get(`/api/tasks?taskIds=${newId()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' });
  });

  it('answers 400 with validation keys for missing or malformed ids', async () => {
    const { authorization } = await server.tokenFor();
    const missing = await get('/api/tasks', authorization);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ taskIds: 'validation.required' });
    const malformed = await get('/api/tasks?taskIds=abc', authorization);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ 'taskIds.0': 'validation.invalidValue' });
    const tooMany = await get(
      `/api/tasks?taskIds=${Array.from({ length: 101 }, () => newId()).join(',')}`,
      authorization,
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('never shows a task of another account or project (answers as if it did not exist)', async () => {
    const owner = await server.tokenFor();
    const stranger = await server.tokenFor();
    const task = await service.start({
      projectId: newId(),
      appId: null,
      createdBy: owner.accountId,
      type: 'import',
    });
    const response = await get(`/api/tasks?taskIds=${task.id}`, stranger.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('reports progress, completion and failure of the caller’s tasks, in every id style', async () => {
    const owner = await server.tokenFor();
    const projectId = newId();
    const importTask = await service.start({
      projectId,
      appId: newId(),
      createdBy: owner.accountId,
      type: 'import',
    });
    const updateTask = await service.start({
      projectId,
      appId: null,
      createdBy: owner.accountId,
      type: 'members_update',
    });

    await service.reportProgress(importTask.id, 42.4);
    let response = await get(`/api/tasks?taskIds=${importTask.id},${updateTask.id}`, owner.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        taskId: importTask.id,
        type: 'import',
        status: 'running',
        progress: 42,
        finishedAt: null,
      }),
      expect.objectContaining({
        taskId: updateTask.id,
        type: 'members_update',
        status: 'running',
        progress: 0,
      }),
    ]);

    await service.complete(importTask.id, { imported: 10 });
    await service.fail(updateTask.id, 'row 3: validation.email');
    // a finished task does not move again
    await service.reportProgress(importTask.id, 10);
    response = await get(`/api/tasks?taskIds=${importTask.id}&taskIds=${updateTask.id}`, owner.authorization);
    const [done, failed] = response.json().data;
    expect(done).toMatchObject({ status: 'completed', progress: 100, result: { imported: 10 } });
    expect(done.finishedAt).not.toBeNull();
    expect(failed).toMatchObject({ status: 'failed', error: 'row 3: validation.email' });

    const bracketStyle = await get(`/api/tasks?taskIds[]=${importTask.id}`, owner.authorization);
    expect(bracketStyle.statusCode).toBe(200);
  });

  it('marks tasks whose worker went silent as killed', async () => {
    const owner = await server.tokenFor();
    const task = await service.start({
      projectId: newId(),
      appId: null,
      createdBy: owner.accountId,
      type: 'duplicate_entity',
    });
    expect(await service.killStale(new Date())).toBe(0);
    await service.killStale(new Date(Date.now() + staleTaskAfterMs + 1000));
    const response = await get(`/api/tasks?taskIds=${task.id}`, owner.authorization);
    expect(response.json().data[0]).toMatchObject({ status: 'killed' });
  });
});
