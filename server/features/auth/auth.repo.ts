import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  authCodes,
  refreshTokens,
  sessions,
  stashCodes,
  type AuthCodePurpose,
} from '../../db/schema/index.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthCodeRow = typeof authCodes.$inferSelect;

// --- accounts -------------------------------------------------------------------------------------------

export async function findLiveAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(sql`lower(${accounts.email}) = ${email.toLowerCase()}`, isNull(accounts.deletedAt)));
  return row;
}

export async function findLiveAccountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)));
  return row;
}

/**
 * A placeholder an invitation or import created for an address: never used (no password, the address never
 * proven). The person it was made for completes it as a new account.
 */
export function isPlaceholderAccount(account: Pick<AccountRow, 'passwordHash' | 'emailVerifiedAt'>): boolean {
  return account.passwordHash === null && account.emailVerifiedAt === null;
}

export async function insertAccount(db: DbOrTx, values: typeof accounts.$inferInsert): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  return row!;
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<typeof accounts.$inferInsert, 'id' | 'createdAt'>>,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .returning();
  return row;
}

// --- one-time codes -------------------------------------------------------------------------------------

export async function findOpenCode(
  db: DbOrTx,
  purpose: AuthCodePurpose,
  login: string,
): Promise<AuthCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(and(eq(authCodes.purpose, purpose), eq(authCodes.login, login), isNull(authCodes.consumedAt)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1);
  return row;
}

export async function insertCode(db: DbOrTx, values: typeof authCodes.$inferInsert): Promise<AuthCodeRow> {
  const [row] = await db.insert(authCodes).values(values).returning();
  return row!;
}

/** Closes every open code of a login for a purpose (a new one replaces them, or one was used). */
export async function closeOpenCodes(db: DbOrTx, purpose: AuthCodePurpose, login: string): Promise<void> {
  await db
    .update(authCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authCodes.purpose, purpose), eq(authCodes.login, login), isNull(authCodes.consumedAt)));
}

/**
 * Counts one check attempt atomically and only while attempts remain, so parallel guesses cannot exceed the
 * limit. Returns the row after counting, or undefined when no attempt was left.
 */
export async function countCodeAttempt(db: DbOrTx, id: string): Promise<AuthCodeRow | undefined> {
  const [row] = await db
    .update(authCodes)
    .set({ attempts: sql`${authCodes.attempts} + 1` })
    .where(
      and(eq(authCodes.id, id), isNull(authCodes.consumedAt), lt(authCodes.attempts, authCodes.maxAttempts)),
    )
    .returning();
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(authCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(authCodes.id, id), isNull(authCodes.consumedAt)))
    .returning({ id: authCodes.id });
  return rows.length === 1;
}

// --- sessions and refresh tokens ------------------------------------------------------------------------

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export async function touchSession(db: DbOrTx, id: string, expiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, expiresAt })
    .where(eq(sessions.id, id));
}

export async function revokeSession(db: DbOrTx, id: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfAccount(
  db: DbOrTx,
  accountId: string,
  reason: string,
  exceptSessionId?: string | null,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ token: refreshTokens, session: sessions })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Uses a refresh token in one statement; undefined when it is unknown or was used before. */
export async function useRefreshTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ sessionId: string } | undefined> {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  return row;
}

export async function findSessionWithLiveAccount(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, and(eq(accounts.id, sessions.accountId), isNull(accounts.deletedAt)))
    .where(eq(sessions.id, sessionId));
  return row;
}

// --- cross-host hand-off --------------------------------------------------------------------------------

export async function insertStash(db: DbOrTx, values: typeof stashCodes.$inferInsert): Promise<void> {
  await db.insert(stashCodes).values(values);
}

/** Takes a stash code once, while it is fresh. */
export async function takeStash(db: DbOrTx, codeHash: string): Promise<{ sessionId: string } | undefined> {
  const [row] = await db
    .update(stashCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(stashCodes.codeHash, codeHash), isNull(stashCodes.usedAt), gt(stashCodes.expiresAt, sql`now()`)),
    )
    .returning({ sessionId: stashCodes.sessionId });
  return row;
}
