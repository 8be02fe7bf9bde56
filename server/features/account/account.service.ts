import type { z } from 'zod';
import type { updateAccountBodySchema } from '../../../contracts/account.ts';
import type { CodeLimits } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  findLiveAccountByEmail,
  findLiveAccountById,
  hashPassword,
  noPendingCode,
  revokeSessionsOfAccount,
  updateAccount,
  verifyPassword,
  type CodeService,
  type SessionService,
} from '../auth/public.ts';
import { isTimezone } from './timezones.ts';

type Flags = Record<string, string | number | boolean | null>;
const maxStoredFlags = 200;

export function createAccountService(deps: {
  db: Db;
  codes: CodeService;
  sessions: SessionService;
  mailer: Mailer;
}) {
  const { db, codes, sessions, mailer } = deps;

  const requireAccount = async (actor: Actor) => {
    const account = actor.kind === 'account' ? await findLiveAccountById(db, actor.accountId) : undefined;
    if (!account) {
      throw unauthorized();
    }
    return account;
  };

  return {
    requireAccount,

    async update(actor: Actor, input: z.output<typeof updateAccountBodySchema>) {
      const account = await requireAccount(actor);
      if (input.timezone !== undefined && !isTimezone(input.timezone)) {
        throw badRequest({ timezone: 'validation.invalidValue' });
      }
      const updated = await updateAccount(db, account.id, {
        ...(input.firstName !== undefined ? { firstName: input.firstName.trim() } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName.trim() } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      });
      return updated ?? account;
    },

    /** Needs the current password when one is set; every other session of the account ends. */
    async changePassword(actor: Actor, input: { currentPassword?: string | undefined; password: string }) {
      const account = await requireAccount(actor);
      if (
        account.passwordHash &&
        !(await verifyPassword(account.passwordHash, input.currentPassword ?? ''))
      ) {
        throw new AppError(400, errorCodes.currentPasswordWrong);
      }
      await updateAccount(db, account.id, { passwordHash: await hashPassword(input.password) });
      await sessions.revokeAllOf(
        account.id,
        'password_changed',
        actor.kind === 'account' ? actor.sessionId : null,
      );
    },

    /**
     * Deletes the person, not their contributions: personal data is overwritten, every session ends, and
     * content they wrote stays attributed to this (now anonymous) account id, shown as "deleted user".
     */
    async markAsDeleted(actor: Actor) {
      const account = await requireAccount(actor);
      await db.transaction(async (tx) => {
        await updateAccount(tx, account.id, {
          email: `deleted+${account.id}@deleted.invalid`,
          firstName: '',
          lastName: '',
          passwordHash: null,
          frontendSettings: {},
          emailVerifiedAt: null,
          deletedAt: new Date(),
        });
        await revokeSessionsOfAccount(tx, account.id, 'account_deleted');
      });
    },

    async frontendSettings(actor: Actor): Promise<Flags> {
      return (await requireAccount(actor)).frontendSettings as Flags;
    },

    async mergeFrontendSettings(actor: Actor, flags: Flags): Promise<Flags> {
      const account = await requireAccount(actor);
      const merged: Flags = { ...(account.frontendSettings as Flags) };
      for (const [key, value] of Object.entries(flags)) {
        if (value === null) {
          delete merged[key];
        } else {
          merged[key] = value;
        }
      }
      if (Object.keys(merged).length > maxStoredFlags) {
        throw badRequest({ flags: 'validation.validateMaxLength' });
      }
      await updateAccount(db, account.id, { frontendSettings: merged });
      return merged;
    },

    /**
     * Sends a code to the new address; the change happens when that code comes back. Started from an app's
     * profile, the code records the app and the mail carries the app's name.
     */
    async startContactChange(
      actor: Actor,
      input: { value: string; resend: boolean; app?: { id: string; projectId: string; name: string } },
    ): Promise<CodeLimits> {
      const account = await requireAccount(actor);
      const issued = await codes.issue({
        purpose: 'contact_change',
        login: input.value,
        accountId: account.id,
        appId: input.app?.id ?? null,
        payload: { field: 'email' },
        resend: input.resend,
      });
      if (issued.code) {
        await mailer.send({
          template: 'contact-change-code',
          params: {
            code: issued.code,
            expiresInMinutes: Math.round(defaultCodeLimits.codeExpired / 60),
            ...(input.app ? { appName: input.app.name } : {}),
          },
          to: input.value,
          language: account.language,
          projectId: input.app?.projectId ?? null,
        });
      }
      return issued.limits;
    },

    async confirmContactChange(actor: Actor, input: { login: string; code: string }) {
      const account = await requireAccount(actor);
      const row = await codes.check({
        purpose: 'contact_change',
        login: input.login,
        code: input.code,
        consume: true,
      });
      if (row.accountId !== account.id) {
        throw noPendingCode();
      }
      if (await findLiveAccountByEmail(db, input.login)) {
        throw conflict(errorCodes.conflict, { field: 'email' });
      }
      return (
        (await updateAccount(db, account.id, { email: input.login, emailVerifiedAt: new Date() })) ?? account
      );
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
