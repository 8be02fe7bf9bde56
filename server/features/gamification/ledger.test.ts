import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apps, gamificationBalances, gamificationRules } from '../../db/schema/index.ts';
import { rows } from '../../db/rows.ts';
import { communityApp, type CommunityApp } from '../../test/community-spaces.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';
import { awardPoints, chargeMessageFee, reverseSource, reverseSubject } from './ledger.ts';
import { applyTopUp } from './top-ups.service.ts';

const server = useTestServer();

/** The stored sums beside the ledger's own sums, for every member of the app. */
async function sumsOf(tenant: CommunityApp) {
  return rows<{ profile_id: string; balance: number; total: number; ledger: number; earned: number }>(
    tenant.db,
    sql`select b.profile_id, b.balance, b.total,
        (select coalesce(sum(points), 0)::int from gamification_ledger l
          where l.app_id = b.app_id and l.profile_id = b.profile_id) as ledger,
        (select coalesce(sum(points), 0)::int from gamification_ledger l
          where l.app_id = b.app_id and l.profile_id = b.profile_id and l.kind in ('earn', 'reversal', 'top_up')) as earned
      from gamification_balances b where b.app_id = ${tenant.app.id}`,
  );
}

async function balanceOf(tenant: CommunityApp, profileId: string) {
  const [row] = await tenant.db
    .select()
    .from(gamificationBalances)
    .where(and(eq(gamificationBalances.appId, tenant.app.id), eq(gamificationBalances.profileId, profileId)));
  return row ?? { balance: 0, total: 0 };
}

