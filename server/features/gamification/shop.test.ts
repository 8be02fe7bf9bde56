import { beforeAll, describe, expect, it } from 'vitest';
import { communityCaller, type Person } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { rewardsApp, type RewardsApp } from './shop.testing.ts';

const server = useTestServer();
const call = communityCaller(server);

describe(`rewards shop (${testDriver})`, () => {
  let tenant: RewardsApp;
  const stuffUrl = () => `/api/apps/${tenant.app.id}/custom-stuff`;
  const buyUrl = () => `/api/apps/${tenant.app.id}/gamification/purchase`;
  const create = async (body: object) => {
    const answer = await call('POST', stuffUrl(), tenant.owner, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: string; sold: number; left: number | null };
  };
  const buy = (who: Person, customStuffId: string) => call('POST', buyUrl(), who, { customStuffId });
  const balanceOf = async (profileId: string) =>
    (await tenant.sums()).find((row) => row.profile_id === profileId)?.balance ?? 0;

  beforeAll(async () => {
    tenant = await rewardsApp(server());
  });

  it('lets managers keep items and shows members the active ones without what a buyer is shown', async () => {
    const picture = await tenant.picture();
    const mug = await create({
      name: 'Tasse',
      description: 'Eine Tasse mit Logo',
      rewardPoints: 30,
      imageId: picture,
      stock: 10,
      windowAfterPurchase: 'Code: TASSE-1',
    });
    const hidden = await create({ name: 'Geheim', rewardPoints: 5, isActive: false });
    expect(mug).toMatchObject({ sold: 0, left: 10 });

    const seen = await call('GET', stuffUrl(), tenant.member);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual([
      expect.objectContaining({
        id: mug.id,
        windowAfterPurchase: null,
        boughtByMe: 0,
        imageUrl: expect.any(String),
      }),
    ]);
    const managed = await call('GET', `${stuffUrl()}?limit=1&page=2`, tenant.owner);
    expect(managed.json()).toMatchObject({
      data: [{ id: mug.id, windowAfterPurchase: 'Code: TASSE-1' }],
      meta: { page: 2, total: 2 },
    });

    // Refusals: anonymous, another project, a member without the ability, bad input, an image not the app's.
    expect((await call('GET', stuffUrl())).statusCode).toBe(401);
    expect((await call('GET', stuffUrl(), tenant.stranger)).statusCode).toBe(404);
    expect((await call('POST', stuffUrl(), tenant.member, { name: 'X', rewardPoints: 1 })).statusCode).toBe(
      403,
    );
    expect((await call('POST', stuffUrl(), tenant.owner, { name: 'X', rewardPoints: 0 })).statusCode).toBe(
      400,
    );
    const foreign = await call('POST', stuffUrl(), tenant.owner, {
      name: 'X',
      rewardPoints: 1,
      imageId: '0190a0a0-0000-7000-8000-000000000001',
    });
    expect(foreign.json()).toMatchObject({ errors: { imageId: 'validation.invalidValue' } });

    const changed = await call('PATCH', `/api/custom-stuff/${hidden.id}`, tenant.owner, { isActive: true });
    expect(changed.json().data).toMatchObject({ isActive: true });
    expect(
      (await call('PATCH', `/api/custom-stuff/${hidden.id}`, tenant.member, { isActive: false })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/custom-stuff/${hidden.id}`, tenant.stranger, { name: 'Y' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/custom-stuff/${hidden.id}`, tenant.owner, { rewardPoints: -1 })).statusCode,
    ).toBe(400);
    expect((await call('DELETE', `/api/custom-stuff/${hidden.id}`, tenant.member)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/custom-stuff/${hidden.id}`, tenant.owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/custom-stuff/${hidden.id}`, tenant.owner)).statusCode).toBe(404);
    expect((await call('GET', stuffUrl(), tenant.owner)).json().meta.total).toBe(1);
  });

  it('sells within balance, stock and limit, and refunds an order once', async () => {
    const buyer = await tenant.person('member');
    const shirt = await create({
      name: 'T-Shirt',
      rewardPoints: 40,
      stock: 2,
      perMemberLimit: 1,
      windowAfterPurchase: 'Abholung am Empfang',
    });
    const cap = await create({ name: 'Mütze', rewardPoints: 10, stock: 1 });

    const poor = await buy(buyer, shirt.id);
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ code: 'POINTS_TOO_LOW', details: { balance: 0, required: 40 } });
    await tenant.give(buyer.profileId, 100);

    const bought = await buy(buyer, shirt.id);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().data).toMatchObject({
      order: {
        status: 'open',
        points: 40,
        item: { id: shirt.id, name: 'T-Shirt' },
        member: { profileId: buyer.profileId },
      },
      balance: 60,
      windowAfterPurchase: 'Abholung am Empfang',
    });
    expect((await buy(buyer, shirt.id)).json()).toMatchObject({ code: 'REWARD_LIMIT_REACHED' });
    expect((await buy(buyer, cap.id)).statusCode).toBe(200);
    expect((await buy(tenant.member, cap.id)).statusCode).toBe(409);
    await tenant.give(tenant.member.profileId, 10);
    expect((await buy(tenant.member, cap.id)).json()).toMatchObject({ code: 'REWARD_SOLD_OUT' });
    const listed = await call('GET', `/api/apps/${tenant.app.id}/custom-stuff`, buyer);
    expect(listed.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: shirt.id, boughtByMe: 1, left: 1 })]),
    );

    // Refusals of the purchase.
    expect((await call('POST', buyUrl(), undefined, { customStuffId: shirt.id })).statusCode).toBe(401);
    expect((await call('POST', buyUrl(), tenant.stranger, { customStuffId: shirt.id })).statusCode).toBe(404);
    expect((await call('POST', buyUrl(), buyer, { customStuffId: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', buyUrl(), buyer, { customStuffId: tenant.app.id })).statusCode).toBe(400);
    const punished = await tenant.person('member');
    await tenant.give(punished.profileId, 100);
    await tenant.sanction(punished, 'punished');
    expect((await buy(punished, cap.id)).statusCode).toBe(403);

    // The orders: the managers' list, fulfilment, a refund that returns the points once.
    const ordersUrl = `/api/apps/${tenant.app.id}/gamification/orders`;
    expect((await call('GET', ordersUrl, buyer)).statusCode).toBe(403);
    expect((await call('GET', ordersUrl)).statusCode).toBe(401);
    expect((await call('GET', ordersUrl, tenant.stranger)).statusCode).toBe(404);
    expect((await call('GET', `${ordersUrl}?status=lost`, tenant.owner)).statusCode).toBe(400);
    const open = await call('GET', `${ordersUrl}?status=open`, tenant.owner);
    expect(open.json().meta.total).toBe(2);
    const orderId = bought.json().data.order.id as string;
    const orderUrl = `/api/reward-orders/${orderId}`;
    expect((await call('PATCH', orderUrl, buyer, { status: 'refunded' })).statusCode).toBe(403);
    expect((await call('PATCH', orderUrl, tenant.stranger, { status: 'refunded' })).statusCode).toBe(404);
    expect((await call('PATCH', orderUrl, tenant.owner, { status: 'open' })).statusCode).toBe(400);
    const refunded = await call('PATCH', orderUrl, tenant.owner, { status: 'refunded' });
    expect(refunded.json().data).toMatchObject({ id: orderId, status: 'refunded' });
    expect((await call('PATCH', orderUrl, tenant.owner, { status: 'refunded' })).statusCode).toBe(409);
    expect((await call('PATCH', orderUrl, tenant.owner, { status: 'fulfilled' })).statusCode).toBe(409);
    expect(await balanceOf(buyer.profileId)).toBe(100 - 10);
    const other = open.json().data.find((order: { id: string }) => order.id !== orderId) as { id: string };
    expect(
      (await call('PATCH', `/api/reward-orders/${other.id}`, tenant.owner, { status: 'fulfilled' })).json(),
    ).toMatchObject({
      data: { status: 'fulfilled' },
    });
    // The refund gave the shirt back to the stock and to the buyer's limit.
    expect((await buy(buyer, shirt.id)).statusCode).toBe(200);
    for (const row of await tenant.sums()) {
      expect(row.balance).toBe(row.ledger);
      expect(row.balance).toBeGreaterThanOrEqual(0);
    }

    // A shop the app hides is the managers' only: members neither see nor buy.
    const settingsUrl = `/api/apps/${tenant.app.id}/gamification/settings`;
    const hide = await call('PATCH', settingsUrl, tenant.owner, { isShopShown: false });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await call('GET', stuffUrl(), tenant.member)).statusCode).toBe(404);
    expect((await buy(buyer, shirt.id)).statusCode).toBe(404);
    expect((await call('GET', stuffUrl(), tenant.owner)).statusCode).toBe(200);
    await call('PATCH', settingsUrl, tenant.owner, { isShopShown: true });
  });

  it('never oversells and never goes below zero under concurrent purchases', async () => {
    const scarce = await create({ name: 'Limitiert', rewardPoints: 25, stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => tenant.person('member')));
    for (const buyer of buyers) {
      await tenant.give(buyer.profileId, 1000);
    }
    const answers = await Promise.all(buyers.flatMap((buyer) => [1, 2, 3].map(() => buy(buyer, scarce.id))));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(
      answers
        .filter((answer) => answer.statusCode !== 200)
        .map((answer) => answer.json<{ code: string }>().code),
    ).toEqual(Array.from({ length: 25 }, () => 'REWARD_SOLD_OUT'));
    const listed = await call('GET', `/api/apps/${tenant.app.id}/custom-stuff?limit=100`, tenant.owner);
    expect(listed.json().data.find((item: { id: string }) => item.id === scarce.id)).toMatchObject({
      sold: 5,
      left: 0,
    });

    // Points for one purchase, two at once: one goes through.
    const unlimited = await create({ name: 'Aufkleber', rewardPoints: 50 });
    const single = await tenant.person('member');
    await tenant.give(single.profileId, 50);
    const twice = await Promise.all([buy(single, unlimited.id), buy(single, unlimited.id)]);
    expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(single.profileId)).toBe(0);
    for (const row of await tenant.sums()) {
      expect(row.balance).toBe(row.ledger);
      expect(row.total).toBe(row.earned);
      expect(row.balance).toBeGreaterThanOrEqual(0);
    }
  });
});
