import type { CodeLimits } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import { errorCodes, type ErrorCode } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import type { AuthCodePurpose } from '../../db/schema/index.ts';
import { constantTimeEqual, keyedHash, randomDigits } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './auth.repo.ts';

export const codeLength = 6;

export function codeLimitsOf(row: repo.AuthCodeRow, now = Date.now()): CodeLimits {
  const secondsUntil = (date: Date) => Math.max(0, Math.ceil((date.getTime() - now) / 1000));
  return {
    sendAgainAfter: secondsUntil(row.sendAgainAt),
    codeExpired: secondsUntil(row.expiresAt),
    codeCheckLimit: row.maxAttempts,
    codeCheckRemaining: Math.max(0, row.maxAttempts - row.attempts),
  };
}

export function codeError(code: ErrorCode, row?: repo.AuthCodeRow): AppError {
  return new AppError(400, code, row ? { details: { limits: codeLimitsOf(row) } } : {});
}

/** "The flow cannot continue from this step" (spec error 40000): the client restarts it. */
export const noPendingCode = () =>
  new AppError(400, errorCodes.authRethrow, { details: { reason: 'no_pending_code' } });

export type IssuedCode = {
  row: repo.AuthCodeRow;
  limits: CodeLimits;
  /** null when the code sent before is still the one to use. */ code: string | null;
};

export function createCodeService(deps: { db: Db; pepper: string }) {
  const { db, pepper } = deps;
  const hashOf = (id: string, code: string) => keyedHash(pepper, `${id}:${code}`);

  return {
    /**
     * Makes a new code unless the last one is still within its resend pause: then a plain repeat answers its
     * limits and sends nothing, and an explicit resend is refused with SEND_AGAIN_LATER.
     */
    async issue(input: {
      purpose: AuthCodePurpose;
      login: string;
      accountId: string | null;
      appId?: string | null;
      payload?: Record<string, unknown> | null;
      resend?: boolean;
    }): Promise<IssuedCode> {
      const now = Date.now();
      const open = await repo.findOpenCode(db, input.purpose, input.login);
      const openIsUsable = open && open.expiresAt.getTime() > now && open.attempts < open.maxAttempts;
      if (open && openIsUsable && open.sendAgainAt.getTime() > now) {
        if (input.resend) {
          throw codeError(errorCodes.sendAgainLater, open);
        }
        return { row: open, limits: codeLimitsOf(open, now), code: null };
      }
      await repo.closeOpenCodes(db, input.purpose, input.login);
      const id = newId();
      const code = randomDigits(codeLength);
      const row = await repo.insertCode(db, {
        id,
        purpose: input.purpose,
        login: input.login,
        accountId: input.accountId,
        appId: input.appId ?? null,
        payload: input.payload ?? null,
        codeHash: hashOf(id, code),
        maxAttempts: defaultCodeLimits.codeCheckLimit,
        sendAgainAt: new Date(now + defaultCodeLimits.sendAgainAfter * 1000),
        expiresAt: new Date(now + defaultCodeLimits.codeExpired * 1000),
      });
      return { row, limits: codeLimitsOf(row, now), code };
    },

    /**
     * Checks a code against the login's open code. Each check counts (atomically) against the limit; the
     * comparison is constant-time. With `consume`, a correct code is used up.
     */
    async check(input: {
      purpose: AuthCodePurpose;
      login: string;
      code: string;
      consume: boolean;
    }): Promise<repo.AuthCodeRow> {
      const open = await repo.findOpenCode(db, input.purpose, input.login);
      if (!open) {
        throw noPendingCode();
      }
      if (open.expiresAt.getTime() <= Date.now()) {
        throw codeError(errorCodes.codeExpired, open);
      }
      const counted = await repo.countCodeAttempt(db, open.id);
      if (!counted) {
        throw codeError(errorCodes.codeCheckLimit, open);
      }
      if (!constantTimeEqual(hashOf(counted.id, input.code), counted.codeHash)) {
        throw codeError(
          counted.attempts >= counted.maxAttempts ? errorCodes.codeCheckLimit : errorCodes.invalidCode,
          counted,
        );
      }
      if (input.consume && !(await repo.consumeCode(db, counted.id))) {
        throw noPendingCode();
      }
      return counted;
    },
  };
}

export type CodeService = ReturnType<typeof createCodeService>;
