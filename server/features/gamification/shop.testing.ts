import { sql } from 'drizzle-orm';
import type { RewardsSettings } from '../../../contracts/gamification.ts';
import { rows } from '../../db/rows.ts';
import { communityApp, type CommunityApp } from '../../test/community-spaces.ts';
import type { TestServer } from '../../test/test-server.ts';
import { appendEntry, lockSums } from './ledger.ts';

/*
 * The shop's and the boards' tests' tenant (shop.test.ts, leaderboard.test.ts, gamification-jobs.test.ts): a
 * community app with the rewards service on, points given as top-ups, and the stored sums beside the ledger's.
 */

export async function rewardsApp(server: TestServer) {
  const tenant = await communityApp(server);
  const { db, app } = tenant;
  await db.execute(sql`update apps
    set options = jsonb_set(options, '{services}', coalesce(options -> 'services', '{}'::jsonb) || '{"rewards": true}')
    where id = ${app.id}`);
  let given = 0;
  return {
    ...tenant,
    /** Tops the member up (counts for levels and the boards). */
    give: (profileId: string, points: number) =>
      db.transaction(async (tx) => {
        await lockSums(tx, app.id, profileId);
        await appendEntry(tx, {
          appId: app.id,
          profileId,
          kind: 'top_up',
          action: 'admin_top_up',
          points,
          sourceKey: `test-top-up:${++given}`,
          reason: 'Test',
        });
      }),
    settings: (settings: Partial<RewardsSettings>) =>
      db.execute(sql`update apps set service_settings = service_settings
          || jsonb_build_object('rewards', coalesce(service_settings -> 'rewards', '{}') || ${JSON.stringify(settings)}::jsonb)
        where id = ${app.id}`),
    /** Every member's stored sums beside the ledger's. */
    sums: () =>
      rows<{ profile_id: string; balance: number; total: number; ledger: number; earned: number }>(
        db,
        sql`select b.profile_id, b.balance, b.total,
            (select coalesce(sum(points), 0)::int from gamification_ledger l
              where l.app_id = b.app_id and l.profile_id = b.profile_id) as ledger,
            (select coalesce(sum(points), 0)::int from gamification_ledger l
              where l.app_id = b.app_id and l.profile_id = b.profile_id
                and l.kind in ('earn', 'reversal', 'top_up')) as earned
          from gamification_balances b where b.app_id = ${app.id}`,
      ),
  };
}

export type RewardsApp = Awaited<ReturnType<typeof rewardsApp>> & CommunityApp;
