import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { z } from 'zod';
import { pushLimits, type PushPayload } from '../../../contracts/push.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  deleteSubscriptions,
  listTargetsOfProfile,
  markDelivered,
  storeSecretOnce,
  type PushTarget,
} from './push.repo.ts';

/*
 * Web Push (RFC 8030) with VAPID (RFC 8292) and message encryption (RFC 8291). `web-push` encrypts the message
 * and signs the request; we send it ourselves with fetch, so a push service on loopback can be plain http (the
 * tests' server/test/push-service.ts) and nothing follows a redirect. The rules: docs/decisions/notifications.md.
 */

export type VapidKeys = { publicKey: string; privateKey: string };
/** What signs every request to a push service: the deployment's key pair and a contact for its operators. */
export type Vapid = VapidKeys & { subject: string };
/** The deployment's VAPID identity, read (or made) on first use and then kept by the process. */
export type VapidSource = () => Promise<Vapid>;

export type PushResult = { sent: number; pruned: number };
export type PushSender = {
  /**
   * Sends the payload to every subscription of the profile. A subscription whose push service answers 404 or
   * 410 is gone and deleted; other failures are logged and the subscription kept. Throws only when nothing could
   * be tried (the database or the keys are unavailable).
   */
  sendToProfile(profileId: string, payload: PushPayload): Promise<PushResult>;
};

/** The row of platform_secrets that holds the key pair, as JSON. */
const vapidSecretName = 'vapid';

const vapidKeysSchema = z.object({
  publicKey: z.string().regex(/^B[A-Za-z0-9_-]{86}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * The deployment's VAPID key pair, made once and kept in the database like the JWT secret: every instance
 * offers a fresh pair and all of them keep the first one stored. Changing it would end every subscription (a
 * browser's subscription is bound to the key it was made with), so an operator may put a pair there beforehand.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const stored = await storeSecretOnce(db, vapidSecretName, JSON.stringify(webpush.generateVAPIDKeys()));
  const parsed = vapidKeysSchema.safeParse(JSON.parse(stored));
  if (!parsed.success) {
    throw new Error(
      `platform_secrets.${vapidSecretName} is not a VAPID key pair ({ publicKey, privateKey })`,
    );
  }
  return parsed.data;
}

/**
 * Whom push services contact about our messages (RFC 8292 `sub`): the address mails come from, else the public
 * web address when it is https (push services take only `mailto:` and `https:`).
 */
export function vapidSubject(config: Pick<Config, 'mail' | 'publicBaseUrl' | 'serviceHost'>): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from.trim();
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
    return `mailto:${address}`;
  }
  if (config.publicBaseUrl.startsWith('https://')) {
    return config.publicBaseUrl;
  }
  return `mailto:no-reply@${config.serviceHost.replace(/:\d+$/, '')}`;
}

/** Loads the keys on first use; a failed load is tried again next time. */
export function vapidSource(db: Db, subject: string): VapidSource {
  let loading: Promise<Vapid> | undefined;
  return () => {
    loading ??= loadVapidKeys(db).then(
      (keys) => ({ ...keys, subject }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

type Outcome = 'sent' | 'gone' | 'failed';

export function createPushSender(deps: {
  db: Db;
  logger: Logger;
  vapid: VapidSource;
  /** How long one push service may take to answer. */
  timeoutMs?: number;
}): PushSender {
  const { db, logger } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  const deliver = async (
    target: PushTarget,
    body: string,
    topic: string | undefined,
    vapid: Vapid,
  ): Promise<Outcome> => {
    const pushService = originOf(target.endpoint);
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        body,
        {
          vapidDetails: vapid,
          TTL: pushLimits.ttlSeconds,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
        },
      );
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: fetchHeaders(request.headers),
        body: new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) {
        return 'sent';
      }
      if (response.status === 404 || response.status === 410) {
        return 'gone';
      }
      logger.warn({ pushService, status: response.status }, 'push: the push service refused a message');
    } catch (error) {
      logger.warn({ err: error, pushService }, 'push: a message could not be sent');
    }
    return 'failed';
  };

  return {
    async sendToProfile(profileId, payload) {
      const targets = await listTargetsOfProfile(db, profileId);
      if (targets.length === 0) {
        return { sent: 0, pruned: 0 };
      }
      const vapid = await deps.vapid();
      const body = JSON.stringify(fitted(payload));
      const topic = payload.tag ? topicOf(payload.tag) : undefined;
      const outcomes = await Promise.all(
        targets.map(async (target) => ({
          id: target.id,
          outcome: await deliver(target, body, topic, vapid),
        })),
      );
      const idsWith = (outcome: Outcome) =>
        outcomes.filter((entry) => entry.outcome === outcome).map((entry) => entry.id);
      const sent = idsWith('sent');
      const gone = idsWith('gone');
      await markDelivered(db, sent);
      await deleteSubscriptions(db, gone);
      return { sent: sent.length, pruned: gone.length };
    },
  };
}

/** A message's plaintext must fit one 4 KB record (RFC 8291 §4): the texts are cut to their limits. */
function fitted(payload: PushPayload): PushPayload {
  return {
    ...payload,
    title: clip(payload.title, pushLimits.titleLength),
    body: clip(payload.body, pushLimits.bodyLength),
  };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * The push service keeps only the newest undelivered message of a topic (RFC 8030 §5.4), like the notification
 * `tag` replaces an older one on screen. A topic is at most 32 base64url characters: a digest of the tag.
 */
function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** fetch sets Content-Length itself; web-push gives some values as numbers. */
function fetchHeaders(headers: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Logged instead of the endpoint, which is a capability of its own. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}
