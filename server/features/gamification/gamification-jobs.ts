import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rewardsSettingsSchema } from '../../../contracts/gamification.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { FeatureContext } from '../../platform/features.ts';
import type { JobDefinition, QueuePolicy } from '../../platform/jobs.ts';
import { createNotifier, recordNotifications, type Notifier } from '../notifications/public.ts';

/*
 * The gamification's sweep (issue 21, docs/decisions/gamification.md "Leaderboards"), every minute:
 * - the boards: every app with the rewards service on whose ledger moved since its snapshot (or that has none,
 *   or whose week or month turned) gets its ranks rewritten in one transaction — weekly and monthly from the
 *   current period's points, all-time from the stored totals; members with points only, the excluded tags and
 *   groups left out, ties to whoever's points last moved the earliest (the balance row's stamp: no ledger read). The snapshot's stamp tells the kept answers apart.
 * - level notices: a member whose total reached an active level above their mark is told once ("level_reached",
 *   with the app's reward message) and the mark moves in the same statement that claims them, so two sweeps at
 *   once never tell twice.
 */

export const gamificationSweepQueue = 'gamification.sweep';

export const gamificationQueues = {
  [gamificationSweepQueue]: { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 300 },
} satisfies Record<string, QueuePolicy>;

export type GamificationJobDeps = { db: Db; notifier: Pick<Notifier, 'deliver'>; logger: Logger };

/** Entries younger than this before the stamp still count as new: a purchase that committed late is seen. */
const lateCommitMargin = sql`interval '1 minute'`;

const rewardsOn = sql`a.options -> 'services' ->> 'rewards' = 'true'`;

