import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Space } from '../../../contracts/community-spaces.ts';
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
type Who = Person | CommunityApp['owner'];

async function setUp() {
  const tenant = await communityApp(server);
  const group = await createGroup(server, tenant);
  const make = (access: 'open' | 'private' | 'secret') =>
    createSpace(server, tenant, group.id, { name: access, access });
  return {
    tenant,
    group,
    open: await make('open'),
    closed: await make('private'),
    secret: await make('secret'),
  };
}

const spaceAs = async (tenant: CommunityApp, slug: string, who: Who) =>
  (await call('GET', `/api/apps/${tenant.app.id}/community/spaces/${slug}`, who)).json<{ data: Space }>()
    .data;
const memberIds = async (spaceId: string, who: Who, query = '') =>
  (await call('GET', `/api/spaces/${spaceId}/profiles${query}`, who))
    .json<{ data: { id: string }[] }>()
    .data.map((member) => member.id);

describe(`space members (${testDriver})`, () => {
  it('answers 401 without a session, 404 to other projects, 403 without the ability, 400 on bad input', async () => {
    const { tenant, group, open } = await setUp();
    await call('POST', `/api/spaces/${open.id}/join`, tenant.other);
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['POST', `/api/spaces/${open.id}/join`],
      ['DELETE', `/api/spaces/${open.id}/leave`],
      ['GET', `/api/spaces/${open.id}/profiles`],
      ['POST', `/api/spaces/${open.id}/profiles`, { profileIds: [tenant.member.profileId] }],
      ['DELETE', `/api/spaces/${open.id}/profiles/${tenant.other.profileId}`],
      ['PATCH', `/api/spaces/${open.id}/notifications`, { notify: 'never' }],
      ['GET', `/api/groups/${group.id}/profiles`],
      ['DELETE', `/api/groups/${group.id}/leave`],
      ['DELETE', `/api/groups/${group.id}/profiles/${tenant.other.profileId}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, tenant.stranger, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // A member who has not joined: no leaving, bell, adding or removing.
    for (const [method, url, payload] of calls.filter(([, url]) => !/join|profiles$/.test(url))) {
      expect((await call(method, url, tenant.member, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (
        await call('POST', `/api/spaces/${open.id}/profiles`, tenant.member, {
          profileIds: [tenant.member.profileId],
        })
      ).statusCode,
    ).toBe(403);
    // Bad input.
    const bad: [string, string, object][] = [
      ['POST', `/api/spaces/${open.id}/profiles`, { profileIds: [] }],
      ['POST', `/api/spaces/${open.id}/profiles`, { profileIds: ['x'] }],
      ['PATCH', `/api/spaces/${open.id}/notifications`, { notify: 'sometimes' }],
    ];
    for (const [method, url, payload] of bad) {
      const response = await call(method as 'POST', url, tenant.owner, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
    const unknown = await call('POST', `/api/spaces/${open.id}/profiles`, tenant.owner, {
      profileIds: [newId(), tenant.invited.profileId],
    });
    expect(unknown.json()).toMatchObject({ errors: { profileIds: 'validation.invalidValue' } });
    expect((await call('GET', `/api/spaces/${open.id}/profiles?page=0`, tenant.owner)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/spaces/${open.id}/profiles/x`, tenant.owner)).statusCode).toBe(400);
    expect(
      (await call('DELETE', `/api/spaces/${open.id}/profiles/${newId()}`, tenant.owner)).statusCode,
    ).toBe(404);
  });

  it('joins an open space at once, asks to join a private one, and cannot join a secret one', async () => {
    const { tenant, open, closed, secret } = await setUp();
    const joined = await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().data).toMatchObject({
      membersCount: 1,
      membership: { status: 'active', notify: 'all_new' },
    });
    expect(joined.json().data.permissions.can).toEqual(
      expect.arrayContaining(['leave', 'bell', 'create_post']),
    );
    expect(joined.json().data.permissions.can).not.toContain('join');
    // Joining twice is refused: the ability is gone.
    expect((await call('POST', `/api/spaces/${open.id}/join`, tenant.member)).statusCode).toBe(403);

    const requested = await call('POST', `/api/spaces/${closed.id}/join`, tenant.member);
    expect(requested.json().data).toMatchObject({
      membersCount: 0,
      membership: { status: 'requested', notify: 'all_new' },
    });
    // A request reads nothing yet, but can be withdrawn.
    expect(requested.json().data.permissions.can).toEqual(['leave']);
    expect(await memberIds(closed.id, tenant.owner)).toEqual([]);
    expect(await memberIds(closed.id, tenant.owner, '?status=requested')).toEqual([tenant.member.profileId]);
    // Join requests are for the space's moderators to see.
    await call('POST', `/api/spaces/${open.id}/join`, tenant.other);
    expect(
      (await call('GET', `/api/spaces/${open.id}/profiles?status=requested`, tenant.other)).statusCode,
    ).toBe(403);

    const approved = await call('POST', `/api/spaces/${closed.id}/profiles`, tenant.moderator, {
      profileIds: [tenant.member.profileId, tenant.other.profileId],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.membersCount).toBe(2);
    expect((await spaceAs(tenant, closed.slug, tenant.member)).membership?.status).toBe('active');

    expect((await call('POST', `/api/spaces/${secret.id}/join`, tenant.member)).statusCode).toBe(404);
    // Punished members read but join nothing.
    const punished = await tenant.person('member');
    await tenant.sanction(punished, 'punished');
    expect((await call('POST', `/api/spaces/${open.id}/join`, punished)).statusCode).toBe(403);
  });

  it('leaves, declines, removes and keeps the members count right', async () => {
    const { tenant, open, closed } = await setUp();
    await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    await call('POST', `/api/spaces/${open.id}/join`, tenant.other);
    await call('POST', `/api/spaces/${closed.id}/join`, tenant.member);
    expect((await spaceAs(tenant, open.slug, tenant.owner)).membersCount).toBe(2);

    expect((await call('DELETE', `/api/spaces/${open.id}/leave`, tenant.member)).statusCode).toBe(204);
    expect((await spaceAs(tenant, open.slug, tenant.owner)).membersCount).toBe(1);
    // Withdrawing a request does not move the count.
    expect((await call('DELETE', `/api/spaces/${closed.id}/leave`, tenant.member)).statusCode).toBe(204);
    expect((await spaceAs(tenant, closed.slug, tenant.owner)).membersCount).toBe(0);
    expect(await memberIds(closed.id, tenant.owner, '?status=requested')).toEqual([]);

    // Declining a request and removing a member are the same call.
    await call('POST', `/api/spaces/${closed.id}/join`, tenant.other);
    expect(
      (await call('DELETE', `/api/spaces/${closed.id}/profiles/${tenant.other.profileId}`, tenant.moderator))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('DELETE', `/api/spaces/${open.id}/profiles/${tenant.other.profileId}`, tenant.moderator))
        .statusCode,
    ).toBe(204);
    expect((await spaceAs(tenant, open.slug, tenant.owner)).membersCount).toBe(0);

    // A space moderator removes members, but another moderator only whoever may edit the space.
    const spaceModerator = await tenant.person('member');
    const colleague = await tenant.person('member');
    await call('PATCH', `/api/spaces/${open.id}`, tenant.owner, {
      moderatorProfileIds: [spaceModerator.profileId, colleague.profileId],
    });
    await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    expect(
      (await call('DELETE', `/api/spaces/${open.id}/profiles/${tenant.member.profileId}`, spaceModerator))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('DELETE', `/api/spaces/${open.id}/profiles/${colleague.profileId}`, spaceModerator))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/spaces/${open.id}/profiles/${colleague.profileId}`, tenant.owner))
        .statusCode,
    ).toBe(204);
    expect((await spaceAs(tenant, open.slug, tenant.owner)).membersCount).toBe(1);
  });

  it('keeps the count right when many join at once', async () => {
    const { tenant, open } = await setUp();
    const people = await Promise.all(Array.from({ length: 8 }, () => tenant.person('member')));
    const answers = await Promise.all(
      people.flatMap((person) => [
        call('POST', `/api/spaces/${open.id}/join`, person),
        call('POST', `/api/spaces/${open.id}/join`, person),
      ]),
    );
    expect(answers.every((answer) => [200, 403].includes(answer.statusCode))).toBe(true);
    expect((await spaceAs(tenant, open.slug, tenant.owner)).membersCount).toBe(8);
    expect((await call('GET', `/api/spaces/${open.id}/profiles`, tenant.owner)).json().meta.total).toBe(8);
  });

  it('lists members page by page, moderators first, searchable by name', async () => {
    const { tenant, open } = await setUp();
    const people = [];
    for (let index = 0; index < 21; index += 1) {
      const person = await tenant.person('member');
      people.push(person);
      await call('POST', `/api/spaces/${open.id}/join`, person);
    }
    await call('PATCH', `/api/spaces/${open.id}`, tenant.owner, {
      moderatorProfileIds: [people[20]!.profileId],
    });
    const first = await call('GET', `/api/spaces/${open.id}/profiles`, tenant.member);
    expect(first.json().meta).toEqual({ page: 1, pages: 2, total: 21 });
    expect(first.json().data).toHaveLength(20);
    expect(first.json().data[0]).toMatchObject({
      id: people[20]!.profileId,
      role: 'moderator',
      status: 'active',
      firstName: 'Ben',
      lastName: 'Test',
      avatarUrl: null,
      joinedAt: expect.any(String),
    });
    expect(first.json().data[1]).toMatchObject({ id: people[0]!.profileId, role: 'member' });
    const second = await call('GET', `/api/spaces/${open.id}/profiles?page=2`, tenant.member);
    expect(second.json().data.map((row: { id: string }) => row.id)).toEqual([people[19]!.profileId]);
    expect(
      (await call('GET', `/api/spaces/${open.id}/profiles?search=ben%20te`, tenant.member)).json().meta.total,
    ).toBe(21);
    expect(
      (await call('GET', `/api/spaces/${open.id}/profiles?search=nobody`, tenant.member)).json().meta.total,
    ).toBe(0);
  });

  it('chooses the space notifications as a member', async () => {
    const { tenant, open } = await setUp();
    await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    const chosen = await call('PATCH', `/api/spaces/${open.id}/notifications`, tenant.member, {
      notify: 'all_pinned',
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.membership).toEqual({ status: 'active', notify: 'all_pinned' });
    expect((await spaceAs(tenant, open.slug, tenant.member)).membership?.notify).toBe('all_pinned');
    expect((await spaceAs(tenant, open.slug, tenant.other)).membership).toBeNull();
  });

  it('lists, leaves and removes members across the spaces of a group', async () => {
    const { tenant, group, open, closed, secret } = await setUp();
    await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    await call('POST', `/api/spaces/${closed.id}/profiles`, tenant.owner, {
      profileIds: [tenant.member.profileId],
    });
    await call('POST', `/api/spaces/${secret.id}/profiles`, tenant.owner, {
      profileIds: [tenant.member.profileId, tenant.other.profileId],
    });
    await call('PATCH', `/api/groups/${group.id}`, tenant.owner, {
      moderatorProfileIds: [tenant.other.profileId],
    });
    const groupMembers = async (who: Who) =>
      (await call('GET', `/api/groups/${group.id}/profiles`, who))
        .json<{ data: { id: string; role: string }[] }>()
        .data.map((row) => [row.id, row.role]);
    // The owner reads every space: the group's moderator first, each person once.
    expect(await groupMembers(tenant.owner)).toEqual([
      [tenant.other.profileId, 'moderator'],
      [tenant.member.profileId, 'member'],
    ]);
    // A plain member of another space reads only the open space's members: the secret membership stays hidden.
    const outsider = await tenant.person('member');
    expect(await groupMembers(outsider)).toEqual([[tenant.member.profileId, 'member']]);

    expect((await call('DELETE', `/api/groups/${group.id}/leave`, tenant.member)).statusCode).toBe(204);
    for (const space of [open, closed, secret]) {
      expect((await spaceAs(tenant, space.slug, tenant.owner)).membersCount).toBe(space === secret ? 1 : 0);
    }
    expect(await groupMembers(tenant.owner)).toEqual([[tenant.other.profileId, 'moderator']]);
    // The group's moderator removes a member from all its spaces.
    await call('POST', `/api/spaces/${open.id}/join`, tenant.member);
    await call('POST', `/api/spaces/${closed.id}/join`, tenant.member);
    expect(
      (await call('DELETE', `/api/groups/${group.id}/profiles/${tenant.member.profileId}`, tenant.other))
        .statusCode,
    ).toBe(204);
    expect(await memberIds(closed.id, tenant.owner, '?status=requested')).toEqual([]);
    expect(
      (await call('DELETE', `/api/groups/${group.id}/profiles/${tenant.member.profileId}`, tenant.other))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/groups/${group.id}/profiles/${tenant.other.profileId}`, tenant.member))
        .statusCode,
    ).toBe(403);
  });
});
