import type { z } from 'zod';
import type { CodeLimits, Session } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import type { invitationUserConfirmBodySchema } from '../../../contracts/invitation.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Db } from '../../db/client.ts';
import { sha256 } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { codeLimitsOf, noPendingCode, type CodeService } from '../auth/codes.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionMeta, SessionService } from '../auth/sessions.service.ts';
import { insertProfile } from '../workspace/workspace.repo.ts';
import * as repo from './invitations.repo.ts';

type InvitationLogin = { invitationToken: string; login: string };
type UserConfirm = z.output<typeof invitationUserConfirmBodySchema>;
const codeMinutes = Math.round(defaultCodeLimits.codeExpired / 60);

export function createInvitationService(deps: {
  db: Db;
  codes: CodeService;
  sessions: SessionService;
  mailer: Mailer;
}) {
  const { db, codes, sessions, mailer } = deps;

  /** Unknown, used, expired: all the same 404, so a guessed token learns nothing. */
  const loadOpen = async (invitationToken: string) => {
    const found = await repo.findOpenInvitationByTokenHash(db, sha256(invitationToken));
    if (!found) {
      throw notFound();
    }
    return found;
  };

  /** The invitation names the address; signing in with another one is bad input on the login field. */
  const loadFor = async (input: InvitationLogin) => {
    const found = await loadOpen(input.invitationToken);
    if (found.invitation.email.toLowerCase() !== input.login) {
      throw badRequest({ login: 'validation.invalidValue' });
    }
    return found;
  };

  const checkCode = async (
    input: InvitationLogin & { code: string },
    invitationId: string,
    consume: boolean,
  ) => {
    const row = await codes.check({ purpose: 'invitation', login: input.login, code: input.code, consume });
    if (row.payload?.invitationId !== invitationId) {
      throw noPendingCode();
    }
    return row;
  };

  /** Uses the invitation and gives the account its profile in the app, in one transaction. */
  const accept = async (
    found: Awaited<ReturnType<typeof loadOpen>>,
    account: authRepo.AccountRow,
    isRemember: boolean,
    meta: SessionMeta,
  ): Promise<Session> => {
    const { invitation } = found;
    await db.transaction(async (tx) => {
      if (!(await repo.markInvitationAccepted(tx, invitation.id, account.id))) {
        throw noPendingCode();
      }
      const existing = await repo.findLiveProfileId(tx, invitation.appId, account.id);
      if (!existing) {
        await insertProfile(tx, {
          id: newId(),
          projectId: invitation.projectId,
          appId: invitation.appId,
          accountId: account.id,
          type: invitation.memberType,
        });
      } else if (existing.type === 'invited') {
        await repo.setProfileType(tx, invitation.appId, existing.id, invitation.memberType);
      }
    });
    return sessions.start(account, isRemember, { ...meta, appId: invitation.appId });
  };

  return {
    async info(invitationToken: string) {
      const { invitation, app } = await loadOpen(invitationToken);
      const account = await authRepo.findLiveAccountByEmail(db, invitation.email);
      return {
        app,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        hasAccount: Boolean(account),
      };
    },

    /** Mails a code to the invited address: a sign-in code if it has an account, a sign-up code otherwise. */
    async sendCode(
      input: InvitationLogin & { resend: boolean; language: Language },
    ): Promise<{ limits: CodeLimits; hasAccount: boolean }> {
      const { invitation, app } = await loadFor(input);
      const account = await authRepo.findLiveAccountByEmail(db, input.login);
      const issued = await codes.issue({
        purpose: 'invitation',
        login: input.login,
        accountId: account?.id ?? null,
        appId: invitation.appId,
        payload: { invitationId: invitation.id },
        resend: input.resend,
      });
      if (issued.code) {
        await mailer.send({
          template: account ? 'signin-code' : 'signup-code',
          params: { code: issued.code, expiresInMinutes: codeMinutes, appName: app.name },
          to: invitation.email,
          language: account?.language ?? input.language,
        });
      }
      return { limits: issued.limits, hasAccount: Boolean(account) };
    },

    /** An invited person who already has an account confirms with the code and is signed in to the app. */
    async confirmExisting(
      input: InvitationLogin & { code: string; isRemember: boolean },
      meta: SessionMeta,
    ): Promise<Session> {
      const found = await loadFor(input);
      await checkCode(input, found.invitation.id, true);
      const account = await authRepo.findLiveAccountByEmail(db, input.login);
      if (!account) {
        throw noPendingCode();
      }
      return accept(found, account, input.isRemember, meta);
    },

    async checkNewUserCode(input: InvitationLogin & { code: string }): Promise<CodeLimits> {
      const found = await loadFor(input);
      return codeLimitsOf(await checkCode(input, found.invitation.id, false));
    },

    /** A new person completes the form with the code: the account is created and joins the app. */
    async confirmNewUser(input: UserConfirm, language: Language, meta: SessionMeta): Promise<Session> {
      const found = await loadFor(input);
      await checkCode(input, found.invitation.id, true);
      const account =
        (await authRepo.findLiveAccountByEmail(db, input.login)) ??
        (await authRepo.insertAccount(db, {
          id: newId(),
          email: input.login,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: input.password ? await hashPassword(input.password) : null,
          language: input.language ?? language,
          timezone: input.timezone ?? 'Europe/Berlin',
          emailVerifiedAt: new Date(),
        }));
      return accept(found, account, input.isRemember, meta);
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
