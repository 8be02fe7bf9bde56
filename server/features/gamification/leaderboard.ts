import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { LeaderboardPeriod } from '../../../contracts/gamification.ts';
import type { Leaderboard, LeaderboardRow } from '../../../contracts/gamification-points.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { gamificationBoardStamps } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { GamificationView } from './gamification.access.ts';
import { activeLevels, badgeOf, levelsAt, type Level } from './statuses.levels.ts';

/*
 * The leaderboards' read (issue 21, docs/decisions/gamification.md "Leaderboards"): the ranking job's snapshot
 * (`gamification_ranks`, gamification-jobs.ts) read in one indexed query of the top rows, and the caller's own
 * row by its key. Answers are kept (server/platform/kept-answers.ts) under the app, the period, the board's
 * size, the snapshot's stamp and the caller; the top rows are shared by every caller of one snapshot. A new
 * snapshot changes the stamp, so a kept answer never outlives its ranks; names, pictures and levels beside
 * them are bounded by the time to live. The stamp itself is read at most every few seconds per app (the job
 * makes a snapshot a minute), so a kept answer is served without touching the database.
 */

export const keptBoardTtlMs = 30_000;
/** How long an app's snapshot stamp is trusted before it is read again. */
export const boardStampTtlMs = 5_000;

type RankRow = {
  rank: number;
  points: number;
  profile_id: string;
  first_name: string;
  last_name: string;
  avatar_id: string | null;
  total: number | null;
};

const rankColumns = sql`select r.rank, r.points, r.profile_id, a.first_name, a.last_name, p.avatar_id, b.total
  from gamification_ranks r
  join profiles p on p.id = r.profile_id and p.deleted_at is null
  join accounts a on a.id = p.account_id
  left join gamification_balances b on b.app_id = r.app_id and b.profile_id = r.profile_id`;

export function createLeaderboards({ db, sign }: { db: DbOrTx; sign: UrlSign }) {
  const kept = createKeptAnswers({ maxBytes: 16 * 1024 * 1024, ttlMs: keptBoardTtlMs });
  /** The top rows of one snapshot, shared by its callers (a promise while they are read). */
  const tops = new Map<string, { at: number; rows: Promise<{ rows: LeaderboardRow[]; levels: Level[] }> }>();
  /** Each app's snapshot stamp (ISO, null before the first snapshot), read at most every `boardStampTtlMs`. */
  const stamps = new Map<string, { at: number; computedAt: Promise<string | null> }>();

  const stampOf = (appId: string): Promise<string | null> => {
    const now = Date.now();
    const kept = stamps.get(appId);
    if (kept && now - kept.at < boardStampTtlMs) {
      return kept.computedAt;
    }
    const computedAt = db
      .select({ computedAt: gamificationBoardStamps.computedAt })
      .from(gamificationBoardStamps)
      .where(eq(gamificationBoardStamps.appId, appId))
      .then(([stamp]) => (stamp ? stamp.computedAt.toISOString() : null));
    if (stamps.size > 10_000) {
      stamps.clear();
    }
    stamps.set(appId, { at: now, computedAt });
    computedAt.catch(() => stamps.delete(appId));
    return computedAt;
  };

  const levelOf = (levels: readonly Level[], total: number) => {
    const { level } = levelsAt(levels, total);
    return level ? badgeOf(sign, level) : null;
  };

  const present = (row: RankRow, levels: readonly Level[]): LeaderboardRow => ({
    rank: row.rank,
    points: row.points,
    profileId: row.profile_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    avatarUrl: pictureUrl(sign, row.avatar_id, 'tile'),
    level: levelOf(levels, row.total ?? 0),
  });

  const topOf = (key: string, appId: string, period: LeaderboardPeriod, size: number) => {
    const now = Date.now();
    for (const [old, entry] of tops) {
      if (now - entry.at > keptBoardTtlMs) {
        tops.delete(old);
      }
    }
    let entry = tops.get(key);
    if (!entry) {
      const read = (async () => {
        const [levels, found] = await Promise.all([
          activeLevels(db, appId),
          rows<RankRow>(
            db,
            sql`${rankColumns} where r.app_id = ${appId} and r.period = ${period} and r.rank <= ${size}
              order by r.rank`,
          ),
        ]);
        return { levels, rows: found.map((row) => present(row, levels)) };
      })();
      entry = { at: now, rows: read };
      tops.set(key, entry);
      read.catch(() => tops.delete(key));
    }
    return entry.rows;
  };

  return {
    async send(
      reply: FastifyReply,
      view: GamificationView,
      period: LeaderboardPeriod,
    ): Promise<FastifyReply> {
      // Managers see the gamification with the service off; its boards only show while it is on.
      if (!view.rewardsOn || !view.settings.isLeaderboardShown) {
        throw notFound();
      }
      const appId = view.app.app.id;
      const size = view.settings.leaderboardMembersCount;
      const computedAt = await stampOf(appId);
      const board = [appId, period, size, computedAt ?? '-'].join('\n');
      return kept.send(
        reply,
        `${board}\n${view.profileId ?? '-'}`,
        async (): Promise<{ data: Leaderboard }> => {
          const top = await topOf(board, appId, period, size);
          const profileId = view.profileId;
          let me = profileId === null ? null : (top.rows.find((row) => row.profileId === profileId) ?? null);
          if (profileId !== null && me === null) {
            const [own] = await rows<RankRow>(
              db,
              sql`${rankColumns} where r.app_id = ${appId} and r.period = ${period} and r.profile_id = ${profileId}`,
            );
            me = own ? present(own, top.levels) : null;
          }
          return { data: { period, rows: top.rows, me, computedAt } };
        },
      );
    },
  };
}