describe(`points ledger (${testDriver})`, () => {
  let tenant: CommunityApp;
  beforeAll(async () => {
    tenant = await communityApp(server());
    await tenant.db
      .update(apps)
      .set({ options: { services: { rewards: true } } })
      .where(eq(apps.id, tenant.app.id));
  });

  it('awards a rule once per source, within the daily cap, and nothing while the service is off', async () => {
    const db = tenant.db;
    const event = {
      appId: tenant.app.id,
      profileId: tenant.member.profileId,
      action: 'post_created' as const,
    };
    expect(await awardPoints(db, { ...event, sourceKey: 'post:a', subjectId: null })).toBe(5);
    expect(await awardPoints(db, { ...event, sourceKey: 'post:a', subjectId: null })).toBe(0);
    await db
      .insert(gamificationRules)
      .values({ appId: tenant.app.id, action: 'post_created', points: 4, isActive: true, dailyCap: 10 });
    expect(await awardPoints(db, { ...event, sourceKey: 'post:b' })).toBe(4);
    // 5 + 4 earned today: the cap of 10 leaves 1.
    expect(await awardPoints(db, { ...event, sourceKey: 'post:c' })).toBe(1);
    expect(await awardPoints(db, { ...event, sourceKey: 'post:d' })).toBe(0);
    expect(await balanceOf(tenant, tenant.member.profileId)).toMatchObject({ balance: 10, total: 10 });

    await db
      .update(apps)
      .set({ options: { services: { rewards: false } } })
      .where(eq(apps.id, tenant.app.id));
    expect(await awardPoints(db, { ...event, action: 'comment_created', sourceKey: 'comment:x' })).toBe(0);
    await db
      .update(apps)
      .set({ options: { services: { rewards: true } } })
      .where(eq(apps.id, tenant.app.id));
  });

  it('reverses what a deleted subject earned, once, and a like taken back', async () => {
    const db = tenant.db;
    const subjectId = '0190a0a0-0000-7000-8000-000000000001';
    const author = tenant.other.profileId;
    await awardPoints(db, {
      appId: tenant.app.id,
      profileId: author,
      action: 'comment_created',
      sourceKey: `comment:${subjectId}`,
      subjectId,
    });
    await awardPoints(db, {
      appId: tenant.app.id,
      profileId: author,
      action: 'like_received',
      sourceKey: `like:${subjectId}:m`,
      subjectId,
    });
    expect(await balanceOf(tenant, author)).toMatchObject({ balance: 3, total: 3 });
    expect(
      await reverseSource(db, {
        appId: tenant.app.id,
        profileId: author,
        action: 'like_received',
        sourceKey: `like:${subjectId}:m`,
      }),
    ).toBe(true);
    expect(await balanceOf(tenant, author)).toMatchObject({ balance: 2 });
    expect(await reverseSubject(db, tenant.app.id, subjectId)).toBe(1);
    expect(await reverseSubject(db, tenant.app.id, subjectId)).toBe(0);
    expect(await balanceOf(tenant, author)).toMatchObject({ balance: 0, total: 0 });
    // Liking again after taking the like back earns nothing: the source already counted.
    expect(
      await awardPoints(db, {
        appId: tenant.app.id,
        profileId: author,
        action: 'like_received',
        sourceKey: `like:${subjectId}:m`,
        subjectId,
      }),
    ).toBe(0);
  });

  it('charges the message fee only when the rule is on, and refuses it when the balance is too low', async () => {
    const db = tenant.db;
    const fee = { appId: tenant.app.id, profileId: tenant.moderator.profileId, sourceKey: 'message:1' };
    expect(await chargeMessageFee(db, fee)).toBe(0);
    await db
      .insert(gamificationRules)
      .values({ appId: tenant.app.id, action: 'message_sent_fee', points: 3, isActive: true });
    await expect(chargeMessageFee(db, fee)).rejects.toMatchObject({
      code: 'POINTS_TOO_LOW',
      statusCode: 409,
    });
    await awardPoints(db, {
      appId: tenant.app.id,
      profileId: fee.profileId,
      action: 'event_attended',
      sourceKey: 'event:1',
    });
    expect(await chargeMessageFee(db, fee)).toBe(3);
    expect(await balanceOf(tenant, fee.profileId)).toMatchObject({ balance: 2, total: 5 });
    await expect(chargeMessageFee(db, { ...fee, sourceKey: 'message:2' })).rejects.toMatchObject({
      code: 'POINTS_TOO_LOW',
    });
  });

  it('keeps every stored balance and total equal to the ledger after randomized concurrent operations', async () => {
    const db = tenant.db;
    const people = [tenant.member.profileId, tenant.other.profileId, tenant.moderator.profileId];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const subjects = Array.from({ length: 6 }, (_, index) => `0190a0a0-0000-7000-8000-0000000001${index}0`);
    const actions = ['comment_created', 'like_received', 'lesson_completed', 'event_attended'] as const;
    const operations = Array.from({ length: 80 }, () => {
      const profileId = people[random(people.length)]!;
      const subjectId = subjects[random(subjects.length)]!;
      switch (random(5)) {
        case 0:
          return () =>
            db.transaction((tx) =>
              awardPoints(tx, {
                appId: tenant.app.id,
                profileId,
                action: actions[random(actions.length)]!,
                sourceKey: `s:${random(20)}`,
                subjectId,
              }),
            );
        case 1:
          return () => db.transaction((tx) => reverseSubject(tx, tenant.app.id, subjectId));
        case 2:
        case 3: {
          // An admin's top-up (positive) or deduction (negative): a deduction below zero is refused.
          const points = (random(2) === 0 ? -1 : 1) * (1 + random(8));
          return () =>
            db
              .transaction((tx) =>
                applyTopUp(tx, {
                  appId: tenant.app.id,
                  profileId,
                  points,
                  reason: 'Test',
                  actorProfileId: null,
                }),
              )
              .catch((error: unknown) => {
                expect(error).toMatchObject({ code: 'POINTS_TOO_LOW' });
                return null;
              });
        }
        default:
          return () =>
            db
              .transaction((tx) =>
                chargeMessageFee(tx, { appId: tenant.app.id, profileId, sourceKey: `m:${random(1000)}` }),
              )
              .catch(() => 0);
      }
    });
    await Promise.all(operations.map((operation) => operation()));
    const sums = await sumsOf(tenant);
    expect(sums.length).toBeGreaterThan(0);
    for (const row of sums) {
      expect(row.balance).toBe(row.ledger);
      expect(row.total).toBe(row.earned);
    }
    const [topUps] = await rows<{ count: number }>(
      tenant.db,
      sql`select count(*)::int as count from gamification_ledger where app_id = ${tenant.app.id} and kind = 'top_up'`,
    );
    expect(topUps!.count).toBeGreaterThan(0);
  });
});
