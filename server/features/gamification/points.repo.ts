import { sql } from 'drizzle-orm';
import type { LedgerKind, PointAction } from '../../../contracts/gamification.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

/*
 * The member's own points: their stored sums, their ranks in the boards' last snapshot, their ledger entries
 * (a purchase and its refund named by the order of their source key, `order:<id>`).
 */

export type Sums = { balance: number; total: number };

export async function findSums(db: DbOrTx, appId: string, profileId: string): Promise<Sums> {
  const [row] = await rows<Sums>(
    db,
    sql`select balance, total from gamification_balances where app_id = ${appId} and profile_id = ${profileId}`,
  );
  return row ?? { balance: 0, total: 0 };
}

export async function findRanks(
  db: DbOrTx,
  appId: string,
  profileId: string,
): Promise<{ period: 'weekly' | 'monthly' | 'all'; rank: number }[]> {
  return rows(
    db,
    sql`select period, rank from gamification_ranks where app_id = ${appId} and profile_id = ${profileId}`,
  );
}

export type HistoryRow = {
  id: string;
  kind: LedgerKind;
  action: PointAction;
  points: number;
  reason: string | null;
  created_at: Date | string;
  reward_id: string | null;
  reward_name: string | null;
  window_after_purchase: string | null;
};

/** earned: entries that added points; spent: entries that took some. */
export type HistoryKind = 'earned' | 'spent';

const orderKey = /* the order a purchase's (or its refund's) source key names */ sql`(case
  when coalesce(r.source_key, l.source_key) ~ '^order:[0-9a-f-]{36}$'
  then substr(coalesce(r.source_key, l.source_key), 7)::uuid end)`;

export async function listHistory(
  db: DbOrTx,
  appId: string,
  profileId: string,
  page: { kind: HistoryKind | undefined; limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const kind =
    page.kind === 'earned' ? sql`and l.points > 0` : page.kind === 'spent' ? sql`and l.points < 0` : sql``;
  const [found, [counted]] = await Promise.all([
    rows<HistoryRow>(
      db,
      sql`select l.id, l.kind, l.action, l.points, l.reason, l.created_at,
          i.id as reward_id, i.name as reward_name, i.window_after_purchase
        from gamification_ledger l
        left join gamification_ledger r on r.id = l.reverses_id
        left join reward_orders o on o.id = ${orderKey} and o.app_id = l.app_id
        left join reward_items i on i.id = o.item_id
        where l.app_id = ${appId} and l.profile_id = ${profileId} ${kind}
        order by l.created_at desc, l.id desc
        limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ total: number }>(
      db,
      sql`select count(*)::int as total from gamification_ledger l
        where l.app_id = ${appId} and l.profile_id = ${profileId} ${kind}`,
    ),
  ]);
  return { rows: found, total: counted?.total ?? 0 };
}

/** Whether the profile is a live (not deleted) profile of the app. */
export async function isLiveProfileOfApp(db: DbOrTx, appId: string, profileId: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from profiles where id = ${profileId} and app_id = ${appId}
        and deleted_at is null) as found`,
  );
  return row?.found ?? false;
}

export type TopUpRow = {
  id: string;
  points: number;
  reason: string | null;
  created_at: Date | string;
  profile_id: string;
  member_first_name: string;
  member_last_name: string;
  actor_profile_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
};

/** The app's top-ups and deductions, newest first (one of them when `id` is given). */
export async function listTopUps(
  db: DbOrTx,
  appId: string,
  page: { limit: number; offset: number; id?: string },
): Promise<{ rows: TopUpRow[]; total: number }> {
  const one = page.id ? sql`and l.id = ${page.id}` : sql``;
  const [found, [counted]] = await Promise.all([
    rows<TopUpRow>(
      db,
      sql`select l.id, l.points, l.reason, l.created_at, l.profile_id,
          ma.first_name as member_first_name, ma.last_name as member_last_name, l.actor_profile_id,
          aa.first_name as actor_first_name, aa.last_name as actor_last_name
        from gamification_ledger l
        join profiles mp on mp.id = l.profile_id
        join accounts ma on ma.id = mp.account_id
        left join profiles ap on ap.id = l.actor_profile_id
        left join accounts aa on aa.id = ap.account_id
        where l.app_id = ${appId} and l.kind = 'top_up' ${one}
        order by l.created_at desc, l.id desc
        limit ${page.limit} offset ${page.offset}`,
    ),
    page.id
      ? Promise.resolve([{ total: 1 }])
      : rows<{ total: number }>(
          db,
          sql`select count(*)::int as total from gamification_ledger l
            where l.app_id = ${appId} and l.kind = 'top_up'`,
        ),
  ]);
  return { rows: found, total: counted?.total ?? 0 };
}