/** The apps whose boards are out of date. */
async function staleBoards(db: DbOrTx): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select a.id from apps a left join gamification_board_stamps s on s.app_id = a.id
      where ${rewardsOn} and (
        s.computed_at is null
        or exists (select 1 from gamification_ledger l
                   where l.app_id = a.id and l.created_at > s.computed_at - ${lateCommitMargin})
        or date_trunc('week', s.computed_at at time zone a.timezone) < date_trunc('week', now() at time zone a.timezone)
        or date_trunc('month', s.computed_at at time zone a.timezone) < date_trunc('month', now() at time zone a.timezone))
      order by a.id`,
  );
  return found.map((row) => row.id);
}

/** Rewrites one app's three boards in one transaction and moves its stamp. Answers the rows written. */
export async function rewriteRanks(db: Db, appId: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The stamp's row is the app's lock: a second sweep at once waits and then writes the same ranks again.
    await tx.execute(sql`insert into gamification_board_stamps (app_id, computed_at) values (${appId}, now())
      on conflict (app_id) do update set computed_at = excluded.computed_at`);
    await tx.execute(sql`delete from gamification_ranks where app_id = ${appId}`);
    const written = await rows<{ count: number }>(
      tx,
      sql`
      with app as (
        select a.timezone,
          array(select jsonb_array_elements_text(coalesce(a.service_settings -> 'rewards' -> 'excludedTagIds', '[]')))::uuid[] as tag_ids,
          array(select jsonb_array_elements_text(coalesce(a.service_settings -> 'rewards' -> 'excludedGroupIds', '[]')))::uuid[] as group_ids
        from apps a where a.id = ${appId}
      ),
      members as (
        select b.profile_id, b.total, b.updated_at from gamification_balances b
        join profiles p on p.id = b.profile_id and p.deleted_at is null
        cross join app
        where b.app_id = ${appId}
          and not exists (select 1 from profile_tags t where t.profile_id = b.profile_id and t.tag_id = any(app.tag_ids))
          and not exists (select 1 from community_space_members m join community_spaces s on s.id = m.space_id
                          where m.profile_id = b.profile_id and m.status = 'active' and s.group_id = any(app.group_ids))
      ),
      scored as (
        select 'all' as period, profile_id, total as points, updated_at as moved_at from members where total > 0
        union all
        select pp.period, pp.profile_id, pp.points, m.updated_at from gamification_period_points pp
        join members m on m.profile_id = pp.profile_id cross join app
        where pp.app_id = ${appId} and pp.points > 0 and (
          (pp.period = 'weekly' and pp.starts_on = date_trunc('week', now() at time zone app.timezone)::date)
          or (pp.period = 'monthly' and pp.starts_on = date_trunc('month', now() at time zone app.timezone)::date))
      ),
      inserted as (
        insert into gamification_ranks (app_id, period, profile_id, points, rank)
        select ${appId}, s.period, s.profile_id, s.points,
          row_number() over (partition by s.period order by s.points desc, s.moved_at, s.profile_id)
        from scored s
        returning 1
      )
      select count(*)::int as count from inserted`,
    );
    return written[0]?.count ?? 0;
  });
}

/** Tells members of the levels they reached since their mark, once. Answers how many were told. */
export async function noticeLevels(deps: GamificationJobDeps): Promise<number> {
  const recorded = await deps.db.transaction(async (tx) => {
    const claimed = await rows<{
      app_id: string;
      profile_id: string;
      name: string;
      level: number;
      reward_message: string | null;
    }>(
      tx,
      sql`
      with levels as (
        select st.app_id, st.points, st.name,
          row_number() over (partition by st.app_id order by st.points, st.created_at, st.id)::int as level
        from gamification_statuses st join apps a on a.id = st.app_id
        where st.is_active and ${rewardsOn}
      ),
      due as (
        select b.app_id, b.profile_id, l.points, l.name, l.level from gamification_balances b
        join profiles p on p.id = b.profile_id and p.deleted_at is null
        join lateral (select * from levels l where l.app_id = b.app_id and l.points <= b.total
                      order by l.points desc, l.level desc limit 1) l on true
        where l.points > b.level_notified_points
      )
      update gamification_balances b set level_notified_points = due.points
      from due
      where b.app_id = due.app_id and b.profile_id = due.profile_id and b.level_notified_points < due.points
      returning b.app_id, b.profile_id, due.name, due.level,
        (select a.service_settings -> 'rewards' ->> 'rewardMessage' from apps a where a.id = b.app_id) as reward_message`,
    );
    const groups = new Map<
      string,
      { appId: string; name: string; level: number; message: string; ids: string[] }
    >();
    for (const row of claimed) {
      const key = `${row.app_id} ${row.level}`;
      const message = rewardsSettingsSchema.shape.rewardMessage.parse(row.reward_message ?? '');
      const group = groups.get(key) ?? {
        appId: row.app_id,
        name: row.name,
        level: row.level,
        message: message.replaceAll('{level}', row.name),
        ids: [],
      };
      group.ids.push(row.profile_id);
      groups.set(key, group);
    }
    return recordNotifications(
      tx,
      [...groups.values()].map((group) => ({
        appId: group.appId,
        type: 'level_reached' as const,
        recipients: group.ids,
        data: {
          title: group.name,
          level: String(group.level),
          ...(group.message.trim() === '' ? {} : { excerpt: group.message }),
        },
      })),
    );
  });
  await deps.notifier.deliver(recorded);
  return recorded.length;
}

export async function runGamificationSweep(
  deps: GamificationJobDeps,
): Promise<{ boards: number; levelsTold: number }> {
  let boards = 0;
  for (const appId of await staleBoards(deps.db)) {
    try {
      await rewriteRanks(deps.db, appId);
      boards += 1;
    } catch (error) {
      deps.logger.error({ err: error, appId }, 'gamification: boards not ranked');
    }
  }
  return { boards, levelsTold: await noticeLevels(deps) };
}

export function gamificationSweepJobOf({
  db,
  realtime,
  jobs,
  logger,
}: FeatureContext): JobDefinition<object> {
  const deps: GamificationJobDeps = { db, notifier: createNotifier({ realtime, jobs, logger }), logger };
  return {
    name: gamificationSweepQueue,
    // The boards are at most a few minutes old (issue 21: five at most).
    cron: '* * * * *',
    handler: async () => {
      await runGamificationSweep(deps);
    },
  };
}
