import { rewardItems, rewardOrders } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The route-table tenant's rewards shop: one item (`custom-stuff/:id`) and an open order of it by the tenant's
 * member (`reward-orders/:id`), whose names and buyer's text no other tenant may ever see.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const customStuffId = newId();
  const rewardOrderId = newId();
  await db.insert(rewardItems).values({
    id: customStuffId,
    appId: app.id,
    name: 'Geheime Prämie A',
    rewardPoints: 10,
    stock: 5,
    sold: 1,
    windowAfterPurchase: 'Geheimer Gutscheincode A',
  });
  await db.insert(rewardOrders).values({
    id: rewardOrderId,
    appId: app.id,
    itemId: customStuffId,
    profileId: memberProfile.id,
    points: 10,
  });
  return {
    ids: { customStuffId, rewardOrderId },
    secrets: ['Geheime Prämie A', 'Geheimer Gutscheincode A'],
  };
};
