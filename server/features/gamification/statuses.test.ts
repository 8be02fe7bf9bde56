import { beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../contracts/gamification-levels.ts';
import { newId } from '../../platform/ids.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { gamificationApp, type GamificationApp } from './points.testing.ts';

const server = useTestServer();

describe(`gamification levels (${testDriver})`, () => {
  let tenant: GamificationApp;
  let url: string;
  const levelsOf = async (who = tenant.owner) => {
    const listed = await tenant.call('GET', url, who);
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json<{ data: Status[] }>().data.map((status) => [status.name, status.level]);
  };
  beforeAll(async () => {
    tenant = await gamificationApp(server());
    url = `/api/apps/${tenant.app.id}/gamification/statuses`;
  });

  it('numbers the active levels by threshold and shows members only those', async () => {
    const { call, owner } = tenant;
    const picture = await tenant.picture();
    const gold = await call('POST', url, owner, { name: 'Gold', points: 500, iconImageId: picture });
    expect(gold.statusCode, gold.body).toBe(201);
    expect(gold.json().data).toMatchObject({ name: 'Gold', level: 1, iconImageId: picture, isActive: true });
    expect(gold.json().data.iconImageUrl).toEqual(expect.any(String));
    const bulk = await call('POST', `${url}/bulk`, owner, {
      statuses: [
        { name: 'Bronze', points: 0, icon: 'medal' },
        { name: 'Silber', points: 100, isActive: false },
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().data.map((status: Status) => [status.name, status.level])).toEqual([
      ['Bronze', 1],
      ['Silber', null],
    ]);
    expect(await levelsOf()).toEqual([
      ['Bronze', 1],
      ['Silber', null],
      ['Gold', 2],
    ]);
    expect(await levelsOf(tenant.member)).toEqual([
      ['Bronze', 1],
      ['Gold', 2],
    ]);

    // Bulk: switch Silber on and rename Gold; numbering follows.
    const [bronze, silber] = bulk.json().data as Status[];
    const patched = await call('PATCH', url, owner, {
      statusIds: [silber!.id, gold.json().data.id],
      isActive: true,
      statuses: [{ id: gold.json().data.id, name: 'Gold+', points: 600 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.map((status: Status) => [status.name, status.level])).toEqual([
      ['Silber', 2],
      ['Gold+', 3],
    ]);
    const one = await call('PATCH', `/api/statuses/${bronze!.id}`, owner, { points: 700, icon: null });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ name: 'Bronze', points: 700, icon: null, level: 3 });
    expect((await call('DELETE', `/api/statuses/${bronze!.id}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', url, owner, { statusIds: [silber!.id] })).statusCode).toBe(204);
    expect(await levelsOf()).toEqual([['Gold+', 1]]);
  });

  it('hides the levels from members while the service is off, not from the managers', async () => {
    await tenant.rewards(false);
    try {
      expect((await tenant.call('GET', url, tenant.member)).statusCode).toBe(404);
      expect((await tenant.call('GET', url, tenant.owner)).statusCode).toBe(200);
      const made = await tenant.call('POST', url, tenant.owner, { name: 'Vorbereitet', points: 5 });
      expect(made.statusCode, made.body).toBe(201);
      await tenant.call('DELETE', `/api/statuses/${made.json().data.id}`, tenant.owner);
    } finally {
      await tenant.rewards(true);
    }
  });

  it('refuses the anonymous, another project, members, foreign ids and bad input', async () => {
    const { call, owner, member, stranger } = tenant;
    const made = await call('POST', url, owner, { name: 'Platin', points: 1000 });
    const id = made.json().data.id as string;
    expect((await call('GET', url)).statusCode).toBe(404); // guests: not visible to guests by default
    expect((await call('POST', url, undefined, { name: 'X', points: 1 })).statusCode).toBe(401);
    expect((await call('PATCH', `/api/statuses/${id}`, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/statuses/${id}`, stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/statuses/${id}`, stranger)).statusCode).toBe(404);
    expect((await call('POST', url, member, { name: 'X', points: 1 })).statusCode).toBe(403);
    expect(
      (await call('POST', `${url}/bulk`, member, { statuses: [{ name: 'X', points: 1 }] })).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/statuses/${id}`, member, { name: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', url, member, { statusIds: [id] })).statusCode).toBe(403);
    // Another app's or an unknown level in a bulk change: 404, nothing changed.
    expect((await call('DELETE', url, owner, { statusIds: [id, newId()] })).statusCode).toBe(404);
    expect((await call('PATCH', url, owner, { statusIds: [newId()], isActive: false })).statusCode).toBe(404);
    const stray = await call('PATCH', url, owner, {
      statusIds: [id],
      statuses: [{ id: newId(), name: 'Y' }],
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual({ 'statuses.0.id': 'validation.invalidValue' });
    // The icon must be a live image of the project's library.
    const foreign = await call('POST', url, owner, { name: 'Y', points: 1, iconImageId: newId() });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ iconImageId: 'validation.invalidValue' });
    for (const body of [
      { name: '', points: 1 },
      { name: 'Y', points: -1 },
      { name: 'Y' },
      { name: 'Y', points: 1, x: 1 },
    ]) {
      expect((await call('POST', url, owner, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', `${url}?limit=101`, owner)).statusCode).toBe(400);
    expect(await levelsOf()).toContainEqual(['Platin', expect.any(Number)]);
  });
});
