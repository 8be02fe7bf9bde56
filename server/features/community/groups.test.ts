import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comments,
  communityGroupModerators,
  communityPosts,
  communitySpaceMembers,
  communitySpaces,
} from '../../db/schema/index.ts';
import { randomToken } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import {
  communityApp,
  communityCaller,
  createGroup,
  createSpace,
  type CommunityApp,
} from '../../test/community-spaces.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);
const groupsUrl = (tenant: CommunityApp) => `/api/apps/${tenant.app.id}/community/groups`;
const namesOf = (response: { json: () => { data: { name: string }[] } }) =>
  response.json().data.map((item) => item.name);

describe(`groups (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects and 403 without the ability', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const writes: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', groupsUrl(tenant), { name: 'Neu' }],
      ['PATCH', `${groupsUrl(tenant)}/${group.id}/move`, { prevId: null }],
      ['PATCH', `/api/groups/${group.id}`, { name: 'Neu' }],
      ['DELETE', `/api/groups/${group.id}`],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    // The app is public (its shell shows to guests): app-wide calls are refused, the group is not found.
    expect((await call('POST', groupsUrl(tenant), tenant.stranger, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `${groupsUrl(tenant)}/${group.id}/move`, tenant.stranger, { prevId: null }))
        .statusCode,
    ).toBe(403);
    for (const [method, url, payload] of writes.slice(2)) {
      expect((await call(method, url, tenant.stranger, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The group has no space yet: only its managers see it, so a member meets 404 on the group's own routes.
    expect((await call('POST', groupsUrl(tenant), tenant.member, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', groupsUrl(tenant), tenant.moderator, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await call('PATCH', `${groupsUrl(tenant)}/${group.id}/move`, tenant.member, { prevId: null }))
        .statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/groups/${group.id}`, tenant.member, { name: 'X' })).statusCode).toBe(
      404,
    );
    await createSpace(server, tenant, group.id);
    expect((await call('PATCH', `/api/groups/${group.id}`, tenant.member, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/groups/${group.id}`, tenant.moderator)).statusCode).toBe(403);
    const seenByStranger = await call('GET', groupsUrl(tenant), tenant.stranger);
    expect(seenByStranger.json()).toEqual({ data: [], meta: { page: 1, pages: 0, total: 0 } });
    expect((await call('GET', `${groupsUrl(tenant)}/${group.slug}`, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/apps/${newId()}/community/groups`, tenant.owner)).statusCode).toBe(404);
  });

  it('refuses bad input with the field named', async () => {
    const tenant = await communityApp(server);
    const errorsOf = async (payload: object) =>
      (await call('POST', groupsUrl(tenant), tenant.owner, payload)).json<{ errors?: unknown }>().errors;
    expect(await errorsOf({ name: '  ' })).toEqual({ name: 'validation.required' });
    expect(await errorsOf({ name: 'A', slug: 'Nicht gültig!' })).toEqual({
      slug: 'validation.allowedSymbols.slug',
    });
    expect(await errorsOf({ name: 'A', moderatorProfileIds: [newId()] })).toEqual({
      moderatorProfileIds: 'validation.invalidValue',
    });
    // An invited person does not take part yet, a stranger's profile is of another app.
    expect(await errorsOf({ name: 'A', moderatorProfileIds: [tenant.invited.profileId] })).toEqual({
      moderatorProfileIds: 'validation.invalidValue',
    });
    const elsewhere = await communityApp(server);
    const foreignPicture = await elsewhere.picture();
    expect(await errorsOf({ name: 'A', coverId: foreignPicture })).toEqual({
      coverId: 'validation.invalidValue',
    });
    expect(await errorsOf({ name: 'A', extra: true })).toEqual({ extra: 'validation.unknownField' });
    const group = await createGroup(server, tenant);
    const move = await call('PATCH', `${groupsUrl(tenant)}/${group.id}/move`, tenant.owner, {
      prevId: group.id,
    });
    expect(move.json().errors).toEqual({ prevId: 'validation.invalidValue' });
    const unknown = await call('PATCH', `${groupsUrl(tenant)}/${newId()}/move`, tenant.owner, {
      prevId: null,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('creates groups with slugs from their names, numbered when taken, and refuses a taken slug', async () => {
    const tenant = await communityApp(server);
    const cover = await tenant.picture();
    const first = await call('POST', groupsUrl(tenant), tenant.owner, {
      name: ' Grüße, Welt!! ',
      description: 'Für alle',
      coverId: cover,
      moderatorProfileIds: [tenant.member.profileId],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      name: 'Grüße, Welt!!',
      slug: 'gruesse-welt',
      description: 'Für alle',
      cover: { id: cover, url: expect.stringContaining(cover) },
      spaces: [],
      moderators: [{ id: tenant.member.profileId, firstName: 'Ben', lastName: 'Test', avatarUrl: null }],
      permissions: { can: ['view', 'view_profiles', 'edit', 'create_space', 'delete_profile', 'delete'] },
    });
    const second = await call('POST', groupsUrl(tenant), tenant.owner, { name: 'Grüße Welt' });
    expect(second.json().data.slug).toBe('gruesse-welt-2');
    const cyrillic = await call('POST', groupsUrl(tenant), tenant.owner, { name: '日本' });
    expect(cyrillic.json().data.slug).toBe('gruppe');
    // `…/groups/dropdown` is the dropdown's address, never a group's.
    expect((await createGroup(server, tenant, { name: 'Dropdown' })).slug).toBe('dropdown-2');
    expect(
      (await call('POST', groupsUrl(tenant), tenant.owner, { name: 'X', slug: 'dropdown' })).statusCode,
    ).toBe(409);
    const taken = await call('POST', groupsUrl(tenant), tenant.owner, { name: 'X', slug: 'gruesse-welt' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: 'validation.slugTaken' } });
    const renamed = await call('PATCH', `/api/groups/${second.json().data.id}`, tenant.owner, {
      slug: 'gruesse-welt',
    });
    expect(renamed.statusCode).toBe(409);
    // Another app may use the same slug.
    const elsewhere = await communityApp(server);
    expect((await createGroup(server, elsewhere, { name: 'Grüße Welt' })).slug).toBe('gruesse-welt');
  });

  it('changes a group; its moderators run it, the member moderating it sees it without a space', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const patched = await call('PATCH', `/api/groups/${group.id}`, tenant.owner, {
      name: 'Neu',
      slug: 'neu',
      description: 'Text',
      moderatorProfileIds: [tenant.member.profileId],
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ name: 'Neu', slug: 'neu', description: 'Text' });
    // A group moderator edits the group and creates spaces, but does not delete it.
    const asModerator = await call('GET', `${groupsUrl(tenant)}/neu`, tenant.member);
    expect(asModerator.json().data.permissions.can).toEqual([
      'view',
      'view_profiles',
      'edit',
      'create_space',
      'delete_profile',
    ]);
    expect(
      (await call('PATCH', `/api/groups/${group.id}`, tenant.member, { description: 'M' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/groups/${group.id}`, tenant.member)).statusCode).toBe(403);
    const cleared = await call('PATCH', `/api/groups/${group.id}`, tenant.owner, { moderatorProfileIds: [] });
    expect(cleared.json().data.moderators).toEqual([]);
    expect((await call('GET', `${groupsUrl(tenant)}/neu`, tenant.member)).statusCode).toBe(404);
  });

  it('lists groups in order with the spaces each caller sees; a group of a secret space only to who reads it', async () => {
    const tenant = await communityApp(server);
    const open = await createGroup(server, tenant, { name: 'Offen' });
    const hidden = await createGroup(server, tenant, { name: 'Verborgen' });
    await createSpace(server, tenant, open.id, { name: 'Allgemein' });
    await createSpace(server, tenant, open.id, { name: 'Vorstand', access: 'secret' });
    const secret = await createSpace(server, tenant, hidden.id, { name: 'Geheim', access: 'secret' });
    const spacesOf = (response: { json: () => { data: { name: string; spaces: { name: string }[] }[] } }) =>
      response.json().data.map((group) => [group.name, group.spaces.map((space) => space.name)]);

    expect(spacesOf(await call('GET', groupsUrl(tenant), tenant.owner))).toEqual([
      ['Offen', ['Allgemein', 'Vorstand']],
      ['Verborgen', ['Geheim']],
    ]);
    const asMember = await call('GET', groupsUrl(tenant), tenant.member);
    expect(asMember.json().meta).toEqual({ page: 1, pages: 1, total: 1 });
    expect(spacesOf(asMember)).toEqual([['Offen', ['Allgemein']]]);
    expect((await call('GET', `${groupsUrl(tenant)}/${hidden.slug}`, tenant.member)).statusCode).toBe(404);
    expect((await call('GET', groupsUrl(tenant))).statusCode).toBe(200);
    expect(namesOf(await call('GET', groupsUrl(tenant)))).toEqual([]);

    await call('POST', `/api/spaces/${secret.id}/profiles`, tenant.owner, {
      profileIds: [tenant.member.profileId],
    });
    expect(spacesOf(await call('GET', groupsUrl(tenant), tenant.member))).toEqual([
      ['Offen', ['Allgemein']],
      ['Verborgen', ['Geheim']],
    ]);
    const detail = await call('GET', `${groupsUrl(tenant)}/${hidden.slug}`, tenant.member);
    expect(detail.json().data.permissions.can).toEqual(['view', 'view_profiles', 'leave']);

    await tenant.openToGuests();
    expect(spacesOf(await call('GET', groupsUrl(tenant)))).toEqual([['Offen', ['Allgemein']]]);
  });

  it('orders groups by moves after prevId', async () => {
    const tenant = await communityApp(server);
    const [a, b, c] = [
      await createGroup(server, tenant, { name: 'A' }),
      await createGroup(server, tenant, { name: 'B' }),
      await createGroup(server, tenant, { name: 'C' }),
    ];
    const move = (id: string, prevId: string | null) =>
      call('PATCH', `${groupsUrl(tenant)}/${id}/move`, tenant.owner, { prevId });
    expect((await move(c.id, null)).json().data.name).toBe('C');
    expect(namesOf(await call('GET', groupsUrl(tenant), tenant.owner))).toEqual(['C', 'A', 'B']);
    await move(c.id, b.id);
    expect(namesOf(await call('GET', groupsUrl(tenant), tenant.owner))).toEqual(['A', 'B', 'C']);
    // Halving the gap again and again renumbers the list instead of losing precision.
    for (let round = 0; round <= 60; round += 1) {
      await move(round % 2 === 0 ? b.id : c.id, a.id);
    }
    expect(namesOf(await call('GET', groupsUrl(tenant), tenant.owner))).toEqual(['A', 'B', 'C']);
  });

  it('deletes a group with its spaces, their members, posts and comments', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const kept = await createGroup(server, tenant);
    const space = await createSpace(server, tenant, group.id);
    const other = await createSpace(server, tenant, kept.id);
    await call('POST', `/api/spaces/${space.id}/join`, tenant.member);
    const { db } = tenant;
    const post = (spaceId: string) => ({
      id: newId(),
      appId: tenant.app.id,
      container: 'groups' as const,
      spaceId,
      authorProfileId: tenant.member.profileId,
      name: 'Beitrag',
      slug: `beitrag-${newId()}`,
      shareHash: randomToken(16),
      publishedAt: new Date(),
    });
    const [gone, stays] = [post(space.id), post(other.id)];
    await db.insert(communityPosts).values([gone, stays]);
    await db.insert(comments).values(
      [gone, stays].map((target) => ({
        id: newId(),
        appId: tenant.app.id,
        entityType: 'post',
        entityId: target.id,
        authorProfileId: tenant.member.profileId,
        bodyHtml: '<p>Hallo</p>',
      })),
    );
    await db
      .insert(communityGroupModerators)
      .values({ groupId: group.id, profileId: tenant.other.profileId, appId: tenant.app.id });

    expect((await call('DELETE', `/api/groups/${group.id}`, tenant.owner)).statusCode).toBe(204);
    expect(await db.select().from(communitySpaces).where(eq(communitySpaces.groupId, group.id))).toEqual([]);
    expect(
      await db.select().from(communitySpaceMembers).where(eq(communitySpaceMembers.spaceId, space.id)),
    ).toEqual([]);
    const posts = await db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(inArray(communityPosts.id, [gone.id, stays.id]));
    expect(posts).toEqual([{ id: stays.id }]);
    const left = await db
      .select({ entityId: comments.entityId })
      .from(comments)
      .where(inArray(comments.entityId, [gone.id, stays.id]));
    expect(left).toEqual([{ entityId: stays.id }]);
    expect((await call('GET', `${groupsUrl(tenant)}/${group.slug}`, tenant.owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/groups/${group.id}`, tenant.owner)).statusCode).toBe(404);
  });
});
