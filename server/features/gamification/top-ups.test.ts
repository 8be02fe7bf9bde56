import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { gamificationApp, type GamificationApp } from './points.testing.ts';
import { applyTopUp } from './top-ups.service.ts';

const server = useTestServer();

type TopUp = { id: string; points: number; reason: string; member: { profileId: string }; actor: unknown };

describe(`gamification top-ups (${testDriver})`, () => {
  let tenant: GamificationApp;
  let url: string;
  const balanceOf = async (who: GamificationApp['member']) =>
    (await tenant.call('GET', `/api/apps/${tenant.app.id}/gamification/me`, who)).json().data
      .balance as number;
  beforeAll(async () => {
    tenant = await gamificationApp(server());
    url = `/api/apps/${tenant.app.id}/gamification/top-ups`;
  });

  it('tops up and deducts with a reason, never below zero, and lists them newest first', async () => {
    const { call, owner, member } = tenant;
    const given = await call('POST', url, owner, {
      profileId: member.profileId,
      points: 30,
      reason: 'Willkommen',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data).toMatchObject({
      points: 30,
      reason: 'Willkommen',
      member: { profileId: member.profileId },
      actor: { profileId: owner.profileId },
    });
    const taken = await call('POST', url, owner, {
      profileId: member.profileId,
      points: -20,
      reason: 'Korrektur',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await balanceOf(member)).toBe(10);
    const tooMuch = await call('POST', url, owner, {
      profileId: member.profileId,
      points: -11,
      reason: 'Zu viel',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'POINTS_TOO_LOW', details: { balance: 10, required: 11 } });
    expect(await balanceOf(member)).toBe(10);
    const summary = (await call('GET', `/api/apps/${tenant.app.id}/gamification/me`, member)).json().data;
    expect(summary).toMatchObject({ balance: 10, total: 10 });

    const listed = await call('GET', url, owner);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: TopUp[] }>().data.map((row) => [row.points, row.reason])).toEqual([
      [-20, 'Korrektur'],
      [30, 'Willkommen'],
    ]);
    expect(listed.json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    expect((await call('GET', `${url}?page=2`, owner)).json().data).toEqual([]);
  });

  it('works while the service is off, for live members of the app only', async () => {
    const { call, owner, other } = tenant;
    await tenant.rewards(false);
    try {
      const given = await call('POST', url, owner, {
        profileId: other.profileId,
        points: 5,
        reason: 'Vorab',
      });
      expect(given.statusCode, given.body).toBe(201);
    } finally {
      await tenant.rewards(true);
    }
    for (const profileId of [newId(), tenant.stranger.profileId]) {
      const refused = await call('POST', url, owner, { profileId, points: 5, reason: 'Fremd' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ profileId: 'validation.invalidValue' });
    }
  });

  it('never takes a balance below zero under concurrent deductions', async () => {
    const { db, app, owner } = tenant;
    const person = await tenant.person('member');
    const input = {
      appId: app.id,
      profileId: person.profileId,
      reason: 'Parallel',
      actorProfileId: owner.profileId,
    };
    await db.transaction((tx) => applyTopUp(tx, { ...input, points: 10 }));
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        db
          .transaction((tx) => applyTopUp(tx, { ...input, points: -3 }))
          .then(
            () => 'taken',
            (error: unknown) => (error as { code?: string }).code,
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'POINTS_TOO_LOW')).toHaveLength(3);
    expect(await balanceOf(person)).toBe(1);
  });

  it('refuses the anonymous, another project, members and bad input', async () => {
    const { call, owner, member, moderator, stranger } = tenant;
    const body = { profileId: member.profileId, points: 5, reason: 'Bonus' };
    expect((await call('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', url, stranger, body)).statusCode).toBe(404);
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('POST', url, member, body)).statusCode).toBe(403);
    expect((await call('POST', url, moderator, body)).statusCode).toBe(403);
    expect((await call('GET', url, member)).statusCode).toBe(403);
    for (const bad of [
      { ...body, points: 0 },
      { ...body, points: 1.5 },
      { ...body, reason: '' },
      { ...body, profileId: 'nein' },
      { ...body, points: 2_000_000 },
      { profileId: member.profileId, points: 5 },
    ]) {
      expect((await call('POST', url, owner, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('GET', `${url}?page=0`, owner)).statusCode).toBe(400);
  });
});
