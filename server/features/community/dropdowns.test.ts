import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
type Who = Person | CommunityApp['owner'] | undefined;
type Page = { data: { id: string; name: string }[]; meta: { page: number; pages: number; total: number } };

describe(`groups and spaces dropdowns (${testDriver})`, () => {
  it('pages 15 items, picks named ids and searches names', async () => {
    const tenant = await communityApp(server);
    const group = await createGroup(server, tenant, { name: 'Gruppe' });
    const spaces = [];
    for (let index = 1; index <= 17; index += 1) {
      spaces.push(
        await createSpace(server, tenant, group.id, { name: `Raum ${String(index).padStart(2, '0')}` }),
      );
    }
    const url = `/api/apps/${tenant.app.id}/community/spaces/dropdown`;
    const get = async (query: string, who: Who = tenant.member) => {
      const response = await call('GET', `${url}${query}`, who);
      expect(response.statusCode, query).toBe(200);
      return response.json<Page>();
    };
    const first = await get('');
    expect(first.meta).toEqual({ page: 1, pages: 2, total: 17 });
    expect(first.data).toHaveLength(15);
    expect(first.data[0]).toEqual({
      id: spaces[0]!.id,
      name: 'Raum 01',
      slug: 'raum-01',
      groupId: group.id,
      access: 'open',
    });
    expect((await get('?page=2')).data.map((item) => item.name)).toEqual(['Raum 16', 'Raum 17']);
    expect((await get('?limit=5&page=4')).data.map((item) => item.name)).toEqual(['Raum 16', 'Raum 17']);
    const named = await get(`?ids=${spaces[16]!.id},${spaces[2]!.id}`);
    expect(named.data.map((item) => item.name)).toEqual(['Raum 03', 'Raum 17']);
    expect((await get(`?ids[]=${spaces[5]!.id}`)).data.map((item) => item.name)).toEqual(['Raum 06']);
    expect((await get('?search=raum%201')).meta.total).toBe(8);
    expect((await call('GET', `${url}?limit=16`, tenant.member)).statusCode).toBe(400);
    expect((await call('GET', `${url}?ids=kaputt`, tenant.member)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/apps/${tenant.app.id}/community/groups/dropdown?page=0`, tenant.member))
        .statusCode,
    ).toBe(400);

    const groups = await call('GET', `/api/apps/${tenant.app.id}/community/groups/dropdown`, tenant.member);
    expect(groups.json()).toEqual({
      data: [{ id: group.id, name: 'Gruppe', slug: group.slug }],
      meta: { page: 1, pages: 1, total: 1 },
    });
  });

  it('offers only what the caller sees: secret spaces and their groups to who reads them', async () => {
    const tenant = await communityApp(server);
    const visible = await createGroup(server, tenant, { name: 'Sichtbar' });
    const hidden = await createGroup(server, tenant, { name: 'Verborgen' });
    await createGroup(server, tenant, { name: 'Leer' });
    await createSpace(server, tenant, visible.id, { name: 'Offen' });
    await createSpace(server, tenant, visible.id, { name: 'Privat', access: 'private' });
    const secret = await createSpace(server, tenant, hidden.id, { name: 'Geheim', access: 'secret' });
    const names = async (kind: 'groups' | 'spaces', who: Who, query = '') => {
      const response = await call(
        'GET',
        `/api/apps/${tenant.app.id}/community/${kind}/dropdown${query}`,
        who,
      );
      return response.statusCode === 200
        ? response.json<Page>().data.map((item) => item.name)
        : response.statusCode;
    };
    expect(await names('groups', tenant.owner)).toEqual(['Sichtbar', 'Verborgen', 'Leer']);
    expect(await names('spaces', tenant.owner)).toEqual(['Offen', 'Privat', 'Geheim']);
    expect(await names('spaces', tenant.moderator)).toEqual(['Offen', 'Privat', 'Geheim']);
    expect(await names('groups', tenant.member)).toEqual(['Sichtbar']);
    expect(await names('spaces', tenant.member)).toEqual(['Offen', 'Privat']);
    // Naming a secret space does not reveal it.
    expect(await names('spaces', tenant.member, `?ids=${secret.id}`)).toEqual([]);
    expect(await names('groups', tenant.member, `?ids=${hidden.id}`)).toEqual([]);
    await call('POST', `/api/spaces/${secret.id}/profiles`, tenant.owner, {
      profileIds: [tenant.member.profileId],
    });
    expect(await names('groups', tenant.member)).toEqual(['Sichtbar', 'Verborgen']);
    expect(await names('spaces', tenant.member)).toEqual(['Offen', 'Privat', 'Geheim']);
    expect(await names('spaces', undefined)).toEqual([]);
    expect(await names('spaces', tenant.stranger)).toEqual([]);
    await tenant.openToGuests();
    expect(await names('spaces', undefined)).toEqual(['Offen']);
    expect(await names('groups', undefined)).toEqual(['Sichtbar']);
    await tenant.sanction(tenant.member, 'blocked');
    expect(await names('spaces', tenant.member)).toBe(403);
  });
});
