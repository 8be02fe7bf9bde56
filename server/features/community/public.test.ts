import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, communityGroupModerators, communitySpaceMembers } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import {
  communityApp,
  communityCaller,
  createGroup,
  createSpace,
  type CommunityApp,
  type Person,
} from '../../test/community-spaces.ts';
import { uniqueEmail } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';

/*
 * What the members feature does with groups and spaces through community/public.ts: the member filters, the
 * moderator groups and spaces of the admin form and the invitation, and a member's spaces.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const call = communityCaller(() => server);

async function setUp() {
  const tenant = await communityApp(server);
  const group = await createGroup(server, tenant, { name: 'Gruppe' });
  const open = await createSpace(server, tenant, group.id, { name: 'Offen' });
  const secret = await createSpace(server, tenant, group.id, { name: 'Geheim', access: 'secret' });
  const elsewhere = await createGroup(server, tenant, { name: 'Andere' });
  const other = await createSpace(server, tenant, elsewhere.id, { name: 'Anderer Raum' });
  return { tenant, group, open, secret, elsewhere, other };
}

const add = (tenant: CommunityApp, spaceId: string, ...people: Person[]) =>
  call('POST', `/api/spaces/${spaceId}/profiles`, tenant.owner, {
    profileIds: people.map((person) => person.profileId),
  });

/** What `who` reads of `target`'s `moderates` on the member page and in the members list. */
const moderatesSeen =
  (tenant: CommunityApp, target: Person) =>
  async (who: { auth: string }): Promise<{ page: unknown; list: unknown }> => {
    const page = await call('GET', `/api/profiles/${target.profileId}`, who);
    expect(page.statusCode).toBe(200);
    const list = await call('GET', `/api/apps/${tenant.app.id}/profiles`, who);
    expect(list.statusCode).toBe(200);
    const row = list
      .json<{ data: { id: string; moderates: unknown }[] }>()
      .data.find((member) => member.id === target.profileId);
    expect(row).toBeDefined();
    return { page: page.json<{ data: { moderates: unknown } }>().data.moderates, list: row?.moderates };
  };

