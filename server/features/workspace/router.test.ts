import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../../db/schema/index.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';
import { appSlugOf } from './workspace.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const route = (url: string, token?: string) =>
  caller(server).request({ method: 'GET', url: `/api/router?url=${encodeURIComponent(url)}`, token });

describe(`GET /router (${testDriver})`, () => {
  it('reads the app slug from addresses on the public domain only', () => {
    expect(appSlugOf('http://app.localhost:3000/akademie/groups/g/x', 'app.localhost:3000')).toBe('akademie');
    expect(appSlugOf('/akademie', 'app.localhost:3000')).toBe('akademie');
    expect(appSlugOf('https://evil.example/akademie', 'app.localhost:3000')).toBeNull();
    expect(appSlugOf('http://app.localhost:3000/', 'app.localhost:3000')).toBeNull();
    expect(appSlugOf('http://app.localhost:3000/%3Cscript%3E', 'app.localhost:3000')).toBeNull();
  });

  it('resolves an app for guests with no abilities, and for members and admins with theirs', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const member = await signUp(server);
    await addProfile(server, app, member.account);
    const stranger = await signUp(server);
    const address = `http://app.localhost:3000/${app.slug}/profile`;

    const guest = await route(address);
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({
      type: 'app',
      entity: null,
      app: {
        id: app.id,
        slug: app.slug,
        name: app.name,
        publicDomain: 'app.localhost:3000',
        defaultServiceSlug: 'home',
        language: 'de',
        permissions: { can: [] },
      },
    });
    expect((await route(address, member.accessToken)).json().app.permissions.can).toEqual(['view']);
    expect((await route(address, owner.accessToken)).json().app.permissions.can).toEqual(['view', 'edit']);
    expect((await route(address, stranger.accessToken)).json().app.permissions.can).toEqual([]);
  });

  it('answers 404 for unknown and archived apps and for other hosts, 400 without a url, 401 for a bad token', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    expect((await route('http://app.localhost:3000/gibt-es-nicht')).statusCode).toBe(404);
    expect((await route(`https://other.example/${app.slug}`)).statusCode).toBe(404);
    await server.runtime.database.db.update(apps).set({ isArchive: true }).where(eq(apps.id, app.id));
    const archived = await route(`http://app.localhost:3000/${app.slug}`);
    expect(archived.statusCode).toBe(404);
    expect(archived.json()).toEqual({ code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    expect((await caller(server).request({ method: 'GET', url: '/api/router' })).statusCode).toBe(400);
    expect((await route(`/${app.slug}`, 'not-a-token')).statusCode).toBe(401);
  });
});
