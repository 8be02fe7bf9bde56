import { v7 as uuidv7 } from 'uuid';
import { accounts, refreshTokens, sessions } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/features/auth/passwords.ts';
import { sha256 } from '../../server/platform/crypto.ts';
import type { Random } from '../lib/random.ts';
import type { SeedContext } from '../lib/types.ts';
import { randomBytes } from './project.ts';

export type IdentitySeed = {
  accountCount: number;
  deletedAccountCount: number;
  sessionCount: number;
  refreshTokenCount: number;
  /** A live account with a password, the one `GET /api/auth/identity` signs in as. */
  identityAccountId: string;
  /**
   * Raw refresh tokens of fresh remembered sessions (one unused token each, its own family): every connection
   * of the refresh scenario starts its chain with one of them, the probe takes one too.
   */
  refreshPool: string[];
};

type AccountInsert = typeof accounts.$inferInsert;
type SessionInsert = typeof sessions.$inferInsert;
type RefreshTokenInsert = typeof refreshTokens.$inferInsert;

const accountCount = 10_000;
const deletedShare = 0.01;
const batchSize = 1_000;
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
// The server's lifetimes (sessions.service.ts): remembered sessions slide 30 days, others end after one.
const rememberedSessionMs = 30 * day;
const browserSessionMs = day;

const firstNames = [
  ...'Anna Ben Clara David Emma Felix Greta Hannah Jonas Lea Lukas Marie Noah'.split(' '),
  ...'Paul Sophie Tim Julia Max Laura Elias Mia Leon Lina Finn Ida Karl'.split(' '),
];
const lastNames = [
  ...'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann'.split(' '),
  ...'Koch Richter Klein Wolf Schröder Neumann Schwarz Braun Zimmermann Krüger'.split(' '),
];
const timezones: readonly (readonly [string, number])[] = [
  ['Europe/Berlin', 90],
  ['Europe/Vienna', 5],
  ['Europe/Zurich', 3],
  ['America/New_York', 2],
];
const userAgents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Gemeinde/3.4.1 (iOS 18.1; iPhone15,2)',
  'Gemeinde/3.4.1 (Android 14; SM-S911B)',
] as const;

/**
 * 10,000 accounts created over two years (1 % marked as deleted, 60 % with a password), each with 1–3 sessions
 * (the older ones logged out, expired or slid on) and their rotation history of refresh tokens (all but the
 * newest used). On top: a pool of fresh remembered sessions with known raw refresh tokens for the refresh
 * scenario, 4 × connections + 10 of them (probe, warm-up and measured run each start new chains), spread over
 * random live accounts.
 */
export async function seedIdentity({
  db,
  random,
  connections,
  project,
  log,
}: SeedContext): Promise<IdentitySeed> {
  const now = Date.now();
  // One real argon2id hash shared by every account with a password: hashing 6,000 would take minutes.
  const passwordHash = await hashPassword('bench password 1');

  const accountRows: AccountInsert[] = [];
  for (let index = 0; index < accountCount; index++) {
    const createdAtMs = now - random.int(day, 730 * day);
    const id = uuidv7({ msecs: createdAtMs, random: randomBytes(random) });
    const deleted = random.next() < deletedShare;
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const createdAt = new Date(createdAtMs);
    const updatedAt = new Date(random.int(createdAtMs, now));
    accountRows.push(
      deleted
        ? {
            id,
            email: `deleted-${id}@deleted.invalid`,
            passwordHash: null,
            deletedAt: updatedAt,
            createdAt,
            updatedAt,
          }
        : {
            id,
            email: `${ascii(firstName)}.${ascii(lastName)}.${index}@example.org`,
            firstName,
            lastName,
            passwordHash: random.next() < 0.6 ? passwordHash : null,
            language: random.next() < 0.85 ? 'de' : 'en',
            timezone: random.weighted(timezones),
            frontendSettings:
              random.next() < 0.3 ? { theme: random.pick(['light', 'dark']), sidebar: 'collapsed' } : {},
            emailVerifiedAt: random.next() < 0.95 ? new Date(createdAtMs + random.int(0, hour)) : null,
            createdAt,
            updatedAt,
          },
    );
  }
  const live = accountRows.filter((row) => !row.deletedAt);

  const sessionRows: SessionInsert[] = [];
  const tokenRows: RefreshTokenInsert[] = [];
  for (const account of accountRows) {
    const sessionCount = random.weighted([
      [1, 50],
      [2, 35],
      [3, 15],
    ] as const);
    for (let count = 0; count < sessionCount; count++) {
      addHistoricSession(random, project.appIds, account, now, sessionRows, tokenRows);
    }
  }

  const poolSize = 4 * connections + 10;
  const refreshPool: string[] = [];
  for (let index = 0; index < poolSize; index++) {
    const account = random.pick(live);
    const createdAtMs = now - random.int(1, 60) * minute;
    const sessionId = uuidv7({ msecs: createdAtMs, random: randomBytes(random) });
    sessionRows.push({
      id: sessionId,
      accountId: account.id,
      appId: random.pick(project.appIds),
      deviceId: deviceId(random),
      isRemember: true,
      userAgent: random.pick(userAgents),
      ip: clientIp(random),
      createdAt: new Date(createdAtMs),
      lastUsedAt: new Date(createdAtMs),
      expiresAt: new Date(now + rememberedSessionMs),
    });
    const raw = rawToken(random);
    refreshPool.push(raw);
    tokenRows.push({
      id: uuidv7({ msecs: createdAtMs, random: randomBytes(random) }),
      sessionId,
      tokenHash: sha256(raw),
      createdAt: new Date(createdAtMs),
    });
  }

  await insertBatches(accountRows, (rows) => db.insert(accounts).values(rows));
  await insertBatches(sessionRows, (rows) => db.insert(sessions).values(rows));
  await insertBatches(tokenRows, (rows) => db.insert(refreshTokens).values(rows));
  log(
    `identity: ${accountRows.length} accounts, ${sessionRows.length} sessions, ${tokenRows.length} refresh tokens ` +
      `(${refreshPool.length} for the refresh scenario)`,
  );

  const identityAccount = live.find((row) => row.passwordHash && row.emailVerifiedAt);
  if (!identityAccount) {
    throw new Error('identity seed: no live account with a password');
  }
  return {
    accountCount: accountRows.length,
    deletedAccountCount: accountRows.length - live.length,
    sessionCount: sessionRows.length,
    refreshTokenCount: tokenRows.length,
    identityAccountId: identityAccount.id,
    refreshPool,
  };
}

