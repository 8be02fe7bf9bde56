import { errorCodes } from '../../../contracts/errors.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import { pageSizes } from '../../../contracts/constants.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { z } from 'zod';
import type { topUpSchema } from '../../../contracts/gamification-points.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import type { GamificationView } from './gamification.access.ts';
import { appendEntry, lockSums } from './ledger.ts';
import * as repo from './points.repo.ts';

/*
 * Admin top-ups and deductions (docs/decisions/gamification.md "Points, history, top-ups"): a signed ledger
 * entry of kind `top_up` with its reason and the admin who gave it; the entries are the audit list. A
 * deduction never takes the balance below zero: the member's balance row is locked and checked in the same
 * transaction as the entry.
 */

type TopUp = z.infer<typeof topUpSchema>;
const pageSize = pageSizes.default;

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

const present = (row: repo.TopUpRow): TopUp => ({
  id: row.id,
  points: row.points,
  reason: row.reason ?? '',
  member: { profileId: row.profile_id, name: nameOf(row.member_first_name, row.member_last_name) },
  actor: row.actor_profile_id
    ? { profileId: row.actor_profile_id, name: nameOf(row.actor_first_name, row.actor_last_name) }
    : null,
  createdAt: new Date(row.created_at).toISOString(),
});

export type TopUpInput = {
  appId: string;
  profileId: string;
  /** Signed: a deduction is negative. */
  points: number;
  reason: string;
  actorProfileId: string | null;
};

/**
 * Appends a top-up or deduction inside the caller's transaction, the member's balance locked first: 409
 * POINTS_TOO_LOW when a deduction would take the balance below zero. Answers the entry's id.
 */
export async function applyTopUp(tx: DbOrTx, input: TopUpInput): Promise<string | null> {
  const sums = await lockSums(tx, input.appId, input.profileId);
  if (sums.balance + input.points < 0) {
    throw new AppError(409, errorCodes.pointsTooLow, {
      details: { balance: sums.balance, required: -input.points },
    });
  }
  return appendEntry(tx, {
    appId: input.appId,
    profileId: input.profileId,
    kind: 'top_up',
    action: 'admin_top_up',
    points: input.points,
    sourceKey: `top-up:${newId()}`,
    reason: input.reason,
    actorProfileId: input.actorProfileId,
  });
}

export function createTopUpsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async create(
      view: GamificationView,
      body: { profileId: string; points: number; reason: string },
    ): Promise<TopUp> {
      const appId = view.app.app.id;
      if (!(await repo.isLiveProfileOfApp(db, appId, body.profileId))) {
        throw badRequest({ profileId: validationKeys.invalidValue });
      }
      const actorProfileId = view.app.masquerade?.realProfileId ?? view.app.profile?.id ?? null;
      const id = await db.transaction((tx) => applyTopUp(tx, { appId, ...body, actorProfileId }));
      const [row] = id ? (await repo.listTopUps(db, appId, { id, limit: 1, offset: 0 })).rows : [];
      if (!row) {
        throw notFound();
      }
      return present(row);
    },

    async list(view: GamificationView, query: { page: number }): Promise<Paginated<TopUp>> {
      const page = { page: query.page, limit: pageSize };
      const { rows, total } = await repo.listTopUps(db, view.app.app.id, {
        limit: page.limit,
        offset: pageOffset(page),
      });
      return paginate(rows.map(present), total, page);
    },
  };
}

export type TopUpsService = ReturnType<typeof createTopUpsService>;
