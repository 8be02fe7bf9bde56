import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import {
  communityApp,
  communityCaller,
  createGroup,
  createSpace,
  type CommunityApp,
  type Person,
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
const spacesUrl = (tenant: CommunityApp) => `/api/apps/${tenant.app.id}/community/spaces`;
type Who = Person | CommunityApp['owner'] | undefined;

describe(`spaces (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects and 403 without the ability', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const space = await createSpace(server, tenant, group.id);
    const calls: ['POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', `/api/groups/${group.id}/spaces`, { name: 'Neu' }],
      ['PATCH', `/api/spaces/${space.id}`, { name: 'Neu' }],
      ['PATCH', `/api/spaces/${space.id}/move`, { prevId: null }],
      ['DELETE', `/api/spaces/${space.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, tenant.member, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    // App moderators moderate spaces but do not arrange them.
    expect((await call('PATCH', `/api/spaces/${space.id}`, tenant.moderator, { name: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', `${spacesUrl(tenant)}/${space.slug}`, tenant.stranger)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/groups/${newId()}/spaces`, tenant.owner, { name: 'X' })).statusCode,
    ).toBe(404);
  });

  it('creates a space from the form of spec §3, with defaults, covers, moderators and sanitized rules', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const [cover, mobileCover] = [await tenant.picture(), await tenant.picture()];
    const created = await call('POST', `/api/groups/${group.id}/spaces`, tenant.owner, {
      name: 'Über uns',
      description: 'Wer wir sind',
      access: 'private',
      preModeration: true,
      rules: '<p>Freundlich <script>alert(1)</script><a href="javascript:alert(1)">bleiben</a></p>',
      coverId: cover,
      mobileCoverId: mobileCover,
      defaultSort: 'trends',
      defaultTab: 'rules',
      displayView: 'card',
      visibleTabs: ['rules', 'posts'],
      moderatorProfileIds: [tenant.member.profileId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const space = created.json().data;
    expect(space).toMatchObject({
      type: 'posts',
      groupId: group.id,
      name: 'Über uns',
      slug: 'ueber-uns',
      description: 'Wer wir sind',
      access: 'private',
      preModeration: true,
      cover: { id: cover, url: expect.any(String) },
      mobileCover: { id: mobileCover, url: expect.any(String) },
      defaultSort: 'trends',
      defaultTab: 'rules',
      displayView: 'card',
      visibleTabs: ['rules', 'posts'],
      moderatorProfiles: [{ id: tenant.member.profileId, firstName: 'Ben', lastName: 'Test' }],
      membersCount: 1,
      postsCount: 0,
      position: 1,
      membership: null,
    });
    expect(space.rules).not.toMatch(/script|javascript/);
    expect(space.rules).toContain('Freundlich');
    expect(space.permissions.can).toEqual(
      expect.arrayContaining(['view', 'edit', 'delete', 'create_profile', 'join']),
    );
    // The moderator sees it as a member of it.
    const asModerator = await call('GET', `${spacesUrl(tenant)}/ueber-uns`, tenant.member);
    expect(asModerator.json().data).toMatchObject({ membership: { status: 'active', notify: 'all_new' } });
    expect(asModerator.json().data.permissions.can).toEqual(
      expect.arrayContaining(['view', 'create_profile', 'delete_profile', 'bell', 'leave']),
    );
    const plain = await call('POST', `/api/groups/${group.id}/spaces`, tenant.owner, { name: 'Über uns' });
    expect(plain.json().data).toMatchObject({
      slug: 'ueber-uns-2',
      access: 'open',
      defaultSort: 'latest',
      defaultTab: 'posts',
      displayView: 'feed',
      visibleTabs: ['posts', 'members', 'rules'],
      cover: null,
      mobileCover: null,
      position: 2,
    });
  });

  it('refuses bad input with the field named, and a taken slug with 409', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const space = await createSpace(server, tenant, group.id, { slug: 'belegt' });
    const url = `/api/groups/${group.id}/spaces`;
    const errorsOf = async (payload: object, method: 'POST' | 'PATCH' = 'POST', target = url) =>
      (await call(method, target, tenant.owner, payload)).json<{ errors?: unknown }>().errors;
    expect(await errorsOf({ name: '' })).toEqual({ name: 'validation.required' });
    expect(await errorsOf({ name: 'A', access: 'hidden', displayView: 'grid' })).toEqual({
      access: 'validation.invalidValue',
      displayView: 'validation.invalidValue',
    });
    expect(await errorsOf({ name: 'A', visibleTabs: [] })).toEqual({ visibleTabs: 'validation.required' });
    expect(await errorsOf({ name: 'A', visibleTabs: ['posts', 'posts'] })).toEqual({
      visibleTabs: 'validation.unique',
    });
    expect(await errorsOf({ name: 'A', defaultTab: 'members', visibleTabs: ['posts'] })).toEqual({
      defaultTab: 'validation.invalidValue',
    });
    const elsewhere = await communityApp(server);
    expect(
      await errorsOf({
        name: 'A',
        coverId: await elsewhere.picture(),
        mobileCoverId: newId(),
        moderatorProfileIds: [elsewhere.member.profileId],
      }),
    ).toEqual({
      coverId: 'validation.invalidValue',
      mobileCoverId: 'validation.invalidValue',
      moderatorProfileIds: 'validation.invalidValue',
    });
    expect(await errorsOf({ visibleTabs: ['members'] }, 'PATCH', `/api/spaces/${space.id}`)).toEqual({
      defaultTab: 'validation.invalidValue',
    });
    const tooLong = await call('PATCH', `/api/spaces/${space.id}`, tenant.owner, {
      rules: 'x'.repeat(100_001),
    });
    expect(tooLong.statusCode).toBe(400);
    const taken = await call('POST', url, tenant.owner, { name: 'B', slug: 'belegt' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', errors: { slug: 'validation.slugTaken' } });
    const other = await createSpace(server, tenant, group.id);
    const renamed = await call('PATCH', `/api/spaces/${other.id}`, tenant.owner, { slug: 'belegt' });
    expect(renamed.statusCode).toBe(409);
    // Keeping one's own slug is no conflict.
    expect(
      (await call('PATCH', `/api/spaces/${space.id}`, tenant.owner, { slug: 'belegt' })).statusCode,
    ).toBe(200);
  });

  it('changes a space: only what is sent; opening it grants the waiting join requests', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant, { moderatorProfileIds: [tenant.other.profileId] });
    const space = await createSpace(server, tenant, group.id, { access: 'private', description: 'Alt' });
    await call('POST', `/api/spaces/${space.id}/join`, tenant.member);
    // A group moderator edits the space.
    const patched = await call('PATCH', `/api/spaces/${space.id}`, tenant.other, {
      name: 'Neu',
      rules: '<p>Regel</p>',
      moderatorProfileIds: [tenant.moderator.profileId],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      name: 'Neu',
      description: 'Alt',
      access: 'private',
      rules: '<p>Regel</p>',
      moderatorProfiles: [{ id: tenant.moderator.profileId }],
      membersCount: 1,
    });
    expect((await call('DELETE', `/api/spaces/${space.id}`, tenant.other)).statusCode).toBe(403);
    const opened = await call('PATCH', `/api/spaces/${space.id}`, tenant.owner, { access: 'open' });
    expect(opened.json().data.membersCount).toBe(2);
    const asMember = await call('GET', `${spacesUrl(tenant)}/${space.slug}`, tenant.member);
    expect(asMember.json().data.membership).toEqual({ status: 'active', notify: 'all_new' });
  });

  it('orders the spaces of a group by moves and deletes a space', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant);
    const [a, b, c] = [
      await createSpace(server, tenant, group.id, { name: 'A' }),
      await createSpace(server, tenant, group.id, { name: 'B' }),
      await createSpace(server, tenant, group.id, { name: 'C' }),
    ];
    const names = async () =>
      (await call('GET', `${spacesUrl(tenant)}?groupId=${group.id}`, tenant.owner))
        .json<{ data: { name: string }[] }>()
        .data.map((space) => space.name);
    expect((await call('PATCH', `/api/spaces/${c.id}/move`, tenant.owner, { prevId: null })).statusCode).toBe(
      200,
    );
    expect(await names()).toEqual(['C', 'A', 'B']);
    await call('PATCH', `/api/spaces/${a.id}/move`, tenant.owner, { prevId: b.id });
    expect(await names()).toEqual(['C', 'B', 'A']);
    const otherGroup = await createGroup(server, tenant);
    const foreign = await createSpace(server, tenant, otherGroup.id);
    const wrong = await call('PATCH', `/api/spaces/${a.id}/move`, tenant.owner, { prevId: foreign.id });
    expect(wrong.json().errors).toEqual({ prevId: 'validation.invalidValue' });
    expect((await call('DELETE', `/api/spaces/${b.id}`, tenant.owner)).statusCode).toBe(204);
    expect(await names()).toEqual(['C', 'A']);
    expect((await call('PATCH', `/api/spaces/${b.id}`, tenant.owner, { name: 'X' })).statusCode).toBe(404);
  });

  it('shows open, private and secret spaces to exactly who may see them: list, detail, dropdown, members', async () => {
    const tenant = await communityApp(server);
    await tenant.openToGuests();
    const group = await createGroup(server, tenant);
    const spaceModerator = await tenant.person('member');
    const make = (access: string) =>
      createSpace(server, tenant, group.id, {
        name: access,
        access,
        moderatorProfileIds: [spaceModerator.profileId],
      });
    const spaces = { open: await make('open'), private: await make('private'), secret: await make('secret') };
    const joined = await tenant.person('member');
    await call('POST', `/api/spaces/${spaces.private.id}/profiles`, tenant.owner, {
      profileIds: [joined.profileId],
    });
    await call('POST', `/api/spaces/${spaces.secret.id}/profiles`, tenant.owner, {
      profileIds: [joined.profileId],
    });
    await call('POST', `/api/spaces/${spaces.open.id}/join`, joined);

    type Seen = { list: string[]; detail: number[]; dropdown: string[]; members: number[] };
    const seenBy = async (who: Who): Promise<Seen> => {
      const list = await call('GET', spacesUrl(tenant), who);
      const dropdown = await call('GET', `${spacesUrl(tenant)}/dropdown`, who);
      const detail: number[] = [];
      const members: number[] = [];
      for (const space of Object.values(spaces)) {
        detail.push((await call('GET', `${spacesUrl(tenant)}/${space.slug}`, who)).statusCode);
        members.push((await call('GET', `/api/spaces/${space.id}/profiles`, who)).statusCode);
      }
      return {
        list: list.json().data.map((space: { name: string }) => space.name),
        detail,
        dropdown: dropdown.json().data.map((space: { name: string }) => space.name),
        members,
      };
    };
    const all = ['open', 'private', 'secret'];
    // Non-member: open and private listed, the private one's members refused, the secret one not found.
    expect(await seenBy(tenant.member)).toEqual({
      list: ['open', 'private'],
      detail: [200, 200, 404],
      dropdown: ['open', 'private'],
      members: [200, 403, 404],
    });
    expect(await seenBy(joined)).toEqual({
      list: all,
      detail: [200, 200, 200],
      dropdown: all,
      members: [200, 200, 200],
    });
    expect(await seenBy(spaceModerator)).toEqual({
      list: all,
      detail: [200, 200, 200],
      dropdown: all,
      members: [200, 200, 200],
    });
    for (const manager of [tenant.owner, tenant.moderator]) {
      expect(await seenBy(manager)).toEqual({
        list: all,
        detail: [200, 200, 200],
        dropdown: all,
        members: [200, 200, 200],
      });
    }
    // Guests (the app lets them read): the open space only; member lists need a session.
    expect(await seenBy(undefined)).toEqual({
      list: ['open'],
      detail: [200, 404, 404],
      dropdown: ['open'],
      members: [401, 401, 401],
    });
    // Invited people and strangers read as guests do, and see no members.
    for (const outsider of [tenant.invited, tenant.stranger]) {
      expect(await seenBy(outsider)).toEqual({
        list: ['open'],
        detail: [200, 404, 404],
        dropdown: ['open'],
        members: [403, 404, 404],
      });
    }
    // Blocked: nothing; punished: reads what they read before.
    await tenant.sanction(joined, 'punished');
    expect((await seenBy(joined)).list).toEqual(all);
    await tenant.sanction(tenant.member, 'blocked');
    expect((await call('GET', spacesUrl(tenant), tenant.member)).statusCode).toBe(403);
    expect((await call('GET', `${spacesUrl(tenant)}/dropdown`, tenant.member)).statusCode).toBe(403);
    for (const space of Object.values(spaces)) {
      expect((await call('GET', `${spacesUrl(tenant)}/${space.slug}`, tenant.member)).statusCode).toBe(403);
      expect((await call('GET', `/api/spaces/${space.id}/profiles`, tenant.member)).statusCode).toBe(404);
    }
  });
});
