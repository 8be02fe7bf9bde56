import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationLinks, profileTags, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { addProfile, createAppWithProfile, createInvitationLink, createTag } from '../../test/workspace.ts';
import { addProfileTags, ensureDefaultTags } from './tags.repo.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  caller(server).request({ method, url, token, ...(payload ? { payload } : {}) });

/** An app owned by a signed-up person, with a moderator and a plain member. */
async function appWithPeople() {
  const owner = await signUp(server);
  const { app, project } = await createAppWithProfile(server, owner.account, { as: 'owner' });
  const moderator = await signUp(server);
  await addProfile(server, app, moderator.account, 'moderator');
  const member = await signUp(server);
  const memberProfile = await addProfile(server, app, member.account, 'member');
  return { owner, moderator, member, memberProfile, app, project, base: `/api/apps/${app.id}/tags` };
}

describe(`tags (${testDriver})`, () => {
  it('answers 401 without a session and 404 to people outside the app', async () => {
    const { app, base, owner } = await appWithPeople();
    const tag = await createTag(server, app);
    const calls: [Method, string, object?][] = [
      ['GET', base],
      ['POST', base, { name: 'VIP' }],
      ['PATCH', `/api/tags/${tag.id}`, { name: 'VIP' }],
      ['DELETE', `/api/tags/${tag.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    // The owner of another project (and a person without any profile) learn nothing about this app's tags.
    const stranger = await signUp(server);
    await createAppWithProfile(server, stranger.account, { as: 'owner' });
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, stranger.accessToken, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('PATCH', `/api/tags/${newId()}`, owner.accessToken, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/apps/${newId()}/tags`, owner.accessToken)).statusCode).toBe(404);
  });

  it('lists the default tags first with member counts; managers may change own tags only', async () => {
    const { owner, app, base, memberProfile } = await appWithPeople();
    const created = await call('POST', base, owner.accessToken, { name: ' VIP ', color: '#12ab34' });
    expect(created.statusCode).toBe(201);
    const vip = created.json().data;
    expect(vip).toMatchObject({
      name: 'VIP',
      color: '#12ab34',
      kind: null,
      profilesCount: 0,
      permissions: { can: ['edit', 'delete'] },
    });
    await addProfileTags(server.runtime.database.db, memberProfile, [vip.id]);

    const list = await call('GET', base, owner.accessToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, pages: 1, total: 3 });
    expect(list.json().data).toEqual([
      expect.objectContaining({ name: 'blocked', kind: 'blocked', permissions: { can: [] } }),
      expect.objectContaining({ name: 'punished', kind: 'punished', permissions: { can: [] } }),
      expect.objectContaining({ id: vip.id, profilesCount: 1, permissions: { can: ['edit', 'delete'] } }),
    ]);
    // The default tags exist once, however often they are ensured.
    await ensureDefaultTags(server.runtime.database.db, app);
    const rows = await server.runtime.database.db.select().from(tags).where(eq(tags.appId, app.id));
    expect(rows).toHaveLength(3);
  });

  it('pages, searches with filter[search] and picks tags with tagIds', async () => {
    const { owner, app, base } = await appWithPeople();
    for (let index = 0; index < 16; index += 1) {
      await createTag(server, app, { name: `Kurs ${String(index).padStart(2, '0')}` });
    }
    const dropdown = await call('GET', `${base}?limit=15&page=2`, owner.accessToken);
    expect(dropdown.json().meta).toEqual({ page: 2, pages: 2, total: 18 });
    expect(dropdown.json().data.map((tag: { name: string }) => tag.name)).toEqual([
      'Kurs 13',
      'Kurs 14',
      'Kurs 15',
    ]);
    const search = await call(
      'GET',
      `${base}?filter[search]=${encodeURIComponent('kurs 0')}`,
      owner.accessToken,
    );
    expect(search.json().meta.total).toBe(10);
    // LIKE wildcards are searched for literally.
    expect((await call('GET', `${base}?filter[search]=%25`, owner.accessToken)).json().meta.total).toBe(0);
    const some = (await call('GET', `${base}?limit=100`, owner.accessToken)).json().data.slice(3, 5);
    const picked = await call(
      'GET',
      `${base}?tagIds[]=${some[0].id}&tagIds[]=${some[1].id}`,
      owner.accessToken,
    );
    expect(picked.json().data.map((tag: { id: string }) => tag.id)).toEqual([some[0].id, some[1].id]);
    expect(
      (await call('GET', `${base}?tagIds=${some[0].id},${newId()}`, owner.accessToken)).json().meta.total,
    ).toBe(1);
    // Exact names, case-insensitive, repeated keys (a name may hold a comma): which of a file's tags exist.
    const named = await call(
      'GET',
      `${base}?names=kurs%2003&names=KURS%2011&names=Neu,%20mit%20Komma`,
      owner.accessToken,
    );
    expect(named.json().data.map((tag: { name: string }) => tag.name)).toEqual(['Kurs 03', 'Kurs 11']);
  });

  it('refuses bad input with validation keys', async () => {
    const { owner, base, app } = await appWithPeople();
    expect((await call('POST', base, owner.accessToken, { name: '  ', color: 'red' })).json().errors).toEqual(
      {
        name: 'validation.required',
        color: 'validation.invalidValue',
      },
    );
    expect((await call('POST', base, owner.accessToken, { name: 'x'.repeat(51) })).json().errors).toEqual({
      name: 'validation.validateMaxLength',
    });
    expect(
      (await call('POST', base, owner.accessToken, { name: 'VIP', kind: 'blocked' })).json().errors,
    ).toEqual({
      kind: 'validation.unknownField',
    });
    expect((await call('GET', `${base}?limit=500&tagIds=nope`, owner.accessToken)).json().errors).toEqual({
      limit: 'validation.maxNumber',
      'tagIds.0': 'validation.invalidFormat',
    });
    const tag = await createTag(server, app);
    expect(
      (await call('PATCH', `/api/tags/${tag.id}`, owner.accessToken, { color: '#zzzzzz' })).statusCode,
    ).toBe(400);
    expect((await call('PATCH', '/api/tags/not-a-uuid', owner.accessToken, { name: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('keeps names unique per app, ignoring case, and the default tags locked', async () => {
    const { owner, base, app } = await appWithPeople();
    await call('POST', base, owner.accessToken, { name: 'Team Nord' });
    const twice = await call('POST', base, owner.accessToken, { name: 'team nord' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', errors: { name: 'validation.unique' } });
    expect((await call('POST', base, owner.accessToken, { name: 'BLOCKED' })).statusCode).toBe(409);
    // Another app may use the same name.
    const other = await createAppWithProfile(server, owner.account, { as: 'owner' });
    expect(
      (await call('POST', `/api/apps/${other.app.id}/tags`, owner.accessToken, { name: 'Team Nord' }))
        .statusCode,
    ).toBe(201);

    const süd = await createTag(server, app, { name: 'Team Süd' });
    const renamed = await call('PATCH', `/api/tags/${süd.id}`, owner.accessToken, { name: 'TEAM NORD' });
    expect(renamed.statusCode).toBe(409);
    const recased = await call('PATCH', `/api/tags/${süd.id}`, owner.accessToken, {
      name: 'TEAM SÜD',
      color: '#000000',
    });
    expect(recased.json().data).toMatchObject({ name: 'TEAM SÜD', color: '#000000' });

    const { blocked, punished } = await ensureDefaultTags(server.runtime.database.db, app);
    for (const id of [blocked.id, punished.id]) {
      const edit = await call('PATCH', `/api/tags/${id}`, owner.accessToken, { name: 'weg' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().code).toBe('DEFAULT_TAG_LOCKED');
      expect((await call('DELETE', `/api/tags/${id}`, owner.accessToken)).json().code).toBe(
        'DEFAULT_TAG_LOCKED',
      );
    }
  });

  it('lets moderators see the tags, but only managers change them; members get 403', async () => {
    const { moderator, member, base, app } = await appWithPeople();
    const tag = await createTag(server, app);
    const seen = await call('GET', base, moderator.accessToken);
    expect(seen.statusCode).toBe(200);
    expect(
      seen.json().data.every((item: { permissions: { can: string[] } }) => item.permissions.can.length === 0),
    ).toBe(true);
    expect((await call('POST', base, moderator.accessToken, { name: 'Neu' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `/api/tags/${tag.id}`, moderator.accessToken, { name: 'Neu' })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/tags/${tag.id}`, moderator.accessToken)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['PATCH', `/api/tags/${tag.id}`],
      ['DELETE', `/api/tags/${tag.id}`],
    ] as const) {
      const response = await call(
        method,
        url,
        member.accessToken,
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'Neu' },
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('deletes a tag: members and invite links lose it', async () => {
    const { owner, app, memberProfile } = await appWithPeople();
    const tag = await createTag(server, app);
    const keep = await createTag(server, app);
    await addProfileTags(server.runtime.database.db, memberProfile, [tag.id, keep.id]);
    const link = await createInvitationLink(server, app, { tagIds: [tag.id, keep.id] });
    const deleted = await call('DELETE', `/api/tags/${tag.id}`, owner.accessToken);
    expect(deleted.statusCode).toBe(204);
    expect((await call('DELETE', `/api/tags/${tag.id}`, owner.accessToken)).statusCode).toBe(404);
    const db = server.runtime.database.db;
    const assigned = await db.select().from(profileTags).where(eq(profileTags.profileId, memberProfile.id));
    expect(assigned.map((row) => row.tagId)).toEqual([keep.id]);
    const [stored] = await db.select().from(invitationLinks).where(eq(invitationLinks.id, link.id));
    expect(stored!.tagIds).toEqual([keep.id]);
  });
});
