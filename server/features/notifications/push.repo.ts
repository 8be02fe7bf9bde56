import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { platformSecrets, pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushTarget = Pick<PushSubscriptionRow, 'id' | 'endpoint' | 'p256dh' | 'auth'>;

/**
 * Stores `value` under `name` unless a value is there already, and answers the stored one: instances that start
 * together each offer their own, and all of them keep the first that landed.
 */
export async function storeSecretOnce(db: DbOrTx, name: string, value: string): Promise<string> {
  await db
    .insert(platformSecrets)
    .values({ name, value })
    .onConflictDoNothing({ target: platformSecrets.name });
  const [row] = await db
    .select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name));
  if (!row) {
    throw new Error(`secret ${name} could not be stored`);
  }
  return row.value;
}

/** One row per endpoint: a browser that subscribes again (or for someone else) replaces what was stored. */
export async function upsertSubscription(
  db: DbOrTx,
  values: Pick<
    PushSubscriptionRow,
    'id' | 'appId' | 'profileId' | 'endpoint' | 'p256dh' | 'auth' | 'userAgent'
  >,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        appId: values.appId,
        profileId: values.profileId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        // Handed over anew: it counts as the newest when the oldest are dropped.
        createdAt: sql`now()`,
        lastSuccessAt: null,
      },
    });
}

/** Drops the profile's oldest subscriptions beyond the newest `keep`. */
export async function trimSubscriptions(db: DbOrTx, profileId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.profileId, profileId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.profileId, profileId), notInArray(pushSubscriptions.id, newest)));
}

export async function countSubscriptions(db: DbOrTx, profileId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.profileId, profileId));
  return row?.value ?? 0;
}

export async function deleteSubscriptionOfProfile(
  db: DbOrTx,
  profileId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.profileId, profileId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function listTargetsOfProfile(db: DbOrTx, profileId: string): Promise<PushTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.profileId, profileId));
}

export async function markDelivered(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now()` })
      .where(inArray(pushSubscriptions.id, ids));
  }
}

export async function deleteSubscriptions(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length > 0) {
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
  }
}
