import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf } from '../../db/changes.ts';
import { apps, profileTags, profiles, projects, tags, teamMembers } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { caller, insertTestAccount } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, addTeamMember, createAppWithProfile } from '../../test/workspace.ts';

/*
 * The caller's standing in an app is kept in memory (access-cache.ts) and dropped by the database's change
 * announcements (server/db/changes.ts, migration 0018). The instance that writes must have dropped it by the
 * time its statement is done: a demoted, removed or blocked member is refused on the very next request.
 */

describe(`app access cache (${testDriver})`, () => {
  let server: TestServer;
  let heard: (string | null)[] = [];

  beforeAll(async () => {
    server = await createTestServer();
    changeFeedOf(server.runtime.database.db)!.subscribe((payload) => heard.push(payload));
  });
  afterAll(() => server.close());

  const db = () => server.runtime.database.db;
  const request = (token: string, url: string) => caller(server).request({ method: 'GET', url, token });

  async function tenant(type: 'admin' | 'member' = 'admin') {
    const owner = (await insertTestAccount(server)).account;
    const { project, app } = await createAppWithProfile(server, owner, { as: 'owner' });
    const person = (await insertTestAccount(server)).account;
    const profile = await addProfile(server, app, person, type);
    const token = (await server.tokenFor(person.id)).authorization.replace('Bearer ', '');
    return { project, app, profile, person, token };
  }

  it('hears a statement’s own announcement before the statement is done', async () => {
    heard = [];
    await db().execute(sql`select pg_notify('data_changes', 'test:1')`);
    expect(heard).toContain('test:1');
  });

  it('announces changes of apps, profiles, their tags and the team', async () => {
    const { project, app, profile, person } = await tenant();
    heard = [];
    await db().update(apps).set({ name: 'Umbenannt' }).where(eq(apps.id, app.id));
    await db().update(profiles).set({ type: 'member' }).where(eq(profiles.id, profile.id));
    const [tag] = await db()
      .insert(tags)
      .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Gruppe' })
      .returning();
    await db()
      .insert(profileTags)
      .values({ projectId: project.id, appId: app.id, profileId: profile.id, tagId: tag!.id });
    await db()
      .insert(teamMembers)
      .values({ id: newId(), projectId: project.id, email: 'team@example.com', status: 'pending' });
    // On PostgreSQL the pooled session and the instance's listener both hear each one, each in its own order.
    expect([...new Set(heard)].sort()).toEqual([
      `app:${app.id}`,
      `member:${app.id}:${person.id}`,
      `profile:${profile.id}`,
      `project:${project.id}`,
    ]);
  });

  it('refuses a demoted admin on the next request', async () => {
    const { app, profile, token } = await tenant('admin');
    const url = `/api/apps/${app.id}/chat-settings`;
    expect((await request(token, url)).statusCode).toBe(200);
    expect((await request(token, url)).statusCode).toBe(200);
    await db().update(profiles).set({ type: 'member' }).where(eq(profiles.id, profile.id));
    expect((await request(token, url)).statusCode).toBe(403);
  });

  it('forgets a removed profile and an archived app at once', async () => {
    const { app, profile, token } = await tenant('member');
    const url = `/api/apps/${app.id}/chats`;
    expect((await request(token, url)).statusCode).toBe(200);
    await db().update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, profile.id));
    expect((await request(token, url)).statusCode).toBe(404);

    const other = await tenant('member');
    const otherUrl = `/api/apps/${other.app.id}/chats`;
    expect((await request(other.token, otherUrl)).statusCode).toBe(200);
    await db().update(apps).set({ isArchive: true }).where(eq(apps.id, other.app.id));
    expect((await request(other.token, otherUrl)).statusCode).toBe(404);
  });

  it('applies a blocked tag on the next request', async () => {
    const { project, app, profile, token } = await tenant('member');
    const url = `/api/apps/${app.id}/chats`;
    expect((await request(token, url)).statusCode).toBe(200);
    const [blocked] = await db()
      .select({ id: tags.id })
      .from(tags)
      .where(sql`${tags.appId} = ${app.id} and ${tags.kind} = 'blocked'`);
    const tagId =
      blocked?.id ??
      (
        await db()
          .insert(tags)
          .values({ id: newId(), projectId: project.id, appId: app.id, name: 'Gesperrt', kind: 'blocked' })
          .returning()
      )[0]!.id;
    await db()
      .insert(profileTags)
      .values({ projectId: project.id, appId: app.id, profileId: profile.id, tagId });
    expect((await request(token, url)).statusCode).toBeGreaterThanOrEqual(403);
  });

  it('applies a team seat ending and a change of the team settings on the next project request', async () => {
    const { project } = await tenant();
    const person = (await insertTestAccount(server)).account;
    const seat = await addTeamMember(server, project, { email: person.email, accountId: person.id });
    const token = (await server.tokenFor(person.id)).authorization.replace('Bearer ', '');
    const usage = `/api/projects/${project.id}/usage`;
    // A service-host route that needs the team right to manage apps (project:apps).
    const apps = `/api/projects/${project.id}/tickets/limits`;
    expect((await request(token, usage)).statusCode).toBe(200);
    expect((await request(token, apps)).statusCode).toBe(200);

    await db()
      .update(projects)
      .set({ teamSettings: { canManageApps: false } })
      .where(eq(projects.id, project.id));
    expect((await request(token, usage)).statusCode).toBe(200);
    expect((await request(token, apps)).statusCode).toBe(403);

    await db().update(teamMembers).set({ status: 'inactive' }).where(eq(teamMembers.id, seat.id));
    expect((await request(token, usage)).statusCode).toBe(404);
  });
});
