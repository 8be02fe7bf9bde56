import { ECDH } from 'node:crypto';
import {
  pushLimits,
  type PushSettings,
  type PushSubscriptionBody,
  type PushUnsubscribeBody,
} from '../../../contracts/push.ts';
import { validationKeys } from '../../../contracts/validation/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ProfileRow } from '../workspace/public.ts';
import type { VapidSource } from './push.ts';
import {
  countSubscriptions,
  deleteSubscriptionOfProfile,
  trimSubscriptions,
  upsertSubscription,
} from './push.repo.ts';

/** The caller's own live profile in the app (the profile feature's own-profile scope resolves it). */
export type PushAccess = { profile: Pick<ProfileRow, 'id' | 'appId'> };

export type PushSubscriptionService = ReturnType<typeof createPushSubscriptionService>;

/** A member's push subscriptions: this browser on or off, and the key browsers subscribe with. */
export function createPushSubscriptionService(deps: { db: Db; vapid: VapidSource }) {
  const { db } = deps;
  return {
    async settings(access: PushAccess): Promise<PushSettings> {
      const [vapid, subscriptions] = await Promise.all([
        deps.vapid(),
        countSubscriptions(db, access.profile.id),
      ]);
      return { publicKey: vapid.publicKey, subscriptions };
    },

    /** Stores the browser's subscription for the caller (taking it over from whoever had it before). */
    async subscribe(access: PushAccess, body: PushSubscriptionBody, userAgent: string): Promise<void> {
      if (!isP256Point(body.keys.p256dh)) {
        throw badRequest({ 'keys.p256dh': validationKeys.invalidValue });
      }
      await upsertSubscription(db, {
        id: newId(),
        appId: access.profile.appId,
        profileId: access.profile.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        userAgent: userAgent.slice(0, 300),
      });
      await trimSubscriptions(db, access.profile.id, pushLimits.subscriptionsPerProfile);
    },

    /** Forgets the caller's subscription with this endpoint; someone else's stays (and nobody learns of it). */
    async unsubscribe(access: PushAccess, body: PushUnsubscribeBody): Promise<void> {
      await deleteSubscriptionOfProfile(db, access.profile.id, body.endpoint);
    },
  };
}

/** Whether the key is a point on P-256: messages encrypted for anything else could never be read. */
function isP256Point(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
