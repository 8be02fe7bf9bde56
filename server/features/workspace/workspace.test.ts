import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, projects } from '../../db/schema/index.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAppWithProfile } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const current = (token?: string, query = '') =>
  caller(server).request({ method: 'GET', url: `/api/projects/current${query}`, token });
const touch = (projectId: string, secondsAgo: number) =>
  server.runtime.database.db
    .update(projects)
    .set({ updatedAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(projects.id, projectId));

describe(`current project (${testDriver})`, () => {
  it('answers 401 without a session', async () => {
    expect((await current()).statusCode).toBe(401);
  });

  it('answers 404 to a person with no project, even when others have projects', async () => {
    const anna = await signUp(server);
    await createAppWithProfile(server, anna.account, { as: 'owner' });
    const ben = await signUp(server);
    const response = await current(ben.accessToken);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('ignores query input it does not know and never echoes it', async () => {
    const ben = await signUp(server);
    const response = await current(ben.accessToken, '?projectId=not-a-uuid');
    expect(response.statusCode).toBe(404);
  });

  it('answers the most recently updated project the caller owns or is a member of', async () => {
    const anna = await signUp(server);
    const owned = await createAppWithProfile(server, anna.account, { as: 'owner' });
    const joined = await createAppWithProfile(server, anna.account);
    await touch(owned.project.id, 60);
    await touch(joined.project.id, 120);
    expect((await current(anna.accessToken)).json()).toEqual({ id: owned.project.id });

    await touch(joined.project.id, 0);
    expect((await current(anna.accessToken)).json()).toEqual({ id: joined.project.id });

    // A deleted profile and an archived project no longer count.
    await server.runtime.database.db
      .update(profiles)
      .set({ deletedAt: new Date() })
      .where(eq(profiles.id, joined.profile.id));
    expect((await current(anna.accessToken)).json()).toEqual({ id: owned.project.id });
    await server.runtime.database.db
      .update(projects)
      .set({ isArchive: true })
      .where(eq(projects.id, owned.project.id));
    expect((await current(anna.accessToken)).statusCode).toBe(404);
  });
});
