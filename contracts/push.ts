import { z } from 'zod';
import { keyedCheck, maxLength, validationKeys } from './validation/index.ts';

/*
 * Web Push (issue 16): a browser's push subscription for a member of an app, and the deployment's VAPID public
 * key it is made with. The browser hands over `PushSubscription.toJSON()`; the server encrypts each message for
 * it (RFC 8291) and signs each request to its push service (RFC 8292). The rules: docs/decisions/notifications.md.
 */

export const pushLimits = {
  /** Subscriptions per profile (browsers and devices); a new one beyond this drops the oldest. */
  subscriptionsPerProfile: 20,
  /** Endpoints of the big push services are 150–400 characters. */
  endpointLength: 2048,
  /** Push services keep an undelivered message this long (seconds), then drop it. */
  ttlSeconds: 24 * 60 * 60,
  titleLength: 120,
  bodyLength: 400,
} as const;

/** Plain http is accepted only on this machine: the test push service listens on loopback. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An https URL without credentials (or http on loopback): where the browser's push service takes messages. */
export function isPushEndpoint(value: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) {
    return false;
  }
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopbackHosts.has(parsed.hostname));
}

// base64url without padding (what `toJSON()` gives; a trailing `=` is tolerated). 65 bytes are 87 characters,
// and an uncompressed point starts with the byte 0x04, which makes the first character a `B`.
const p256dhPattern = /^B[A-Za-z0-9_-]{86}=?$/;
// 16 bytes are 22 characters.
const authPattern = /^[A-Za-z0-9_-]{22}(==)?$/;

const endpointSchema = z
  .string()
  .min(1)
  .check(maxLength(pushLimits.endpointLength), keyedCheck(isPushEndpoint, validationKeys.url));

/** `POST /apps/{appId}/profile/notifications/push`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: endpointSchema,
  /** Sent by browsers (mostly null); not stored: a push service that lets it lapse answers 404 or 410. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
    p256dh: z.string().regex(p256dhPattern, validationKeys.invalidFormat),
    /** The browser's 16-byte authentication secret, base64url. */
    auth: z.string().regex(authPattern, validationKeys.invalidFormat),
  }),
});
export type PushSubscriptionBody = z.output<typeof pushSubscriptionBodySchema>;

/** `DELETE /apps/{appId}/profile/notifications/push`: forget this browser's subscription. */
export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.string().min(1).check(maxLength(pushLimits.endpointLength)),
});
export type PushUnsubscribeBody = z.output<typeof pushUnsubscribeBodySchema>;

/** `GET /apps/{appId}/profile/notifications/push`. */
export const pushSettingsSchema = z.object({
  /** The deployment's VAPID public key (base64url, 65 bytes): `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: z.string(),
  /** How many browsers and devices of this profile receive push messages. */
  subscriptions: z.number().int().min(0),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/**
 * What a push message carries, as JSON (the service worker web/public/push-sw.js shows it). `url` opens on a
 * click (an address of the app, relative to its origin); `tag` replaces an older notification with the same tag.
 */
export const pushPayloadSchema = z.object({
  title: z.string().max(pushLimits.titleLength),
  body: z.string().max(pushLimits.bodyLength),
  url: z.string(),
  tag: z.string().optional(),
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
