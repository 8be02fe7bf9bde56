import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { UnsubscribeInfo } from '../../../contracts/notifications.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/*
 * One-click unsubscribe (RFC 8058, route `unsubscribe/{hash}`): every notification mail carries a link that
 * switches its kind of mail off for that profile without signing in. The hash names the profile and the scope
 * and is signed with a deployment secret, so nobody can make one for someone else:
 *   base64url(profile id, 16 bytes) + scope letter (e: every notification mail, d: the digest) + MAC (16 bytes).
 */

export type UnsubscribeScope = UnsubscribeInfo['scope'];

const scopeLetter: Record<UnsubscribeScope, string> = { email: 'e', digest: 'd' };
const idLength = 22;
const macLength = 22;

function uuidToBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type UnsubscribeLinks = {
  hashOf(profileId: string, scope: UnsubscribeScope): Promise<string>;
  /** The profile and scope a hash names, or null when it is not one of ours. */
  verify(hash: string): Promise<{ profileId: string; scope: UnsubscribeScope } | null>;
};

export function createUnsubscribeLinks(db: Db): UnsubscribeLinks {
  let secret: Promise<string> | undefined;
  const key = () => (secret ??= getOrCreateSecret(db, 'unsubscribe'));
  const macOf = async (body: string) =>
    createHmac('sha256', await key())
      .update(body)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  return {
    async hashOf(profileId, scope) {
      const body = `${uuidToBytes(profileId).toString('base64url')}${scopeLetter[scope]}`;
      return `${body}${await macOf(body)}`;
    },
    async verify(hash) {
      if (hash.length !== idLength + 1 + macLength || !/^[A-Za-z0-9_-]+$/.test(hash)) {
        return null;
      }
      const body = hash.slice(0, idLength + 1);
      const given = Buffer.from(hash.slice(idLength + 1));
      const expected = Buffer.from(await macOf(body));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return null;
      }
      const letter = body.slice(idLength);
      const scope = letter === 'e' ? 'email' : letter === 'd' ? 'digest' : null;
      const bytes = Buffer.from(body.slice(0, idLength), 'base64url');
      if (scope === null || bytes.length !== 16) {
        return null;
      }
      return { profileId: bytesToUuid(bytes), scope };
    },
  };
}

type Target = { app_name: string; email: string; is_email_enabled: boolean; email_digest: string };

async function targetOf(db: DbOrTx, profileId: string): Promise<Target | undefined> {
  const result: unknown = await db.execute(
    sql`select ap.name as app_name, a.email, p.is_email_enabled, p.email_digest
      from profiles p join accounts a on a.id = p.account_id join apps ap on ap.id = p.app_id
      where p.id = ${profileId} and p.deleted_at is null`,
  );
  return (result as { rows: Target[] }).rows[0];
}

/** Shows the address only half: the page is open to whoever holds the link. */
function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

export function createUnsubscribeService(deps: { db: Db; links: UnsubscribeLinks }) {
  const { db, links } = deps;

  async function resolve(hash: string) {
    const named = await links.verify(hash);
    const target = named ? await targetOf(db, named.profileId) : undefined;
    if (!named || !target) {
      throw notFound();
    }
    return { ...named, target };
  }

  return {
    async info(hash: string): Promise<UnsubscribeInfo> {
      const { scope, target } = await resolve(hash);
      return {
        appName: target.app_name,
        email: maskedEmail(target.email),
        scope,
        isUnsubscribed: scope === 'email' ? !target.is_email_enabled : target.email_digest === 'off',
      };
    },
    /** Switches the scope's mails off; repeating it changes nothing. */
    async unsubscribe(hash: string): Promise<void> {
      const { scope, profileId } = await resolve(hash);
      await db.execute(
        scope === 'email'
          ? sql`update profiles set is_email_enabled = false, updated_at = now() where id = ${profileId}`
          : sql`update profiles set email_digest = 'off', updated_at = now() where id = ${profileId}`,
      );
    },
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
