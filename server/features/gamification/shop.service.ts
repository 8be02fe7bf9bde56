import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CustomStuff,
  customStuffBodySchema,
  customStuffListQuerySchema,
  customStuffPatchBodySchema,
  RewardOrder,
  rewardOrderListQuerySchema,
  RewardOrderStatus,
} from '../../../contracts/gamification.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { rewardItems, rewardOrders } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { pictureFieldErrors, pictureUrl, type UrlSign } from '../cloud/public.ts';
import { appendEntry, lockSums } from './ledger.ts';
import type { GamificationView } from './gamification.access.ts';
import type { CustomStuffAccess, CustomStuffRow, RewardOrderAccess } from './shop.access.ts';

/*
 * The rewards shop (issue 21, docs/decisions/gamification.md "Shop"): the app's items (custom stuff), the
 * purchase and the orders the managers fulfil or refund. A purchase is one transaction that locks the buyer's
 * sums first (their purchases and other movements queue there: the per-member limit and the balance are
 * decided one after the other), then takes one from the stock with a conditional update (never oversold), and
 * appends the spend entry and the order. A refund returns the points once (the refund entry names the spend
 * entry it undoes, unique in the ledger) and gives the stock back; only open orders change.
 */

export const orderPageSize = 10;

export type ShopDeps = { db: DbOrTx; sign: UrlSign };

type ListQuery = z.output<typeof customStuffListQuerySchema>;
type OrderQuery = z.output<typeof rewardOrderListQuerySchema>;
type StuffBody = z.output<typeof customStuffBodySchema>;
type StuffPatch = z.output<typeof customStuffPatchBodySchema>;

function presentStuff(
  sign: UrlSign,
  row: CustomStuffRow,
  boughtByMe: number,
  isManager: boolean,
): CustomStuff {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rewardPoints: row.rewardPoints,
    imageId: row.imageId,
    imageUrl: pictureUrl(sign, row.imageId, 'preview'),
    stock: row.stock,
    sold: row.sold,
    left: row.stock === null ? null : Math.max(0, row.stock - row.sold),
    perMemberLimit: row.perMemberLimit,
    windowAfterPurchase: isManager ? row.windowAfterPurchase : null,
    isActive: row.isActive,
    boughtByMe,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Orders that count for a member's limit and `boughtByMe`: every one not refunded. */
const notRefunded = ne(rewardOrders.status, 'refunded');

async function boughtBy(
  db: DbOrTx,
  profileId: string | null,
  itemIds: string[],
): Promise<Map<string, number>> {
  if (profileId === null || itemIds.length === 0) {
    return new Map();
  }
  const counted = await db
    .select({ itemId: rewardOrders.itemId, bought: count() })
    .from(rewardOrders)
    .where(
      and(
        eq(rewardOrders.profileId, profileId),
        sql`${rewardOrders.itemId} = any(${`{${itemIds.join(',')}}`}::uuid[])`,
        notRefunded,
      ),
    )
    .groupBy(rewardOrders.itemId);
  return new Map(counted.map((row) => [row.itemId, row.bought]));
}

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

async function imageErrors(
  db: DbOrTx,
  view: GamificationView,
  imageId: string | null | undefined,
  current?: string | null,
) {
  if (imageId === undefined || imageId === null || imageId === current) {
    return;
  }
  const errors = await pictureFieldErrors(db, view.app.project.id, { imageId });
  if (Object.keys(errors).length > 0) {
    throw badRequest(errors);
  }
}

export function createShopService({ db, sign }: ShopDeps) {
  return {
    /** Members: the active items, without what a buyer is shown; managers: every item with it. Newest first. */
    async list(view: GamificationView, query: ListQuery): Promise<Paginated<CustomStuff>> {
      // A shop the app hides is the managers' only (they keep filling it).
      if (!view.isManager && !view.settings.isShopShown) {
        throw notFound();
      }
      const where = and(
        eq(rewardItems.appId, view.app.app.id),
        isNull(rewardItems.deletedAt),
        view.isManager ? undefined : eq(rewardItems.isActive, true),
      );
      const [found, [total]] = await Promise.all([
        db
          .select()
          .from(rewardItems)
          .where(where)
          .orderBy(desc(rewardItems.createdAt), desc(rewardItems.id))
          .limit(query.limit)
          .offset(pageOffset(query)),
        db.select({ total: count() }).from(rewardItems).where(where),
      ]);
      const bought = await boughtBy(
        db,
        view.profileId,
        found.map((row) => row.id),
      );
      return paginate(
        found.map((row) => presentStuff(sign, row, bought.get(row.id) ?? 0, view.isManager)),
        total?.total ?? 0,
        query,
      );
    },

    async create(view: GamificationView, body: StuffBody): Promise<CustomStuff> {
      await imageErrors(db, view, body.imageId);
      const [row] = await db
        .insert(rewardItems)
        .values({ id: newId(), appId: view.app.app.id, ...body })
        .returning();
      return presentStuff(sign, row!, 0, true);
    },

    async update(access: CustomStuffAccess, body: StuffPatch): Promise<CustomStuff> {
      await imageErrors(db, access, body.imageId, access.item.imageId);
      if (body.stock !== undefined && body.stock !== null && body.stock < access.item.sold) {
        throw badRequest({ stock: validationKeys.minNumber });
      }
      const values = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      const [row] = await db
        .update(rewardItems)
        .set({ ...values, updatedAt: new Date() })
        // The stock never drops below what a purchase sold meanwhile (the table's check refuses it too).
        .where(
          and(
            eq(rewardItems.id, access.item.id),
            isNull(rewardItems.deletedAt),
            body.stock === undefined || body.stock === null
              ? undefined
              : sql`${rewardItems.sold} <= ${body.stock}`,
          ),
        )
        .returning();
      if (!row) {
        throw badRequest({ stock: validationKeys.minNumber });
      }
      const bought = await boughtBy(db, access.profileId, [row.id]);
      return presentStuff(sign, row, bought.get(row.id) ?? 0, true);
    },

    /** Soft delete: the item leaves the shop; its orders stay (open ones are still fulfilled or refunded). */
    async remove(access: CustomStuffAccess): Promise<void> {
      await db
        .update(rewardItems)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(rewardItems.id, access.item.id));
    },

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
