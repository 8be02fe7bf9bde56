import { sql } from 'drizzle-orm';
import {
  defaultRules,
  earningKinds,
  type LedgerKind,
  type PointAction,
  type RewardsSettings,
  type RuleAction,
} from '../../../contracts/gamification.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { servicesOf } from '../apps/public.ts';

/*
 * The ledger (issue 21): every movement of points is one appended entry, and the member's stored balance, total
 * and week and month sums change in the same transaction (`appendEntry`). Entries are unique per member, action
 * and source, so an action that is told twice (a retried job, a double click) counts once. The member's balance
 * row is locked first, so concurrent entries of one member (a daily cap, a purchase's balance check) are
 * decided one after the other. docs/decisions/gamification.md.
 */

export type LedgerEntryInput = {
  appId: string;
  profileId: string;
  kind: LedgerKind;
  action: PointAction;
  /** Signed. */
  points: number;
  sourceKey: string;
  subjectId?: string | null;
  reversesId?: string | null;
  reason?: string | null;
  actorProfileId?: string | null;
  /** When the entry counts (a reversal counts in the week and month of what it undoes); default now. */
  countsAt?: Date;
};

export type Sums = { balance: number; total: number };

/** An app's gamification setup as an earning needs it: one read. */
type EarningSetup = {
  rewardsOn: boolean;
  timezone: string;
  excludedTagIds: string[];
  excludedGroupIds: string[];
  points: number;
  isActive: boolean;
  dailyCap: number | null;
};

const isEarning = (kind: LedgerKind) => (earningKinds as readonly LedgerKind[]).includes(kind);

/** Locks the member's balance row (creating it at zero) and answers the sums before the caller's change. */
export async function lockSums(tx: DbOrTx, appId: string, profileId: string): Promise<Sums> {
  const [row] = await rows<Sums>(
    tx,
    sql`insert into gamification_balances (app_id, profile_id) values (${appId}, ${profileId})
      on conflict (app_id, profile_id) do update set updated_at = gamification_balances.updated_at
      returning balance, total`,
  );
  return row!;
}

/**
 * Appends one entry and moves the member's sums; the caller holds the balance lock (`lockSums`). Answers the
 * entry's id, or null when the member already has an entry for this action and source (nothing moves then).
 */
