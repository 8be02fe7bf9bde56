import type { Logger } from 'pino';
import type { CodeLimits, Session } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import * as repo from './auth.repo.ts';
import { codeLimitsOf, noPendingCode, type CodeService } from './codes.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionMeta, SessionService } from './sessions.service.ts';

export const stashTtlSeconds = 60;
const codeMinutes = Math.round(defaultCodeLimits.codeExpired / 60);

export type AuthServiceDeps = {
  db: Db;
  codes: CodeService;
  sessions: SessionService;
  mailer: Mailer;
  logger: Logger;
  /** Absolute base of links in mails, e.g. `http://localhost:3000`. */
  publicBaseUrl: string;
};

type LoginInput = { login: string; appId?: string | undefined };

export function createAuthService(deps: AuthServiceDeps) {
  const { db, codes, sessions, mailer } = deps;

  const requireAccount = async (actor: Actor) => {
    if (actor.kind !== 'account') {
      throw unauthorized();
    }
    const account = await repo.findLiveAccountById(db, actor.accountId);
    if (!account) {
      throw unauthorized();
    }
    return account;
  };

  return {
    /** Same answer for known and unknown addresses; only a known account gets the mail. */
    async sendSigninCode(input: LoginInput & { resend: boolean }): Promise<CodeLimits> {
      const account = await repo.findLiveAccountByEmail(db, input.login);
      const issued = await codes.issue({
        purpose: 'signin',
        login: input.login,
        accountId: account?.id ?? null,
        appId: input.appId,
        resend: input.resend,
      });
      if (issued.code && account) {
        await mailer.send({
          template: 'signin-code',
          params: { code: issued.code, expiresInMinutes: codeMinutes },
          to: account.email,
          language: account.language,
        });
      }
      return issued.limits;
    },

    async signInWithCode(
      input: LoginInput & { code: string; isRemember: boolean },
      meta: SessionMeta,
    ): Promise<Session> {
      const row = await codes.check({
        purpose: 'signin',
        login: input.login,
        code: input.code,
        consume: true,
      });
      const account = row.accountId ? await repo.findLiveAccountById(db, row.accountId) : undefined;
      if (!account) {
        throw noPendingCode();
      }
      // A code that reached the mailbox proves the address.
      if (!account.emailVerifiedAt) {
        await repo.updateAccount(db, account.id, { emailVerifiedAt: new Date() });
      }
      return sessions.start(account, input.isRemember, { ...meta, appId: input.appId ?? null });
    },

    async signInWithPassword(
      input: LoginInput & { password: string; isRemember: boolean },
      meta: SessionMeta,
    ): Promise<Session> {
      const account = await repo.findLiveAccountByEmail(db, input.login);
      // Unknown address and missing password take as long as a wrong password.
      const valid = await verifyPassword(account?.passwordHash, input.password);
      if (!account || !valid) {
        throw new AppError(400, errorCodes.invalidCredentials);
      }
      return sessions.start(account, input.isRemember, { ...meta, appId: input.appId ?? null });
    },

    /** The sign-up code goes to the address being registered, whether or not it already has an account. */
    async sendSignupCode(input: LoginInput & { resend: boolean; language: Language }): Promise<CodeLimits> {
      const issued = await codes.issue({
        purpose: 'signup',
        login: input.login,
        accountId: null,
        appId: input.appId,
        resend: input.resend,
      });
      if (issued.code) {
        await mailer.send({
          template: 'signup-code',
          params: { code: issued.code, expiresInMinutes: codeMinutes },
          to: input.login,
          language: input.language,
        });
      }
      return issued.limits;
    },

    async checkSignupCode(input: LoginInput & { code: string }): Promise<CodeLimits> {
      const row = await codes.check({
        purpose: 'signup',
        login: input.login,
        code: input.code,
        consume: false,
      });
      return codeLimitsOf(row);
    },

    /**
     * Creates the account once the code proves the address. If the address already has an account, the proven
     * owner is simply signed in to it (nothing about it is changed).
     */
    async signUp(
      input: LoginInput & {
        code: string;
        firstName: string;
        lastName: string;
        password?: string | undefined;
        language: Language;
        timezone?: string | undefined;
        isRemember: boolean;
      },
      meta: SessionMeta,
    ): Promise<Session> {
      await codes.check({ purpose: 'signup', login: input.login, code: input.code, consume: true });
      const existing = await repo.findLiveAccountByEmail(db, input.login);
      // A placeholder an invitation or import created is the person's account now: the form fills it in.
      if (existing && repo.isPlaceholderAccount(existing)) {
        const filled = await repo.updateAccount(db, existing.id, {
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: input.password ? await hashPassword(input.password) : null,
          language: input.language,
          timezone: input.timezone ?? existing.timezone,
          emailVerifiedAt: new Date(),
        });
        return sessions.start(filled ?? existing, input.isRemember, { ...meta, appId: input.appId ?? null });
      }
      if (existing) {
        return sessions.start(existing, input.isRemember, { ...meta, appId: input.appId ?? null });
      }
      const account = await repo.insertAccount(db, {
        id: newId(),
        email: input.login,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash: input.password ? await hashPassword(input.password) : null,
        language: input.language,
        timezone: input.timezone ?? 'Europe/Berlin',
        emailVerifiedAt: new Date(),
      });
      return sessions.start(account, input.isRemember, { ...meta, appId: input.appId ?? null });
    },

    async requestPasswordReset(input: LoginInput & { resend: boolean }): Promise<CodeLimits> {
      const account = await repo.findLiveAccountByEmail(db, input.login);
      const issued = await codes.issue({
        purpose: 'reset_password',
        login: input.login,
        accountId: account?.id ?? null,
        resend: input.resend,
      });
      if (issued.code && account) {
        const link = new URL('/auth/restore', deps.publicBaseUrl);
        link.searchParams.set('login', account.email);
        link.searchParams.set('code', issued.code);
        await mailer.send({
          template: 'reset-password',
          params: { link: link.toString(), code: issued.code, expiresInMinutes: codeMinutes },
          to: account.email,
          language: account.language,
        });
      }
      return issued.limits;
    },

    /** Sets the new password, signs out every other session and signs this browser in. */
    async confirmPasswordReset(
      input: LoginInput & { code: string; password: string },
      meta: SessionMeta,
    ): Promise<Session> {
      const row = await codes.check({
        purpose: 'reset_password',
        login: input.login,
        code: input.code,
        consume: true,
      });
      const account = row.accountId ? await repo.findLiveAccountById(db, row.accountId) : undefined;
      if (!account) {
        throw noPendingCode();
      }
      const updated = await repo.updateAccount(db, account.id, {
        passwordHash: await hashPassword(input.password),
        emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
      });
      await sessions.revokeAllOf(account.id, 'password_reset');
      return sessions.start(updated ?? account, true, meta);
    },

    refresh: (refreshToken: string) => sessions.refresh(refreshToken),

    identity: requireAccount,

    async logout(actor: Actor) {
      if (actor.kind === 'account' && actor.sessionId) {
        await sessions.revoke(actor.sessionId, 'logout');
      }
    },

    /** Parks the caller's session for 60 s behind a one-time code, for the hop from one host to another. */
    async stash(actor: Actor, refreshToken: string): Promise<{ code: string; expiresIn: number }> {
      const account = await requireAccount(actor);
      const session = await sessions.sessionOfRefreshToken(refreshToken, account.id);
      if (!session) {
        throw new AppError(400, errorCodes.invalidRefreshToken);
      }
      const code = randomToken();
      await repo.insertStash(db, {
        codeHash: sha256(code),
        sessionId: session.id,
        expiresAt: new Date(Date.now() + stashTtlSeconds * 1000),
      });
      return { code, expiresIn: stashTtlSeconds };
    },

    /** Redeems a stash code once: the other host gets its own session for the same account. */
    async takeStash(code: string, meta: SessionMeta): Promise<Session> {
      const taken = await repo.takeStash(db, sha256(code));
      const parked = taken ? await repo.findSession(db, taken.sessionId) : undefined;
      const account =
        parked && !parked.revokedAt ? await repo.findLiveAccountById(db, parked.accountId) : undefined;
      if (!parked || !account) {
        throw new AppError(400, errorCodes.invalidStashCode);
      }
      return sessions.start(account, parked.isRemember, meta);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
