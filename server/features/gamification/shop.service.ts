import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CustomStuff,
  customStuffBodySchema,
  customStuffListQuerySchema,
  customStuffPatchBodySchema,
} from '../../../contracts/gamification-shop.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rewardItems, rewardOrders } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, paginate } from '../../platform/pagination.ts';
import { pictureFieldErrors, pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { GamificationView } from './gamification.access.ts';
import type { CustomStuffAccess, CustomStuffRow } from './shop.access.ts';
import { createShopOrderService, notRefunded } from './shop-orders.service.ts';

/*
 * The rewards shop (issue 21, docs/decisions/gamification.md "Shop"): the app's items (custom stuff) here, the
 * purchase and the orders the managers fulfil or refund in shop-orders.service.ts.
 */

export type ShopDeps = { db: DbOrTx; sign: UrlSign };

type ListQuery = z.output<typeof customStuffListQuerySchema>;
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

    // The purchase and the orders, one service for the shop's routes.
    ...createShopOrderService({ db }),
  };
}
