import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntry, PointsSummary } from '../../../contracts/gamification-points.ts';
import { newId } from '../../platform/ids.ts';
import { createGroup } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { awardPoints } from './ledger.ts';
import { localDay } from './points.service.ts';
import { gamificationApp, type GamificationApp } from './points.testing.ts';

const server = useTestServer();

describe(`gamification: own points, history, visit, levels (${testDriver})`, () => {
  let tenant: GamificationApp;
  let base: string;
  const award = (profileId: string, action: 'post_created' | 'course_finished', key: string) =>
    awardPoints(tenant.db, { appId: tenant.app.id, profileId, action, sourceKey: key });
  beforeAll(async () => {
    tenant = await gamificationApp(server());
    base = `/api/apps/${tenant.app.id}/gamification`;
    const made = await tenant.call('POST', `${base}/statuses/bulk`, tenant.owner, {
      statuses: [
        { name: 'Neuling', points: 0 },
        { name: 'Kenner', points: 20, icon: 'star' },
        { name: 'Meister', points: 50 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('answers the summary after awards: balance, total, level, the next and how to earn', async () => {
    const { call, member } = tenant;
    const empty = await call('GET', `${base}/me`, member);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<{ data: PointsSummary }>().data).toMatchObject({
      balance: 0,
      total: 0,
      level: { level: 1, name: 'Neuling' },
      nextLevel: { level: 2, name: 'Kenner', points: 20, missing: 20 },
      ranks: { weekly: null, monthly: null, all: null },
    });
    expect(await award(member.profileId, 'course_finished', 'course:a')).toBe(20);
    expect(await award(member.profileId, 'post_created', 'post:a')).toBe(5);
    const summary = (await call('GET', `${base}/me`, member)).json<{ data: PointsSummary }>().data;
    expect(summary).toMatchObject({
      balance: 25,
      total: 25,
      level: { level: 2, name: 'Kenner', icon: 'star', iconImageUrl: null },
      levelPoints: 20,
      nextLevel: { level: 3, name: 'Meister', points: 50, missing: 25 },
      isShopShown: true,
      isLeaderboardShown: true,
    });
    expect(summary.rules.map((rule) => rule.action)).not.toContain('message_sent_fee');
    expect(summary.rules.map((rule) => rule.action)).toContain('daily_visit');
  });

  it('lists the history newest first, earned or spent', async () => {
    const { call, other } = tenant;
    await award(other.profileId, 'post_created', 'post:h1');
    const topUp = await call('POST', `${base}/top-ups`, tenant.owner, {
      profileId: other.profileId,
      points: -3,
      reason: 'Korrektur',
    });
    expect(topUp.statusCode, topUp.body).toBe(201);
    const all = await call('GET', `${base}/history`, other);
    expect(all.statusCode, all.body).toBe(200);
    const entries = all.json<{ data: LedgerEntry[] }>().data;
    expect(entries.map((entry) => [entry.kind, entry.action, entry.points, entry.reason])).toEqual([
      ['top_up', 'admin_top_up', -3, 'Korrektur'],
      ['earn', 'post_created', 5, null],
    ]);
    expect(all.json().meta).toEqual({ page: 1, pages: 1, total: 2 });
    const earned = await call('GET', `${base}/history?kind=earned`, other);
    expect(earned.json().data.map((entry: LedgerEntry) => entry.points)).toEqual([5]);
    const spent = await call('GET', `${base}/history?kind=spent`, other);
    expect(spent.json().data.map((entry: LedgerEntry) => entry.points)).toEqual([-3]);
    expect((await call('GET', `${base}/history?kind=both`, other)).statusCode).toBe(400);
  });

  it('counts the daily visit once per day in the app time zone', async () => {
    const { call, moderator } = tenant;
    const first = await call('POST', `${base}/visit`, moderator);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ awarded: 1, summary: { balance: 1, total: 1 } });
    const second = await call('POST', `${base}/visit`, moderator);
    expect(second.json().data).toMatchObject({ awarded: 0, summary: { balance: 1 } });
    const [entry] = (await call('GET', `${base}/history`, moderator)).json<{ data: LedgerEntry[] }>().data;
    expect(entry).toMatchObject({ action: 'daily_visit', points: 1 });
    expect(localDay('Pacific/Kiritimati', new Date('2030-01-01T12:00:00Z'))).toBe('2030-01-02');
    expect(localDay('America/Los_Angeles', new Date('2030-01-01T05:00:00Z'))).toBe('2029-12-31');
  });

  it('answers the levels beside names in one call, none while the service is off or hidden', async () => {
    const { call, member, other, owner, app } = tenant;
    const unknown = newId();
    const url = `${base}/levels?profileIds=${member.profileId}&profileIds=${other.profileId}&profileIds=${unknown}`;
    const levels = await call('GET', url, other);
    expect(levels.statusCode, levels.body).toBe(200);
    expect(levels.json().data).toEqual([
      { profileId: member.profileId, level: { level: 2, name: 'Kenner', icon: 'star', iconImageUrl: null } },
      { profileId: other.profileId, level: expect.objectContaining({ level: 1, name: 'Neuling' }) },
      { profileId: unknown, level: null },
    ]);
    // Comma-separated ids answer the same.
    const joined = await call(
      'GET',
      `${base}/levels?profileIds=${member.profileId},${owner.profileId}`,
      member,
    );
    expect(joined.json().data.map((row: { level: { level: number } | null }) => row.level?.level)).toEqual([
      2, 1,
    ]);

    const hidden = await call('PATCH', `/api/apps/${app.id}/gamification/settings`, owner, {
      isLevelShownBesideNames: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(
      (await call('GET', url, other)).json().data.every((row: { level: unknown }) => row.level === null),
    ).toBe(true);
    await call('PATCH', `/api/apps/${app.id}/gamification/settings`, owner, {
      isLevelShownBesideNames: true,
    });
    await tenant.rewards(false);
    try {
      expect((await call('GET', url, other)).json().data[0].level).toBeNull();
    } finally {
      await tenant.rewards(true);
    }
    expect((await call('GET', `${base}/levels`, member)).statusCode).toBe(400);
    expect((await call('GET', `${base}/levels?profileIds=nein`, member)).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => newId()).join(',');
    expect((await call('GET', `${base}/levels?profileIds=${tooMany}`, member)).statusCode).toBe(400);
    // Someone outside the app (a guest of it) sees no levels while the rewards are closed to guests.
    const outside = await call('GET', url, tenant.stranger);
    expect(outside.statusCode, outside.body).toBe(200);
    expect(outside.json().data.every((row: { level: unknown }) => row.level === null)).toBe(true);
  });

  it('answers the rewards settings as gamification/settings and checks the excluded ids', async () => {
    const { call, owner, member, app } = tenant;
    const settingsUrl = `/api/apps/${app.id}/gamification/settings`;
    const read = await call('GET', settingsUrl, owner);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ leaderboardMembersCount: 100, isLevelShownBesideNames: true });
    const group = await createGroup(server(), tenant);
    const saved = await call('PATCH', settingsUrl, owner, {
      leaderboardMembersCount: 10,
      excludedGroupIds: [group.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', `/api/apps/${app.id}/rewards/settings`, owner)).json().data).toMatchObject({
      leaderboardMembersCount: 10,
      excludedGroupIds: [group.id],
    });
    for (const body of [
      { excludedTagIds: [newId()] },
      { excludedGroupIds: [newId()] },
      { leaderboardMembersCount: 0 },
    ]) {
      const refused = await call('PATCH', settingsUrl, owner, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', settingsUrl, member)).statusCode).toBe(403);
    expect((await call('PATCH', settingsUrl, undefined, { title: 'x' })).statusCode).toBe(401);
    expect((await call('GET', settingsUrl, tenant.stranger)).statusCode).toBe(403);
    await call('PATCH', settingsUrl, owner, { excludedGroupIds: [] });
  });

  it('is 404 to members while the service is off, and refuses the anonymous, strangers and the punished', async () => {
    const { call, member } = tenant;
    await tenant.rewards(false);
    try {
      for (const [method, path] of [
        ['GET', 'me'],
        ['GET', 'history'],
        ['POST', 'visit'],
      ] as const) {
        expect((await call(method, `${base}/${path}`, member)).statusCode, path).toBe(404);
      }
    } finally {
      await tenant.rewards(true);
    }
    expect((await call('GET', `${base}/me`)).statusCode).toBe(401);
    expect((await call('POST', `${base}/visit`)).statusCode).toBe(401);
    expect((await call('GET', `${base}/me`, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `${base}/history`, tenant.invited)).statusCode).toBe(404);
    const punished = await tenant.person('member');
    await tenant.sanction(punished, 'punished');
    expect((await call('GET', `${base}/me`, punished)).statusCode).toBe(200);
    expect((await call('POST', `${base}/visit`, punished)).statusCode).toBe(403);
  });
});
