import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appendEntry, lockSums } from '../features/gamification/ledger.ts';
import { newId } from '../platform/ids.ts';

/*
 * What the earning and level-gate tests (issue 21) share: switching the app's rewards service and giving a
 * member points as an admin's top-up would.
 */

export async function setRewards(db: Db, appId: string, on = true): Promise<void> {
  await db.execute(sql`update apps set options = jsonb_set(coalesce(options, '{}'::jsonb), '{services}',
      coalesce(options -> 'services', '{}'::jsonb) || ${JSON.stringify({ rewards: on })}::jsonb)
    where id = ${appId}`);
}

/** A top-up of `points` for the member (what counts for levels and can be spent). */
export async function givePoints(db: Db, appId: string, profileId: string, points: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSums(tx, appId, profileId);
    await appendEntry(tx, {
      appId,
      profileId,
      kind: 'top_up',
      action: 'admin_top_up',
      points,
      sourceKey: `top-up:${newId()}`,
      reason: 'Test',
    });
  });
}
