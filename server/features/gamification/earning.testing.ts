import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { RuleAction } from '../../../contracts/gamification.ts';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/*
 * What the earning tests (earning.test.ts, earning-elsewhere.test.ts) share: the answer check and the member's
 * points as the ledger holds them.
 */

export async function expectOk(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
}

/** The member's stored sums, checked against the ledger's own sums. */
export async function pointsOf(db: Db, appId: string, profileId: string) {
  const [row] = await rows<{ balance: number; total: number; ledger: number }>(
    db,
    sql`select coalesce(b.balance, 0)::int as balance, coalesce(b.total, 0)::int as total,
        (select coalesce(sum(points), 0)::int from gamification_ledger l
          where l.app_id = ${appId} and l.profile_id = ${profileId}) as ledger
      from (select 1) one
      left join gamification_balances b on b.app_id = ${appId} and b.profile_id = ${profileId}`,
  );
  expect(row!.ledger).toBe(row!.balance);
  return row!.total;
}

export async function earnedCount(db: Db, appId: string, profileId: string, action: RuleAction) {
  const [row] = await rows<{ count: number }>(
    db,
    sql`select count(*)::int as count from gamification_ledger
      where app_id = ${appId} and profile_id = ${profileId} and action = ${action} and kind = 'earn'`,
  );
  return row!.count;
}
