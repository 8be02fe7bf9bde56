import type { Logger } from 'pino';
import type { Session } from '../../../contracts/auth.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { accessTokenTtlSeconds, type TokenService } from '../../platform/auth.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './auth.repo.ts';
import { presentAccount } from './auth.presenter.ts';

const day = 24 * 60 * 60 * 1000;
/** Remembered sessions live 30 days past their last use; others end a day after sign-in (or with the browser). */
export const rememberedSessionMs = 30 * day;
export const browserSessionMs = day;

export type SessionMeta = { appId?: string | null; deviceId?: string | null; userAgent?: string | null; ip?: string | null };

const invalidRefreshToken = () => new AppError(401, errorCodes.invalidRefreshToken);

export function createSessionService(deps: { db: Db; tokens: TokenService; logger: Logger }) {
  const { db, tokens, logger } = deps;

  async function issuePair(account: repo.AccountRow, session: repo.SessionRow): Promise<Session> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(db, { id: newId(), sessionId: session.id, tokenHash: sha256(refreshToken) });
    const accessToken = await tokens.signAccessToken({ accountId: account.id, sessionId: session.id });
    return { accessToken, refreshToken, expiresIn: accessTokenTtlSeconds, isRemember: session.isRemember, account: presentAccount(account) };
  }

  return {
    /** A new session (a new refresh-token family) for an account that just proved who it is. */
    async start(account: repo.AccountRow, isRemember: boolean, meta: SessionMeta = {}): Promise<Session> {
      const session = await repo.insertSession(db, {
        id: newId(),
        accountId: account.id,
        isRemember,
        appId: meta.appId ?? null,
        deviceId: meta.deviceId ?? null,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        ip: meta.ip ?? null,
        expiresAt: new Date(Date.now() + (isRemember ? rememberedSessionMs : browserSessionMs)),
      });
      return issuePair(account, session);
    },

    /**
     * Rotates a refresh token. A token presented a second time means it was copied: the whole family is
     * revoked, so the thief and the legitimate holder both have to sign in again.
     */
    async refresh(refreshToken: string): Promise<Session> {
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!found) {
        throw invalidRefreshToken();
      }
      const { token, session } = found;
      if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
        throw invalidRefreshToken();
      }
      if (token.usedAt || !(await repo.markRefreshTokenUsed(db, token.id))) {
        await repo.revokeSession(db, session.id, 'refresh_token_reuse');
        logger.warn({ sessionId: session.id, accountId: session.accountId }, 'refresh token reused: session family revoked');
        throw invalidRefreshToken();
      }
      const account = await repo.findLiveAccountById(db, session.accountId);
      if (!account) {
        await repo.revokeSession(db, session.id, 'account_gone');
        throw invalidRefreshToken();
      }
      // Remembered sessions slide; browser sessions keep their one-day end.
      if (session.isRemember) {
        await repo.touchSession(db, session.id, new Date(Date.now() + rememberedSessionMs));
      }
      return issuePair(account, session);
    },

    /** The live session a refresh token belongs to, if the caller owns it (used by the cross-host stash). */
    async sessionOfRefreshToken(refreshToken: string, accountId: string): Promise<repo.SessionRow | undefined> {
      const found = await repo.findRefreshToken(db, sha256(refreshToken));
      if (!found || found.token.usedAt || found.session.revokedAt || found.session.accountId !== accountId) {
        return undefined;
      }
      return found.session.expiresAt.getTime() > Date.now() ? found.session : undefined;
    },

    async revoke(sessionId: string, reason: string) {
      await repo.revokeSession(db, sessionId, reason);
    },

    async revokeAllOf(accountId: string, reason: string, exceptSessionId?: string | null) {
      return repo.revokeSessionsOfAccount(db, accountId, reason, exceptSessionId);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