/**
 * One past sign-in of an account: remembered or not, used for a while (one refresh roughly every 15 minutes of
 * activity, a few rotations kept), then logged out, expired, revoked with the account, or still live.
 */
function addHistoricSession(
  random: Random,
  appIds: string[],
  account: AccountInsert,
  now: number,
  sessionRows: SessionInsert[],
  tokenRows: RefreshTokenInsert[],
): void {
  const accountCreatedMs = account.createdAt!.getTime();
  const deletedAt = account.deletedAt ?? null;
  // A deleted account's sessions all lie before its deletion, which revoked them.
  const endMs = deletedAt ? deletedAt.getTime() : now - minute;
  const createdAtMs = random.int(accountCreatedMs, Math.max(accountCreatedMs, endMs));
  const isRemember = random.next() < 0.7;
  const lastUsedAtMs = Math.min(endMs, createdAtMs + random.int(0, isRemember ? 20 * day : 12 * hour));
  const expiresAtMs = isRemember ? lastUsedAtMs + rememberedSessionMs : createdAtMs + browserSessionMs;
  const loggedOut = !deletedAt && expiresAtMs > now && random.next() < 0.2;
  const id = uuidv7({ msecs: createdAtMs, random: randomBytes(random) });
  sessionRows.push({
    id,
    accountId: account.id,
    appId: random.next() < 0.8 ? random.pick(appIds) : null,
    deviceId: random.next() < 0.5 ? deviceId(random) : null,
    isRemember,
    userAgent: random.pick(userAgents),
    ip: clientIp(random),
    createdAt: new Date(createdAtMs),
    lastUsedAt: new Date(lastUsedAtMs),
    expiresAt: new Date(expiresAtMs),
    revokedAt: deletedAt ?? (loggedOut ? new Date(random.int(lastUsedAtMs, now)) : null),
    revokedReason: deletedAt ? 'account_deleted' : loggedOut ? 'logout' : null,
  });
  const rotations = random.int(1, 6);
  const step = Math.max(1, Math.floor((lastUsedAtMs - createdAtMs) / rotations));
  for (let rotation = 0; rotation < rotations; rotation++) {
    const issuedMs = createdAtMs + rotation * step;
    const newest = rotation === rotations - 1;
    tokenRows.push({
      id: uuidv7({ msecs: issuedMs, random: randomBytes(random) }),
      sessionId: id,
      tokenHash: sha256(rawToken(random)),
      createdAt: new Date(issuedMs),
      usedAt: newest ? null : new Date(issuedMs + step),
    });
  }
}

async function insertBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    await insert(rows.slice(start, start + batchSize));
  }
}

/** 256 bits from the seeded source, base64url, like `randomToken()` on the server. */
function rawToken(random: Random): string {
  return Buffer.concat([randomBytes(random), randomBytes(random)]).toString('base64url');
}

function deviceId(random: Random): string {
  return Buffer.from(randomBytes(random)).toString('hex');
}

function clientIp(random: Random): string {
  return `${random.int(2, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function ascii(name: string): string {
  return name.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}
