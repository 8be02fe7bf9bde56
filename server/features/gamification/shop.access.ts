import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rewardItems, rewardOrders } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadAppAccess, paramOf } from '../workspace/public.ts';
import { gamificationViewOf, seesGamification, type GamificationView } from './gamification.access.ts';

/*
 * The rewards shop's item scopes (issue 21): an item (custom stuff) and an order answer with their app's
 * abilities, as the app's gamification scope does (gamification.access.ts: who sees it at all); a deleted item
 * is 404. The app's routes use the gamification's own app scope.
 */

export type CustomStuffRow = typeof rewardItems.$inferSelect;
export type RewardOrderRow = typeof rewardOrders.$inferSelect;
export type CustomStuffAccess = GamificationView & { item: CustomStuffRow };
export type RewardOrderAccess = GamificationView & { order: RewardOrderRow };

async function viewOf(db: DbOrTx, actor: Actor, appId: string): Promise<GamificationView> {
  const view = gamificationViewOf(await loadAppAccess(db, actor, appId));
  if (!seesGamification(view)) {
    throw notFound();
  }
  return view;
}

async function itemAccess(db: DbOrTx, actor: Actor, id: string): Promise<CustomStuffAccess> {
  const [item] = await db.select().from(rewardItems).where(eq(rewardItems.id, id));
  if (!item || item.deletedAt !== null) {
    throw notFound();
  }
  return { ...(await viewOf(db, actor, item.appId)), item };
}

async function orderAccess(db: DbOrTx, actor: Actor, id: string): Promise<RewardOrderAccess> {
  const [order] = await db.select().from(rewardOrders).where(eq(rewardOrders.id, id));
  if (!order) {
    throw notFound();
  }
  return { ...(await viewOf(db, actor, order.appId)), order };
}

export type ShopScopes = ReturnType<typeof createShopScopes>;

export function createShopScopes(db: DbOrTx) {
  const scope =
    <T extends GamificationView>(label: string, load: (db: DbOrTx, actor: Actor, id: string) => Promise<T>) =>
    (param = 'id'): RouteScope<T> => ({
      label: `${label}(:${param})`,
      subjects: ['app'],
      resolve: (request) => load(db, request.actor, paramOf(request, param)),
      abilities: (access) => access.app.can.map((name) => `app:${name}`),
    });
  return { customStuff: scope('custom-stuff', itemAccess), rewardOrder: scope('reward-order', orderAccess) };
}
