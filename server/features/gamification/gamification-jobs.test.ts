import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { gamificationBoardStamps, gamificationStatuses, notifications } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { communityCaller } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { createNotifier } from '../notifications/public.ts';
import { runGamificationSweep, type GamificationJobDeps } from './gamification-jobs.ts';
import { rewardsApp, type RewardsApp } from './shop.testing.ts';

const server = useTestServer();
const call = communityCaller(server);
const logger = pino({ level: 'silent' });

function depsOf(): GamificationJobDeps {
  const { runtime } = server();
  return {
    db: runtime.database.db,
    notifier: createNotifier({ realtime: runtime.realtime, jobs: runtime.jobs, logger }),
    logger,
  };
}

describe(`gamification sweep (${testDriver})`, () => {
  let tenant: RewardsApp;
  beforeAll(async () => {
    tenant = await rewardsApp(server());
    await tenant.settings({ rewardMessage: 'Glückwunsch zu {level}!' });
    await tenant.db.insert(gamificationStatuses).values([
      { id: newId(), appId: tenant.app.id, name: 'Bronze', points: 10 },
      { id: newId(), appId: tenant.app.id, name: 'Silber', points: 50 },
      { id: newId(), appId: tenant.app.id, name: 'Versteckt', points: 30, isActive: false },
    ]);
  });

  const stampOf = async () =>
    (
      await tenant.db
        .select()
        .from(gamificationBoardStamps)
        .where(eq(gamificationBoardStamps.appId, tenant.app.id))
    )[0]?.computedAt ?? null;

  it('ranks an app whose ledger moved, and leaves it alone until it moves again', async () => {
    const deps = depsOf();
    await tenant.give(tenant.member.profileId, 5);
    expect((await runGamificationSweep(deps)).boards).toBeGreaterThanOrEqual(1);
    const first = await stampOf();
    expect(first).not.toBeNull();
    // Entries older than the stamp's margin: nothing new, the snapshot stays.
    await tenant.db.execute(sql`update gamification_ledger set created_at = created_at - interval '2 minutes'
      where app_id = ${tenant.app.id}`);
    await tenant.db.execute(sql`update gamification_board_stamps set computed_at = now()
      where app_id = ${tenant.app.id}`);
    const kept = await stampOf();
    await runGamificationSweep(deps);
    expect(await stampOf()).toEqual(kept);
    await tenant.give(tenant.other.profileId, 7);
    await runGamificationSweep(deps);
    expect((await stampOf())!.getTime()).toBeGreaterThan(kept!.getTime());
    const board = await call('GET', `/api/apps/${tenant.app.id}/gamification/leaderboard`, tenant.member);
    expect(board.json().data.rows.map((row: { points: number }) => row.points)).toEqual([7, 5]);
  });

  it('tells a member once of the highest level reached, also when sweeps overlap', async () => {
    const deps = depsOf();
    const climber = await tenant.person('member');
    await tenant.give(climber.profileId, 60);
    const told = () =>
      tenant.db
        .select({ type: notifications.type, data: notifications.data })
        .from(notifications)
        .where(eq(notifications.profileId, climber.profileId));
    const [first, second] = await Promise.all([runGamificationSweep(deps), runGamificationSweep(deps)]);
    expect(first.levelsTold + second.levelsTold).toBeGreaterThanOrEqual(1);
    expect(await told()).toEqual([
      {
        type: 'level_reached',
        data: { title: 'Silber', level: '2', excerpt: 'Glückwunsch zu Silber!' },
      },
    ]);
    await runGamificationSweep(deps);
    expect(await told()).toHaveLength(1);
    // The list shows it to the member.
    const list = await call('GET', `/api/apps/${tenant.app.id}/notifications`, climber);
    expect(list.json().data.map((item: { type: string }) => item.type)).toEqual(['level_reached']);
  });
});