describe(`members and the community (${testDriver})`, () => {
  it('filters members by the groups and spaces they belong to, and refuses ids the app lacks', async () => {
    const { tenant, group, open, secret, elsewhere, other } = await setUp();
    await add(tenant, open.id, tenant.member);
    await add(tenant, secret.id, tenant.other);
    await add(tenant, other.id, tenant.moderator, tenant.member);
    // A join request is no membership.
    const requester = await tenant.person('member');
    const closed = await createSpace(server, tenant, elsewhere.id, { access: 'private' });
    await call('POST', `/api/spaces/${closed.id}/join`, requester);

    const base = `/api/apps/${tenant.app.id}/profiles`;
    const idsOf = async (query: string) => {
      const response = await call('GET', `${base}?${query}`, tenant.owner);
      expect(response.statusCode, query).toBe(200);
      return response
        .json<{ data: { id: string }[] }>()
        .data.map((member) => member.id)
        .sort();
    };
    const sorted = (...people: Person[]) => people.map((person) => person.profileId).sort();
    expect(await idsOf(`communityGroupIds=${group.id}`)).toEqual(sorted(tenant.member, tenant.other));
    expect(await idsOf(`spaceIds=${other.id}`)).toEqual(sorted(tenant.member, tenant.moderator));
    expect(await idsOf(`spaceIds=${open.id},${secret.id}`)).toEqual(sorted(tenant.member, tenant.other));
    expect(await idsOf(`communityGroupIds=${group.id}&spaceIds=${other.id}`)).toEqual(sorted(tenant.member));
    expect(await idsOf(`communityGroupIds=${elsewhere.id}`)).toEqual(sorted(tenant.member, tenant.moderator));

    const foreign = await setUp();
    for (const [key, id] of [
      ['communityGroupIds', foreign.group.id],
      ['spaceIds', foreign.open.id],
      ['spaceIds', newId()],
    ] as const) {
      const refused = await call('GET', `${base}?${key}=${id}`, tenant.owner);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json(), key).toMatchObject({ errors: { [key]: 'validation.invalidValue' } });
    }
    // Plain members may not filter by groups or spaces at all.
    expect((await call('GET', `${base}?spaceIds=${open.id}`, tenant.member)).statusCode).toBe(403);
  });

  it('makes a member moderator of groups and spaces from the admin form', async () => {
    const { tenant, group, open, secret, other } = await setUp();
    const { db } = tenant;
    const url = `/api/profiles/${tenant.member.profileId}`;
    const saved = await call('PATCH', url, tenant.owner, {
      moderatorGroupIds: [group.id],
      moderatorSpaceIds: [secret.id, other.id],
    });
    expect(saved.statusCode).toBe(200);
    const moderated = await db
      .select({ groupId: communityGroupModerators.groupId })
      .from(communityGroupModerators)
      .where(eq(communityGroupModerators.profileId, tenant.member.profileId));
    expect(moderated).toEqual([{ groupId: group.id }]);
    const spaceRoles = async () =>
      (
        await db
          .select({ spaceId: communitySpaceMembers.spaceId, role: communitySpaceMembers.role })
          .from(communitySpaceMembers)
          .where(eq(communitySpaceMembers.profileId, tenant.member.profileId))
      ).sort((a, b) => a.spaceId.localeCompare(b.spaceId));
    expect(await spaceRoles()).toEqual(
      [
        { spaceId: secret.id, role: 'moderator' },
        { spaceId: other.id, role: 'moderator' },
      ].sort((a, b) => a.spaceId.localeCompare(b.spaceId)),
    );
    // The member's answers say what they moderate, to admins and moderators only.
    const admin = await tenant.person('admin');
    const moderates = moderatesSeen(tenant, tenant.member);
    const firstSaved = { groupIds: [group.id], spaceIds: [secret.id, other.id].sort() };
    expect(saved.json().data.moderates).toEqual(firstSaved);
    for (const who of [tenant.owner, admin, tenant.moderator]) {
      expect(await moderates(who)).toEqual({ page: firstSaved, list: firstSaved });
    }
    expect(await moderates(tenant.member)).toEqual({ page: null, list: null });
    expect(await moderates(tenant.other)).toEqual({ page: null, list: null });
    // Those who moderate nothing answer empty lists, not null.
    expect(await moderatesSeen(tenant, tenant.other)(tenant.owner)).toEqual({
      page: { groupIds: [], spaceIds: [] },
      list: { groupIds: [], spaceIds: [] },
    });

    // The space shows them as its moderator and now lists for them.
    const spaces = await call('GET', `/api/apps/${tenant.app.id}/community/spaces`, tenant.member);
    const secretSeen = spaces.json().data.find((space: { id: string }) => space.id === secret.id);
    expect(secretSeen.moderatorProfiles.map((profile: { id: string }) => profile.id)).toEqual([
      tenant.member.profileId,
    ]);
    expect(secretSeen.membersCount).toBe(1);

    // Saving again replaces: no longer moderating a space keeps the membership.
    const resaved = await call('PATCH', url, tenant.owner, {
      moderatorGroupIds: [],
      moderatorSpaceIds: [open.id],
    });
    expect(resaved.statusCode).toBe(200);
    const nowModerates = { groupIds: [], spaceIds: [open.id] };
    expect(resaved.json().data.moderates).toEqual(nowModerates);
    expect(await moderates(admin)).toEqual({ page: nowModerates, list: nowModerates });
    expect(
      await db
        .select()
        .from(communityGroupModerators)
        .where(eq(communityGroupModerators.profileId, tenant.member.profileId)),
    ).toEqual([]);
    expect(await spaceRoles()).toEqual(
      [
        { spaceId: open.id, role: 'moderator' },
        { spaceId: secret.id, role: 'member' },
        { spaceId: other.id, role: 'member' },
      ].sort((a, b) => a.spaceId.localeCompare(b.spaceId)),
    );
    // Ids of another app are refused; moderators may not change the admin form at all.
    const foreign = await setUp();
    const refused = await call('PATCH', url, tenant.owner, { moderatorSpaceIds: [foreign.open.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { moderatorSpaceIds: 'validation.invalidValue' },
    });
    expect((await call('PATCH', url, tenant.moderator, { moderatorGroupIds: [group.id] })).statusCode).toBe(
      403,
    );
  });

  it('gives an invited moderator their groups and spaces, effective once they take part', async () => {
    const { tenant, group, secret } = await setUp();
    const email = uniqueEmail('moderatorin');
    const invited = await call('POST', `/api/apps/${tenant.app.id}/invite`, tenant.owner, {
      email,
      moderatorGroupIds: [group.id],
      moderatorSpaceIds: [secret.id],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const profileId = invited.json().data.id as string;
    const { db } = tenant;
    const [membership] = await db
      .select({ role: communitySpaceMembers.role, status: communitySpaceMembers.status })
      .from(communitySpaceMembers)
      .where(
        and(eq(communitySpaceMembers.spaceId, secret.id), eq(communitySpaceMembers.profileId, profileId)),
      );
    expect(membership).toEqual({ role: 'moderator', status: 'active' });
    expect(
      await db
        .select({ groupId: communityGroupModerators.groupId })
        .from(communityGroupModerators)
        .where(eq(communityGroupModerators.profileId, profileId)),
    ).toEqual([{ groupId: group.id }]);
    // Still only invited: the secret space stays hidden from them.
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
    const auth = (await server.tokenFor(account!.id)).authorization.replace('Bearer ', '');
    const seen = await call('GET', `/api/apps/${tenant.app.id}/community/spaces`, { auth });
    expect(seen.json().data).toEqual([]);
    const unknown = await call('POST', `/api/apps/${tenant.app.id}/invite`, tenant.owner, {
      email: uniqueEmail(),
      moderatorGroupIds: [newId()],
    });
    expect(unknown.json()).toMatchObject({ errors: { moderatorGroupIds: 'validation.invalidValue' } });
  });

  it('lists the spaces of a member that the caller sees', async () => {
    const { tenant, open, secret, other } = await setUp();
    await add(tenant, open.id, tenant.member);
    await add(tenant, secret.id, tenant.member);
    await add(tenant, other.id, tenant.member, tenant.other);
    const url = `/api/profiles/${tenant.member.profileId}/spaces`;
    const namesFor = async (who: Person | CommunityApp['owner']) => {
      const response = await call('GET', url, who);
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { name: string }[] }>().data.map((space) => space.name);
    };
    expect(await namesFor(tenant.owner)).toEqual(['Anderer Raum', 'Geheim', 'Offen']);
    expect(await namesFor(tenant.member)).toEqual(['Anderer Raum', 'Geheim', 'Offen']);
    // Another member does not see the secret space the member is in.
    expect(await namesFor(tenant.other)).toEqual(['Anderer Raum', 'Offen']);
    const first = (await call('GET', url, tenant.other)).json();
    expect(first.meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect(first.data[0]).toMatchObject({
      name: 'Anderer Raum',
      access: 'open',
      role: 'member',
      membersCount: 2,
    });
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `${url}?page=0`, tenant.owner)).statusCode).toBe(400);
  });
});