export async function appendEntry(tx: DbOrTx, entry: LedgerEntryInput): Promise<string | null> {
  const id = newId();
  const countsAt = entry.countsAt ?? new Date();
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into gamification_ledger
        (id, app_id, profile_id, kind, action, points, source_key, subject_id, reverses_id, reason,
         actor_profile_id)
      values (${id}, ${entry.appId}, ${entry.profileId}, ${entry.kind}, ${entry.action}, ${entry.points},
        ${entry.sourceKey}, ${entry.subjectId ?? null}, ${entry.reversesId ?? null}, ${entry.reason ?? null},
        ${entry.actorProfileId ?? null})
      on conflict do nothing
      returning id`,
  );
  if (inserted.length === 0) {
    return null;
  }
  const earning = isEarning(entry.kind);
  await tx.execute(sql`update gamification_balances
    set balance = balance + ${entry.points}, total = total + ${earning ? entry.points : 0}, updated_at = now()
    where app_id = ${entry.appId} and profile_id = ${entry.profileId}`);
  if (earning) {
    await tx.execute(sql`
      with zone as (select (${countsAt.toISOString()}::timestamptz at time zone a.timezone) as local
                    from apps a where a.id = ${entry.appId})
      insert into gamification_period_points (app_id, period, starts_on, profile_id, points)
      select ${entry.appId}, period, starts_on, ${entry.profileId}, ${entry.points}
      from zone, lateral (values ('weekly', date_trunc('week', zone.local)::date),
                                 ('monthly', date_trunc('month', zone.local)::date)) as p (period, starts_on)
      on conflict (app_id, period, starts_on, profile_id)
        do update set points = gamification_period_points.points + excluded.points`);
  }
  return id;
}

async function earningSetup(tx: DbOrTx, appId: string, action: RuleAction): Promise<EarningSetup | null> {
  const [row] = await rows<{
    options: { services?: Record<string, boolean> };
    timezone: string;
    rewards: Partial<RewardsSettings> | null;
    points: number | null;
    is_active: boolean | null;
    daily_cap: number | null;
  }>(
    tx,
    sql`select a.options, a.timezone, a.service_settings -> 'rewards' as rewards,
        r.points, r.is_active, r.daily_cap
      from apps a left join gamification_rules r on r.app_id = a.id and r.action = ${action}
      where a.id = ${appId}`,
  );
  if (!row) {
    return null;
  }
  const fallback = defaultRules[action];
  return {
    rewardsOn: servicesOf(row.options).rewards,
    timezone: row.timezone,
    excludedTagIds: row.rewards?.excludedTagIds ?? [],
    excludedGroupIds: row.rewards?.excludedGroupIds ?? [],
    points: row.points ?? fallback.points,
    isActive: row.is_active ?? fallback.isActive,
    dailyCap: row.points === null ? fallback.dailyCap : row.daily_cap,
  };
}

/** Whether the member is left out of earning by the app's excluded tags or groups. */
async function isExcluded(tx: DbOrTx, profileId: string, setup: EarningSetup): Promise<boolean> {
  if (setup.excludedTagIds.length === 0 && setup.excludedGroupIds.length === 0) {
    return false;
  }
  const [row] = await rows<{ excluded: boolean }>(
    tx,
    sql`select exists (select 1 from profile_tags t where t.profile_id = ${profileId}
                         and t.tag_id = any(${uuids(setup.excludedTagIds)}))
        or exists (select 1 from community_space_members m join community_spaces s on s.id = m.space_id
                   where m.profile_id = ${profileId} and m.status = 'active'
                     and s.group_id = any(${uuids(setup.excludedGroupIds)})) as excluded`,
  );
  return row?.excluded ?? false;
}

const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export type PointEvent = {
  appId: string;
  /** Who earns. */
  profileId: string;
  action: Exclude<RuleAction, 'message_sent_fee'>;
  /** What earned it, unique per member and action (`post:<id>`, `like:<post>:<liker>`, `visit:<day>`). */
  sourceKey: string;
  /** The content the points are for: deleting or rejecting it reverses them (`reverseSubject`). */
  subjectId?: string | null;
};

/**
 * Awards the app's rule for an action, inside the caller's transaction: nothing when the rewards service is off,
 * the rule inactive or zero, the member excluded, the day's cap reached, or the action already counted. Answers
 * the points awarded.
 */
export async function awardPoints(tx: DbOrTx, event: PointEvent): Promise<number> {
  const setup = await earningSetup(tx, event.appId, event.action);
  if (!setup || !setup.rewardsOn || !setup.isActive || setup.points <= 0) {
    return 0;
  }
  if (await isExcluded(tx, event.profileId, setup)) {
    return 0;
  }
  await lockSums(tx, event.appId, event.profileId);
  let points = setup.points;
  if (setup.dailyCap !== null) {
    const [today] = await rows<{ earned: number }>(
      tx,
      sql`select coalesce(sum(points), 0)::int as earned from gamification_ledger
        where app_id = ${event.appId} and profile_id = ${event.profileId} and action = ${event.action}
          and kind in ('earn', 'reversal')
          and created_at >= (date_trunc('day', now() at time zone ${setup.timezone}) at time zone ${setup.timezone})`,
    );
    points = Math.min(points, setup.dailyCap - (today?.earned ?? 0));
    if (points <= 0) {
      return 0;
    }
  }
  const id = await appendEntry(tx, {
    appId: event.appId,
    profileId: event.profileId,
    kind: 'earn',
    action: event.action,
    points,
    sourceKey: event.sourceKey,
    subjectId: event.subjectId ?? null,
  });
  return id === null ? 0 : points;
}

type OpenEarning = { id: string; profile_id: string; action: PointAction; points: number; created_at: Date };

async function reverseEntries(tx: DbOrTx, appId: string, entries: readonly OpenEarning[]): Promise<number> {
  let reversed = 0;
  // Members' rows are locked in one order, so two reversals touching the same people never deadlock.
  for (const profileId of [...new Set(entries.map((entry) => entry.profile_id))].sort()) {
    await lockSums(tx, appId, profileId);
  }
  for (const entry of entries) {
    const id = await appendEntry(tx, {
      appId,
      profileId: entry.profile_id,
      kind: 'reversal',
      action: entry.action,
      points: -entry.points,
      sourceKey: `reversal:${entry.id}`,
      reversesId: entry.id,
      countsAt: new Date(entry.created_at),
    });
    reversed += id === null ? 0 : 1;
  }
  return reversed;
}

const openEarnings = sql`kind = 'earn' and not exists (select 1 from gamification_ledger r where r.reverses_id = e.id)`;

/**
 * Reverses every earning for a piece of content (deleted, or rejected by moderation), inside the caller's
 * transaction: the author's points for it and the likes it received. Answers how many entries were undone.
 */
export async function reverseSubject(tx: DbOrTx, appId: string, subjectId: string): Promise<number> {
  const entries = await rows<OpenEarning>(
    tx,
    sql`select e.id, e.profile_id, e.action, e.points, e.created_at from gamification_ledger e
      where e.app_id = ${appId} and e.subject_id = ${subjectId} and ${openEarnings}
      order by e.id`,
  );
  return reverseEntries(tx, appId, entries);
}

/** Reverses one earning by its source (a like taken back). Answers whether one was undone. */
export async function reverseSource(
  tx: DbOrTx,
  event: Pick<PointEvent, 'appId' | 'profileId' | 'action' | 'sourceKey'>,
): Promise<boolean> {
  const entries = await rows<OpenEarning>(
    tx,
    sql`select e.id, e.profile_id, e.action, e.points, e.created_at from gamification_ledger e
      where e.app_id = ${event.appId} and e.profile_id = ${event.profileId} and e.action = ${event.action}
        and e.source_key = ${event.sourceKey} and ${openEarnings}`,
  );
  return (await reverseEntries(tx, event.appId, entries)) > 0;
}

/**
 * Charges the chat's message fee (rule `message_sent_fee`) inside the send's transaction: nothing when the
 * rewards service or the rule is off or the member is excluded; 409 POINTS_TOO_LOW when the balance does not
 * cover it, so the message is refused and nothing is written.
 */
export async function chargeMessageFee(
  tx: DbOrTx,
  fee: { appId: string; profileId: string; sourceKey: string },
): Promise<number> {
  const setup = await earningSetup(tx, fee.appId, 'message_sent_fee');
  if (!setup || !setup.rewardsOn || !setup.isActive || setup.points <= 0) {
    return 0;
  }
  if (await isExcluded(tx, fee.profileId, setup)) {
    return 0;
  }
  const sums = await lockSums(tx, fee.appId, fee.profileId);
  if (sums.balance < setup.points) {
    throw new AppError(409, 'POINTS_TOO_LOW', { details: { balance: sums.balance, required: setup.points } });
  }
  const id = await appendEntry(tx, {
    appId: fee.appId,
    profileId: fee.profileId,
    kind: 'fee',
    action: 'message_sent_fee',
    points: -setup.points,
    sourceKey: fee.sourceKey,
  });
  return id === null ? 0 : setup.points;
}
