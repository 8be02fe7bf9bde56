import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppServices } from '../../../contracts/workspace.ts';
import { profileTags, tags } from '../../db/schema/index.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { addProfile, createAppIn, createProjectFor } from '../../test/workspace.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });

/** An app created through the API (owner profile, default tags), with an admin and a member in it. */
async function appWithPeople() {
  const owner = await signUp(server);
  const project = await createProjectFor(server, owner.account);
  const created = await call('POST', `/projects/${project.id}/apps`, owner.accessToken, { name: 'Akademie' });
  const app = created.json().data as { id: string; projectId: string; slug: string };
  const admin = await signUp(server);
  await addProfile(server, app, admin.account, 'admin');
  const member = await signUp(server);
  const memberProfile = await addProfile(server, app, member.account);
  return { owner, project, app, admin, member, memberProfile };
}

describe(`GET /apps/{appId} (${testDriver})`, () => {
  it('answers the app with the caller’s abilities; 404 unknown, 400 malformed, 403 for a blocked member', async () => {
    const { app, member, memberProfile } = await appWithPeople();
    const guest = await call('GET', `/apps/${app.id}`);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().data).toMatchObject({ id: app.id, permissions: { can: ['view'] } });
    expect((await call('GET', `/apps/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/apps/nope')).statusCode).toBe(400);
    expect((await call('GET', `/apps/${app.id}`, 'bad-token')).statusCode).toBe(401);

    const db = server.runtime.database.db;
    const [blocked] = await db
      .select()
      .from(tags)
      .where(and(eq(tags.appId, app.id), eq(tags.kind, 'blocked')));
    await db.insert(profileTags).values({
      projectId: app.projectId,
      appId: app.id,
      profileId: memberProfile.id,
      tagId: blocked!.id,
    });
    expect((await call('GET', `/apps/${app.id}`, member.accessToken)).statusCode).toBe(403);
  });
});

describe(`PATCH /apps/{appId} (${testDriver})`, () => {
  it('answers 401, 404 for unknown or archived apps, 403 without settings_app', async () => {
    const { owner, project, app, member } = await appWithPeople();
    expect((await call('PATCH', `/apps/${app.id}`, undefined, { name: 'X' })).statusCode).toBe(401);
    expect(
      (await call('PATCH', `/apps/${crypto.randomUUID()}`, owner.accessToken, { name: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/apps/${app.id}`, member.accessToken, { name: 'X' })).statusCode).toBe(403);
    const archived = await createAppIn(server, project, { isArchive: true });
    expect((await call('PATCH', `/apps/${archived.id}`, owner.accessToken, { name: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('validates the settings: format, time zone, domain, signup plans, reserved and taken slugs', async () => {
    const { owner, app } = await appWithPeople();
    const url = `/apps/${app.id}`;
    const format = await call('PATCH', url, owner.accessToken, {
      replyToEmail: 'keine-adresse',
      supportUrl: 'ftp://x',
      color: 'rot',
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().errors).toMatchObject({
      replyToEmail: 'validation.email',
      color: 'validation.unknownField',
    });
    const rules = await call('PATCH', url, owner.accessToken, {
      timezone: 'Mars/Olympus',
      domainId: crypto.randomUUID(),
      signupPlanIds: [crypto.randomUUID()],
      slug: 'api',
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().errors).toEqual({
      timezone: 'validation.invalidValue',
      domainId: 'validation.invalidValue',
      signupPlanIds: 'validation.invalidValue',
      slug: 'validation.slugReserved',
    });
    const other = await createAppIn(server, await createProjectFor(server, owner.account));
    const taken = await call('PATCH', url, owner.accessToken, { slug: other.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: 'validation.slugTaken' } });
  });

  it('takes the icon and logos only from pictures of the project', async () => {
    const { owner, app, admin } = await appWithPeople();
    const db = server.runtime.database.db;
    const url = `/apps/${app.id}`;
    const person = { projectId: app.projectId, ownerAccountId: admin.account.id };
    const logo = await insertCloudFile(db, {
      ...person,
      type: 'image',
      name: 'logo.png',
      hiddenInCloud: true,
    });
    const dark = await insertCloudFile(db, { ...person, type: 'image', name: 'logo-dunkel.png' });
    const document = await insertCloudFile(db, { ...person, type: 'other', name: 'logo.pdf' });
    const elsewhere = await createProjectFor(server, owner.account);
    const foreign = await insertCloudFile(db, {
      projectId: elsewhere.id,
      ownerAccountId: owner.account.id,
      type: 'image',
    });
    const refused = await call('PATCH', url, admin.accessToken, {
      appIconId: document.id,
      logoId: foreign.id,
      logoWhiteThemeId: crypto.randomUUID(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      appIconId: 'validation.invalidValue',
      logoId: 'validation.invalidValue',
      logoWhiteThemeId: 'validation.invalidValue',
    });
    const saved = await call('PATCH', url, admin.accessToken, {
      appIconId: logo.id,
      logoId: logo.id,
      logoWhiteThemeId: dark.id,
      isAdvancedLogo: true,
    });
    expect(saved.statusCode).toBe(200);
    const data = saved.json().data;
    expect(data).toMatchObject({ appIconId: logo.id, logoId: logo.id, isAdvancedLogo: true });
    expect(data.logoUrl).toMatch(new RegExp(`^/api/cloud/blobs/${logo.id}/original\\?exp=\\d+&sig=`));
    expect(data.logoWhiteThemeUrl).toMatch(new RegExp(`^/api/cloud/blobs/${dark.id}/original\\?`));
    const cleared = await call('PATCH', url, admin.accessToken, { logoWhiteThemeId: null });
    expect(cleared.json().data).toMatchObject({ logoWhiteThemeId: null, logoWhiteThemeUrl: null });
    // Mails link the public logo address, which leads to the signed picture.
    const logoAddress = await call('GET', `/apps/${app.id}/logo`);
    expect(logoAddress.statusCode).toBe(302);
    expect(logoAddress.headers.location).toBe(data.logoUrl);
    expect((await call('GET', `/apps/${crypto.randomUUID()}/logo`)).statusCode).toBe(404);
    await call('PATCH', url, admin.accessToken, { logoId: null, appIconId: null });
    expect((await call('GET', `/apps/${app.id}/logo`)).statusCode).toBe(404);
  });

  it('saves the general settings and keeps the theme editor to the owner', async () => {
    const { owner, app, admin } = await appWithPeople();
    const url = `/apps/${app.id}`;
    const slug = `neu-${Date.now().toString(36)}`;
    const saved = await call('PATCH', url, admin.accessToken, {
      name: ' Neue Akademie ',
      slug: slug.toUpperCase(),
      timezone: 'America/New_York',
      domainId: null,
      signupPlanIds: [],
      replyToEmail: 'hallo@beispiel.de',
      supportUrl: 'https://beispiel.de/hilfe',
      language: 'en',
      isPhoneRequired: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Neue Akademie',
      slug,
      url: `http://app.localhost:3000/${slug}`,
      timezone: 'America/New_York',
      replyToEmail: 'hallo@beispiel.de',
      supportUrl: 'https://beispiel.de/hilfe',
      language: 'en',
      isPhoneRequired: true,
      isOwner: false,
    });
    // Its own slug again is no conflict.
    expect((await call('PATCH', url, admin.accessToken, { slug })).statusCode).toBe(200);

    expect(
      (await call('PATCH', url, admin.accessToken, { theme: { primaryColor: '#112233' } })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', url, admin.accessToken, { desktopMenuLayout: 'left' })).statusCode).toBe(403);
    await call('PATCH', url, owner.accessToken, { theme: { primaryColor: '#112233' } });
    const themed = await call('PATCH', url, owner.accessToken, {
      theme: { accentColor: '#445566' },
      desktopMenuLayout: 'left',
    });
    expect(themed.json().data).toMatchObject({
      theme: { primaryColor: '#112233', accentColor: '#445566' },
      desktopMenuLayout: 'left',
      isOwner: true,
    });
  });
});

describe(`app options (${testDriver})`, () => {
  it('shows the services to anyone who sees the app and lets settings_app switch them', async () => {
    const { owner, app, member } = await appWithPeople();
    const url = `/apps/${app.id}/options`;
    const initial = await call('GET', url);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ data: { services: defaultAppServices } });
    expect((await call('GET', `/apps/${crypto.randomUUID()}/options`)).statusCode).toBe(404);

    expect((await call('PATCH', url, undefined, { services: { cloud: false } })).statusCode).toBe(401);
    expect((await call('PATCH', url, member.accessToken, { services: { cloud: false } })).statusCode).toBe(
      403,
    );
    const bad = await call('PATCH', url, owner.accessToken, { services: { telepathy: true, cloud: 'nein' } });
    expect(bad.statusCode).toBe(400);
    // Services that do not exist yet cannot be switched, on or off.
    const unbuilt = await call('PATCH', url, owner.accessToken, {
      services: { events: true, chat: false },
    });
    expect(unbuilt.statusCode).toBe(400);
    expect(unbuilt.json()).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      errors: { 'services.events': 'validation.invalidValue', 'services.chat': 'validation.invalidValue' },
    });

    await call('PATCH', url, owner.accessToken, { services: { cloud: false } });
    const saved = await call('PATCH', url, owner.accessToken, { services: { home: false } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.services).toEqual({ ...defaultAppServices, cloud: false, home: false });
    expect((await call('GET', `/apps/${app.id}`, member.accessToken)).json().data.services).toEqual(
      saved.json().data.services,
    );
  });
});

describe(`service settings (${testDriver})`, () => {
  it('loads settings for admins, and the communities settings for anyone who sees the app', async () => {
    const { owner, app, admin, member } = await appWithPeople();
    const home = await call('GET', `/apps/${app.id}/home/settings`, admin.accessToken);
    expect(home.statusCode).toBe(200);
    expect(home.json()).toEqual({
      data: {
        bannerId: null,
        trendingPostsWindowInDays: 10,
        showPostsFromAllPublicSpaces: true,
        defaultPageIds: [],
      },
      permissions: { can: ['view', 'edit'] },
    });
    expect((await call('GET', `/apps/${app.id}/home/settings`, member.accessToken)).statusCode).toBe(403);
    expect((await call('GET', `/apps/${app.id}/home/settings`)).statusCode).toBe(403);
    const communities = await call('GET', `/apps/${app.id}/communities/settings`, member.accessToken);
    expect(communities.json()).toEqual({
      data: { title: '', isVisibleToGuests: false },
      permissions: { can: ['view'] },
    });
    expect((await call('GET', `/apps/${app.id}/communities/settings`)).statusCode).toBe(200);
    expect((await call('GET', `/apps/${app.id}/weather/settings`, owner.accessToken)).statusCode).toBe(404);
    expect(
      (await call('GET', `/apps/${crypto.randomUUID()}/home/settings`, owner.accessToken)).statusCode,
    ).toBe(404);
  });

  it('merges changes into the stored settings; 400 for bad fields, 403 without settings_app, 404 unknown service', async () => {
    const { owner, app, member } = await appWithPeople();
    const url = `/apps/${app.id}/home/settings`;
    expect((await call('PATCH', url, undefined, { trendingPostsWindowInDays: 5 })).statusCode).toBe(401);
    expect((await call('PATCH', url, member.accessToken, { trendingPostsWindowInDays: 5 })).statusCode).toBe(
      403,
    );
    expect(
      (await call('PATCH', `/apps/${app.id}/weather/settings`, owner.accessToken, { title: 'x' })).statusCode,
    ).toBe(404);
    const bad = await call('PATCH', url, owner.accessToken, { trendingPostsWindowInDays: 0, colour: 'blau' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { trendingPostsWindowInDays: 'validation.minNumber', colour: 'validation.unknownField' },
    });

    await call('PATCH', url, owner.accessToken, { trendingPostsWindowInDays: 30 });
    const saved = await call('PATCH', url, owner.accessToken, { showPostsFromAllPublicSpaces: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      bannerId: null,
      trendingPostsWindowInDays: 30,
      showPostsFromAllPublicSpaces: false,
      defaultPageIds: [],
    });
    const community = await call('PATCH', `/apps/${app.id}/communities/settings`, owner.accessToken, {
      title: 'Forum',
    });
    expect(community.json().data).toEqual({ title: 'Forum', isVisibleToGuests: false });
    expect((await call('GET', url, owner.accessToken)).json().data.trendingPostsWindowInDays).toBe(30);
  });
});
