import type { LevelBadge } from '../../../contracts/gamification-levels.ts';
import type { LedgerEntry, PointsSummary } from '../../../contracts/gamification-points.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { pageSizes } from '../../../contracts/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { gamificationViewOf, seesGamification, type GamificationView } from './gamification.access.ts';
import { awardPoints } from './ledger.ts';
import * as repo from './points.repo.ts';
import { earningRules, rulesOf } from './rules.service.ts';
import { activeLevels, badgeOf, levelsAt, levelsOfProfiles, type Level } from './statuses.levels.ts';

/*
 * The member's own points (docs/decisions/gamification.md "Points, history, top-ups"): the summary of the
 * rewards page, the history of their ledger, the daily visit, and the levels shown beside names. The members'
 * routes are 404 while the rewards service is off (as the courses' while theirs is).
 */

const historyPageSize = pageSizes.default;

/** The app's calendar day now, in its time zone (`YYYY-MM-DD`). */
export function localDay(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

export function createPointsService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;

  /** The rewards service is on and the caller acts as a member of the app (else 404). */
  function memberOf(view: GamificationView): string {
    if (!view.rewardsOn || view.profileId === null) {
      throw notFound();
    }
    return view.profileId;
  }

  async function summaryOf(tx: DbOrTx, view: GamificationView, profileId: string): Promise<PointsSummary> {
    const appId = view.app.app.id;
    const [sums, levels, ranks, rules] = await Promise.all([
      repo.findSums(tx, appId, profileId),
      activeLevels(tx, appId),
      repo.findRanks(tx, appId, profileId),
      rulesOf(tx, appId),
    ]);
    const { level, next } = levelsAt(levels, sums.total);
    const rankOf = (period: 'weekly' | 'monthly' | 'all') =>
      ranks.find((rank) => rank.period === period)?.rank ?? null;
    return {
      balance: sums.balance,
      total: sums.total,
      level: level ? badgeOf(sign, level) : null,
      levelPoints: level?.points ?? 0,
      nextLevel: next
        ? { ...badgeOf(sign, next), points: next.points, missing: next.points - sums.total }
        : null,
      ranks: { weekly: rankOf('weekly'), monthly: rankOf('monthly'), all: rankOf('all') },
      rules: earningRules(rules),
      isShopShown: view.settings.isShopShown,
      isLeaderboardShown: view.settings.isLeaderboardShown,
    };
  }

  return {
    me: async (view: GamificationView) => summaryOf(db, view, memberOf(view)),

    async history(
      view: GamificationView,
      query: { page: number; kind?: repo.HistoryKind | undefined },
    ): Promise<Paginated<LedgerEntry>> {
      const page = { page: query.page, limit: historyPageSize };
      const { rows, total } = await repo.listHistory(db, view.app.app.id, memberOf(view), {
        kind: query.kind,
        limit: page.limit,
        offset: pageOffset(page),
      });
      const entries = rows.map((row): LedgerEntry => ({
        id: row.id,
        kind: row.kind,
        action: row.action,
        points: row.points,
        reason: row.reason,
        reward:
          row.reward_id && row.reward_name !== null
            ? {
                id: row.reward_id,
                name: row.reward_name,
                windowAfterPurchase: row.window_after_purchase ?? '',
              }
            : null,
        createdAt: isoOf(row.created_at),
      }));
      return paginate(entries, total, page);
    },

    /** The day's visit earns `daily_visit` once (per day in the app's time zone); answers it and the summary. */
    async visit(view: GamificationView): Promise<{ awarded: number; summary: PointsSummary }> {
      const profileId = memberOf(view);
      const appId = view.app.app.id;
      const day = localDay(view.app.app.timezone);
      return db.transaction(async (tx) => {
        const awarded = await awardPoints(tx, {
          appId,
          profileId,
          action: 'daily_visit',
          sourceKey: `visit:${day}`,
        });
        return { awarded, summary: await summaryOf(tx, view, profileId) };
      });
    },

    /**
     * The levels of up to 100 members of the app, for the badges beside their names: none while the rewards
     * service is off, the app does not show levels beside names, or the caller may not see the gamification
     * (guests, unless the rewards are open to them).
     */
    async levels(
      app: AppAccess,
      profileIds: string[],
    ): Promise<{ profileId: string; level: LevelBadge | null }[]> {
      const view = gamificationViewOf(app);
      const shown = seesGamification(view) && view.rewardsOn && view.settings.isLevelShownBesideNames;
      const levels = shown ? await levelsOfProfiles(db, app.app.id, profileIds) : new Map<string, Level>();
      return [...new Set(profileIds)].map((profileId) => {
        const level = levels.get(profileId);
        return { profileId, level: level ? badgeOf(sign, level) : null };
      });
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
