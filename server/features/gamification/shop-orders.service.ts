import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { RewardOrderStatus } from '../../../contracts/gamification.ts';
import type { RewardOrder, rewardOrderListQuerySchema } from '../../../contracts/gamification-shop.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { rewardItems, rewardOrders } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { appendEntry, lockSums } from './ledger.ts';
import type { GamificationView } from './gamification.access.ts';
import type { RewardOrderAccess } from './shop.access.ts';

/*
 * The rewards shop's purchase and orders (issue 21, docs/decisions/gamification.md "Shop"; the items:
 * shop.service.ts). A purchase is one transaction that locks the buyer's sums first (their purchases and other
 * movements queue there: the per-member limit and the balance are decided one after the other), then takes one
 * from the stock with a conditional update (never oversold), and appends the spend entry and the order. A
 * refund returns the points once (the refund entry names the spend entry it undoes, unique in the ledger) and
 * gives the stock back; only open orders change.
 */

export const orderPageSize = 10;

type OrderQuery = z.output<typeof rewardOrderListQuerySchema>;

/** Orders that count for a member's limit and `boughtByMe`: every one not refunded. */
export const notRefunded = ne(rewardOrders.status, 'refunded');

type OrderRow = {
  id: string;
  status: RewardOrderStatus;
  points: number;
  item_id: string;
  item_name: string;
  profile_id: string;
  first_name: string;
  last_name: string;
  created_at: string | Date;
  updated_at: string | Date;
};

/** Orders with their item's and buyer's names, newest first. */
async function orderRows(db: DbOrTx, where: SQL, page?: { limit: number; offset: number }) {
  const found = await rows<OrderRow>(
    db,
    sql`select o.id, o.status, o.points, o.item_id, i.name as item_name, o.profile_id, a.first_name, a.last_name,
        o.created_at, o.updated_at
      from reward_orders o
      join reward_items i on i.id = o.item_id
      join profiles p on p.id = o.profile_id
      join accounts a on a.id = p.account_id
      where ${where}
      order by o.created_at desc, o.id desc
      ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  // Raw rows carry timestamps as the driver reads them (text or Date).
  return found.map((row): RewardOrder => ({
    id: row.id,
    status: row.status,
    points: row.points,
    item: { id: row.item_id, name: row.item_name },
    member: { profileId: row.profile_id, name: `${row.first_name} ${row.last_name}`.trim() },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

async function orderById(db: DbOrTx, id: string): Promise<RewardOrder> {
  const [order] = await orderRows(db, sql`o.id = ${id}`);
  if (!order) {
    throw notFound();
  }
  return order;
}

export function createShopOrderService({ db }: { db: DbOrTx }) {
  return {
    async purchase(view: GamificationView, customStuffId: string) {
      const appId = view.app.app.id;
      const profileId = view.profileId;
      // Points are spent only while the service is on (managers see the shop before it is).
      if (profileId === null || !view.rewardsOn || !view.settings.isShopShown) {
        throw notFound();
      }
      const orderId = newId();
      const bought = await db.transaction(async (tx) => {
        const sums = await lockSums(tx, appId, profileId);
        const [item] = await tx
          .select()
          .from(rewardItems)
          .where(
            and(
              eq(rewardItems.id, customStuffId),
              eq(rewardItems.appId, appId),
              isNull(rewardItems.deletedAt),
              eq(rewardItems.isActive, true),
            ),
          );
        if (!item) {
          throw badRequest({ customStuffId: 'validation.invalidValue' });
        }
        if (item.perMemberLimit !== null) {
          const [mine] = await tx
            .select({ bought: count() })
            .from(rewardOrders)
            .where(and(eq(rewardOrders.itemId, item.id), eq(rewardOrders.profileId, profileId), notRefunded));
          if ((mine?.bought ?? 0) >= item.perMemberLimit) {
            throw new AppError(409, 'REWARD_LIMIT_REACHED', { details: { limit: item.perMemberLimit } });
          }
        }
        if (sums.balance < item.rewardPoints) {
          throw new AppError(409, 'POINTS_TOO_LOW', {
            details: { balance: sums.balance, required: item.rewardPoints },
          });
        }
        if (item.stock !== null && item.sold >= item.stock) {
          throw new AppError(409, 'REWARD_SOLD_OUT');
        }
        await appendEntry(tx, {
          appId,
          profileId,
          kind: 'spend',
          action: 'reward_purchase',
          points: -item.rewardPoints,
          sourceKey: `order:${orderId}`,
        });
        await tx.insert(rewardOrders).values({
          id: orderId,
          appId,
          itemId: item.id,
          profileId,
          points: item.rewardPoints,
        });
        // The stock is taken last: the item's row stays locked from here to the commit only, so buyers of one
        // item queue for one statement each. No row: sold out meanwhile, and the transaction rolls back.
        const taken = await rows<{ sold: number }>(
          tx,
          sql`update reward_items set sold = sold + 1, updated_at = now()
            where id = ${item.id} and (stock is null or sold < stock) returning sold`,
        );
        if (taken.length === 0) {
          throw new AppError(409, 'REWARD_SOLD_OUT');
        }
        return { balance: sums.balance - item.rewardPoints, windowAfterPurchase: item.windowAfterPurchase };
      });
      return { order: await orderById(db, orderId), ...bought };
    },

    async orders(view: GamificationView, query: OrderQuery): Promise<Paginated<RewardOrder>> {
      const appId = view.app.app.id;
      const limit = orderPageSize;
      const [found, [total]] = await Promise.all([
        orderRows(
          db,
          sql`o.app_id = ${appId} ${query.status ? sql`and o.status = ${query.status}` : sql``}`,
          {
            limit,
            offset: pageOffset({ page: query.page, limit }),
          },
        ),
        db
          .select({ total: count() })
          .from(rewardOrders)
          .where(
            and(
              eq(rewardOrders.appId, appId),
              query.status ? eq(rewardOrders.status, query.status) : undefined,
            ),
          ),
      ]);
      return paginate(found, total?.total ?? 0, { page: query.page, limit });
    },

    /** Fulfils or refunds an open order; a refund returns the points (once) and the item to the stock. */
    async decide(
      access: RewardOrderAccess,
      status: Exclude<RewardOrderStatus, 'open'>,
    ): Promise<RewardOrder> {
      const { order } = access;
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(rewardOrders)
          .set({ status, decidedByProfileId: access.profileId, updatedAt: new Date() })
          .where(and(eq(rewardOrders.id, order.id), eq(rewardOrders.status, 'open')))
          .returning({ id: rewardOrders.id });
        if (claimed.length === 0) {
          throw conflict();
        }
        if (status !== 'refunded') {
          return;
        }
        await lockSums(tx, order.appId, order.profileId);
        const [spend] = await rows<{ id: string; points: number }>(
          tx,
          sql`select id, points from gamification_ledger
            where app_id = ${order.appId} and profile_id = ${order.profileId} and action = 'reward_purchase'
              and source_key = ${`order:${order.id}`}`,
        );
        if (spend) {
          await appendEntry(tx, {
            appId: order.appId,
            profileId: order.profileId,
            kind: 'refund',
            action: 'reward_purchase',
            points: -spend.points,
            sourceKey: `refund:${order.id}`,
            reversesId: spend.id,
          });
        }
        await tx.execute(sql`update reward_items set sold = greatest(sold - 1, 0), updated_at = now()
          where id = ${order.itemId}`);
      });
      return orderById(db, order.id);
    },
  };
}
