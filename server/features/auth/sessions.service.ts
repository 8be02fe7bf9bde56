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

export type SessionMeta = {
  appId?: string | null;
  deviceId?: string | null;
  userAgent?: string | null;
  ip?: string | null;
};

const invalidRefreshToken = () => new AppError(401, errorCodes.invalidRefreshToken);

export function createSessionService(deps: { db: Db; tokens: TokenService; logger: Logger }) {
  const { db, tokens, logger } = deps;

  async function issuePair(account: repo.AccountRow, session: repo.SessionRow): Promise<Session> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(db, {
      id: newId(),
      sessionId: session.id,
      tokenHash: sha256(refreshToken),
    });
    const accessToken = await tokens.signAccessToken({ accountId: account.id, sessionId: session.id });
    return {
      accessToken,
      refreshToken,
      expiresIn: accessTokenTtlSeconds,
      isRemember: session.isRemember,
      account: presentAccount(account),
    };
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
      const tokenHash = sha256(refreshToken);
      // One transaction (one commit) for the whole rotation: use the old token, check the family, store the new one.
      const outcome = await db.transaction(async (tx) => {
        const used = await repo.useRefreshTokenByHash(tx, tokenHash);
        if (!used) {
          const known = await repo.findRefreshToken(tx, tokenHash);
          return known
            ? ({ kind: 'replay', sessionId: known.session.id, accountId: known.session.accountId } as const)
            : ({ kind: 'unknown' } as const);
        }
        const found = await repo.findSessionWithLiveAccount(tx, used.sessionId);
        if (!found || found.session.revokedAt || found.session.expiresAt.getTime() <= Date.now()) {
          return { kind: 'ended', sessionId: used.sessionId } as const;
        }
        // Remembered sessions slide; browser sessions keep their one-day end.
        if (found.session.isRemember) {
          await repo.touchSession(tx, found.session.id, new Date(Date.now() + rememberedSessionMs));
        }
        const next = randomToken();
        await repo.insertRefreshToken(tx, {
          id: newId(),
          sessionId: found.session.id,
          tokenHash: sha256(next),
        });
        return { kind: 'rotated', next, ...found } as const;
      });
      switch (outcome.kind) {
        case 'unknown':
          throw invalidRefreshToken();
        case 'replay':
          await repo.revokeSession(db, outcome.sessionId, 'refresh_token_reuse');
          logger.warn(
            { sessionId: outcome.sessionId, accountId: outcome.accountId },
            'refresh token reused: session family revoked',
          );
          throw invalidRefreshToken();
        case 'ended':
          await repo.revokeSession(db, outcome.sessionId, 'ended');
          throw invalidRefreshToken();
        case 'rotated': {
          const accessToken = await tokens.signAccessToken({
            accountId: outcome.account.id,
            sessionId: outcome.session.id,
          });
          return {
            accessToken,
            refreshToken: outcome.next,
            expiresIn: accessTokenTtlSeconds,
            isRemember: outcome.session.isRemember,
            account: presentAccount(outcome.account),
          };
        }
      }
    },

    /** The live session a refresh token belongs to, if the caller owns it (used by the cross-host stash). */
    async sessionOfRefreshToken(
      refreshToken: string,
      accountId: string,
    ): Promise<repo.SessionRow | undefined> {
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
