import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gamificationPeriodPoints, gamificationStatuses, profileTags, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityCaller, type Person } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { rewriteRanks } from './gamification-jobs.ts';
import { boardStampTtlMs } from './leaderboard.ts';
import { rewardsApp, type RewardsApp } from './shop.testing.ts';

const server = useTestServer();
const call = communityCaller(server);

type Row = { rank: number; points: number; profileId: string; name: string; level: { name: string } | null };

describe(`leaderboards (${testDriver})`, () => {
  let tenant: RewardsApp;
  let people: Person[];
  let excluded: Person;
  const boardUrl = (period = 'all') => `/api/apps/${tenant.app.id}/gamification/leaderboard?period=${period}`;
  const board = async (who: Person, period = 'all') => {
    const answer = await call('GET', boardUrl(period), who);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { rows: Row[]; me: Row | null; computedAt: string | null; period: string };
  };

  beforeAll(async () => {
    tenant = await rewardsApp(server());
    people = [tenant.member, tenant.other, tenant.moderator, await tenant.person('member')];
    excluded = await tenant.person('member');
    // Points: member 30, other 50, moderator 30 (later than member: a tie goes to the member), the fourth 5.
    await tenant.give(tenant.member.profileId, 30);
    await tenant.give(tenant.other.profileId, 50);
    await tenant.give(tenant.moderator.profileId, 30);
    await tenant.give(people[3]!.profileId, 5);
    await tenant.give(excluded.profileId, 500);
    const [tag] = await tenant.db
      .insert(tags)
      .values({ id: newId(), projectId: tenant.project.id, appId: tenant.app.id, name: 'Team' })
      .returning();
    await tenant.db.insert(profileTags).values({
      projectId: tenant.project.id,
      appId: tenant.app.id,
      profileId: excluded.profileId,
      tagId: tag!.id,
    });
    await tenant.settings({ excludedTagIds: [tag!.id], leaderboardMembersCount: 2 });
    await tenant.db
      .insert(gamificationStatuses)
      .values({ id: newId(), appId: tenant.app.id, name: 'Bronze', points: 20 });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** The time after which every reader sees a new snapshot (the stamp is trusted for a few seconds). */
  const later = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + boardStampTtlMs + 1 });

  it('ranks members with points, leaves the excluded out, and shows the caller beyond the top', async () => {
    // Before the first snapshot the boards are empty.
    expect(await board(tenant.member)).toMatchObject({ rows: [], me: null, computedAt: null });
    await rewriteRanks(tenant.db, tenant.app.id);
    // Within a few seconds the old stamp may still be answered; after them, the new snapshot.
    expect((await board(tenant.member)).computedAt).toBeNull();
    later();
    const all = await board(people[3]!);
    expect(all.rows.map((row) => [row.rank, row.profileId, row.points])).toEqual([
      [1, tenant.other.profileId, 50],
      [2, tenant.member.profileId, 30],
    ]);
    expect(all.rows[0]).toMatchObject({ name: expect.any(String), level: { name: 'Bronze' } });
    expect(all.me).toMatchObject({ rank: 4, points: 5, level: null });
    expect(all.computedAt).not.toBeNull();
    expect((await board(excluded)).me).toBeNull();
    expect((await board(tenant.moderator)).me).toMatchObject({ rank: 3, points: 30 });

    // The week's board counts this week's points only.
    await tenant.db
      .update(gamificationPeriodPoints)
      .set({ startsOn: sql`${gamificationPeriodPoints.startsOn} - 7` })
      .where(eq(gamificationPeriodPoints.profileId, tenant.other.profileId));
    await rewriteRanks(tenant.db, tenant.app.id);
    later();
    const weekly = await board(tenant.member, 'weekly');
    expect(weekly.rows.map((row) => row.profileId)).toEqual([
      tenant.member.profileId,
      tenant.moderator.profileId,
    ]);
    expect(weekly.period).toBe('weekly');
  });

  it('refuses anonymous callers, other projects, bad input, and a hidden board', async () => {
    expect((await call('GET', boardUrl())).statusCode).toBe(401);
    expect((await call('GET', boardUrl(), tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', boardUrl('yearly'), tenant.member)).statusCode).toBe(400);
    const blocked = await tenant.person('member');
    await tenant.sanction(blocked, 'blocked');
    expect((await call('GET', boardUrl(), blocked)).statusCode).toBe(404);
    await tenant.settings({ isLeaderboardShown: false });
    expect((await call('GET', boardUrl(), tenant.member)).statusCode).toBe(404);
    expect((await call('GET', boardUrl(), tenant.owner)).statusCode).toBe(404);
    await tenant.settings({ isLeaderboardShown: true });
    expect((await call('GET', boardUrl(), tenant.member)).statusCode).toBe(200);
  });
});
