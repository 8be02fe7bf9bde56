import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilitiesBySubject } from '../../../contracts/abilities.ts';
import { defaultAppServices } from '../../../contracts/workspace.ts';
import { apps, profileTags, projects } from '../../db/schema/index.ts';
import { ensureDefaultTags } from '../tags/public.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile } from '../../test/workspace.ts';
import { appAbilities } from './app.policy.ts';
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

  it('resolves the full app for guests, members and owners with the engine’s abilities', async () => {
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
        projectId: app.projectId,
        slug: app.slug,
        name: app.name,
        publicDomain: 'app.localhost:3000',
        url: `http://app.localhost:3000/${app.slug}`,
        defaultServiceSlug: 'home',
        language: 'de',
        timezone: 'Europe/Berlin',
        isArchive: false,
        isOwner: false,
        appIconId: null,
        logoId: null,
        logoWhiteThemeId: null,
        isAdvancedLogo: false,
        appIconUrl: null,
        logoUrl: null,
        logoWhiteThemeUrl: null,
        supportUrl: '',
        replyToEmail: '',
        isPhoneRequired: false,
        signupPlanIds: [],
        domainId: null,
        desktopMenuLayout: 'top',
        theme: {},
        services: defaultAppServices,
        masqueradeProfileId: null,
        viewer: null,
        permissions: { can: ['view'] },
        createdAt: app.createdAt.toISOString(),
      },
    });
    const asMember = (await route(address, member.accessToken)).json().app;
    // A member's own profile: the app greets them in their language and says whether a sanction holds.
    expect(asMember.viewer).toEqual({
      profileId: expect.any(String),
      sanction: null,
      punishedUntil: null,
      language: null,
      timezone: null,
      avatarUrl: null,
    });
    expect(asMember.permissions.can).toEqual(
      appAbilities({ role: 'member', sanction: null, masquerading: false, registrationOpen: false }),
    );
    expect(asMember.isOwner).toBe(false);
    const asOwner = (await route(address, owner.accessToken)).json().app;
    expect(asOwner.permissions.can).toEqual([...abilitiesBySubject.app]);
    expect(asOwner.isOwner).toBe(true);
    expect((await route(address, stranger.accessToken)).json().app.permissions.can).toEqual(['view']);
  });

  it('answers the viewed member’s abilities while an admin masquerades, and 403 to anyone else', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const member = await signUp(server);
    const memberProfile = await addProfile(server, app, member.account);
    const address = `/${app.slug}`;
    const masquerade = { 'x-masquerade-profile': memberProfile.id };

    const viewed = await caller(server).request({
      method: 'GET',
      url: `/api/router?url=${encodeURIComponent(address)}`,
      token: owner.accessToken,
      headers: masquerade,
    });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json().app).toMatchObject({
      masqueradeProfileId: memberProfile.id,
      isOwner: false,
      // The viewer is the viewed member, not the admin.
      viewer: { profileId: memberProfile.id, sanction: null },
    });
    expect(viewed.json().app.permissions.can).toEqual(
      appAbilities({ role: 'member', sanction: null, masquerading: true, registrationOpen: false }),
    );
    const refused = await caller(server).request({
      method: 'GET',
      url: `/api/router?url=${encodeURIComponent(address)}`,
      token: member.accessToken,
      headers: masquerade,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('names a blocked member’s sanction, so the app can say so', async () => {
    const owner = await signUp(server);
    const { app } = await createAppWithProfile(server, owner.account, { as: 'owner' });
    const member = await signUp(server);
    const profile = await addProfile(server, app, member.account);
    const { blocked } = await ensureDefaultTags(server.runtime.database.db, app);
    await server.runtime.database.db
      .insert(profileTags)
      .values({ profileId: profile.id, tagId: blocked.id, appId: app.id, projectId: app.projectId });
    const answer = (await route(`/${app.slug}`, member.accessToken)).json().app;
    expect(answer.viewer).toMatchObject({ profileId: profile.id, sanction: 'blocked' });
    expect(answer.permissions.can).toEqual([]);
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
    const other = await createAppWithProfile(server, owner.account, { as: 'owner' });
    await server.runtime.database.db
      .update(projects)
      .set({ isArchive: true })
      .where(eq(projects.id, other.project.id));
    expect((await route(`/${other.app.slug}`, owner.accessToken)).statusCode).toBe(404);
    expect((await caller(server).request({ method: 'GET', url: '/api/router' })).statusCode).toBe(400);
    expect((await route(`/${app.slug}`, 'not-a-token')).statusCode).toBe(401);
  });
});
