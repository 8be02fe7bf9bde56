import type { z } from 'zod';
import type { CodeLimits, Session } from '../../../contracts/auth.ts';
import { defaultCodeLimits } from '../../../contracts/constants.ts';
import type { InvitationKind, invitationUserConfirmBodySchema } from '../../../contracts/invitation.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sha256 } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  codeLimitsOf,
  findLiveAccountByEmail,
  hashPassword,
  insertAccount,
  isPlaceholderAccount,
  noPendingCode,
  updateAccount,
  type AccountRow,
  type CodeService,
  type SessionMeta,
  type SessionService,
} from '../auth/public.ts';
import {
  findOpenLinkByToken,
  joinThroughLink,
  recordJoinContact,
  type InvitationLinkRow,
} from '../invitation-links/public.ts';
import { insertProfile } from '../workspace/public.ts';
import * as repo from './invitations.repo.ts';

type InvitationLogin = { invitationToken: string; login: string };
type AppRef = { id: string; name: string; slug: string };
/**
 * What a token opens: a personal invitation (one address, one use) or an invite link of the app (any
 * address, counted uses). Both run the same code steps; they differ in who may use them and in accepting.
 */
type Ticket =
  | { kind: Extract<InvitationKind, 'personal'>; invitation: repo.InvitationRow; app: AppRef }
  | { kind: Extract<InvitationKind, 'link'>; link: InvitationLinkRow; app: AppRef };
type UserConfirm = z.output<typeof invitationUserConfirmBodySchema>;
const codeMinutes = Math.round(defaultCodeLimits.codeExpired / 60);

export function createInvitationService(deps: {
  db: Db;
  codes: CodeService;
  sessions: SessionService;
  mailer: Mailer;
}) {
  const { db, codes, sessions, mailer } = deps;

  /** Unknown, used, expired, switched off, used up: all the same 404, so a guessed token learns nothing. */
  const loadOpen = async (invitationToken: string): Promise<Ticket> => {
    const personal = await repo.findOpenInvitationByTokenHash(db, sha256(invitationToken));
    if (personal) {
      return { kind: 'personal', ...personal };
    }
    const link = await findOpenLinkByToken(db, invitationToken);
    if (link) {
      return { kind: 'link', ...link };
    }
    throw notFound();
  };

  /** A personal invitation names the address; signing in with another one is bad input on the login field. */
  const loadFor = async (input: InvitationLogin): Promise<Ticket> => {
    const found = await loadOpen(input.invitationToken);
    if (found.kind === 'personal' && found.invitation.email.toLowerCase() !== input.login) {
      throw badRequest({ login: 'validation.invalidValue' });
    }
    return found;
  };

  /** The code remembers which invitation or link it was mailed for. */
  const payloadOf = (ticket: Ticket) =>
    ticket.kind === 'personal'
      ? { invitationId: ticket.invitation.id }
      : { invitationLinkId: ticket.link.id };

  const checkCode = async (input: InvitationLogin & { code: string }, ticket: Ticket, consume: boolean) => {
    const row = await codes.check({ purpose: 'invitation', login: input.login, code: input.code, consume });
    const mailedFor =
      ticket.kind === 'personal'
        ? row.payload?.invitationId === ticket.invitation.id
        : row.payload?.invitationLinkId === ticket.link.id;
    if (!mailedFor) {
      throw noPendingCode();
    }
    return row;
  };

  /** Uses the personal invitation and gives the account its profile in the app (an existing one stays). */
  const acceptPersonal = async (tx: Tx, invitation: repo.InvitationRow, account: AccountRow) => {
    if (!(await repo.markInvitationAccepted(tx, invitation.id, account.id))) {
      throw noPendingCode();
    }
    const existing = await repo.findLiveProfileId(tx, invitation.appId, account.id);
    if (existing && existing.type !== 'invited') {
      return;
    }
    await recordJoinContact(tx, {
      projectId: invitation.projectId,
      email: account.email,
      accountId: account.id,
      source: 'invitation',
    });
    if (!existing) {
      await insertProfile(tx, {
        id: newId(),
        projectId: invitation.projectId,
        appId: invitation.appId,
        accountId: account.id,
        type: invitation.memberType,
      });
    } else {
      await repo.setProfileType(tx, invitation.appId, existing.id, invitation.memberType);
    }
  };

  /** Accepts the invitation or link in one transaction, then signs the account in to the app. */
  const accept = async (
    ticket: Ticket,
    account: AccountRow,
    isRemember: boolean,
    meta: SessionMeta,
  ): Promise<Session> => {
    await db.transaction(async (tx) => {
      if (ticket.kind === 'personal') {
        await acceptPersonal(tx, ticket.invitation, account);
      } else {
        await joinThroughLink(tx, ticket.link, account);
      }
    });
    return sessions.start(account, isRemember, { ...meta, appId: ticket.app.id });
  };

  /** The account of an address as the join screen sees it: a never-used placeholder counts as none. */
  const findUsableAccount = async (email: string) => {
    const account = await findLiveAccountByEmail(db, email);
    return account && !isPlaceholderAccount(account) ? account : undefined;
  };

  return {
    async info(invitationToken: string) {
      const ticket = await loadOpen(invitationToken);
      if (ticket.kind === 'link') {
        return {
          app: ticket.app,
          kind: ticket.kind,
          email: null,
          firstName: '',
          lastName: '',
          hasAccount: false,
        };
      }
      const { invitation, app } = ticket;
      const account = await findUsableAccount(invitation.email);
      return {
        app,
        kind: ticket.kind,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        hasAccount: Boolean(account),
      };
    },

    /**
     * Mails a code to the invited address (a link: to the address entered): a sign-in code if it has an
     * account, a sign-up code otherwise.
     */
    async sendCode(
      input: InvitationLogin & { resend: boolean; language: Language },
    ): Promise<{ limits: CodeLimits; hasAccount: boolean }> {
      const ticket = await loadFor(input);
      const account = await findUsableAccount(input.login);
      const issued = await codes.issue({
        purpose: 'invitation',
        login: input.login,
        accountId: account?.id ?? null,
        appId: ticket.app.id,
        payload: payloadOf(ticket),
        resend: input.resend,
      });
      if (issued.code) {
        await mailer.send({
          template: account ? 'signin-code' : 'signup-code',
          params: { code: issued.code, expiresInMinutes: codeMinutes, appName: ticket.app.name },
          to: ticket.kind === 'personal' ? ticket.invitation.email : input.login,
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
      await checkCode(input, found, true);
      const account = await findLiveAccountByEmail(db, input.login);
      if (!account) {
        throw noPendingCode();
      }
      // The code reached the mailbox: that proves the address, also of a placeholder.
      const proven = account.emailVerifiedAt
        ? account
        : ((await updateAccount(db, account.id, { emailVerifiedAt: new Date() })) ?? account);
      return accept(found, proven, input.isRemember, meta);
    },

    async checkNewUserCode(input: InvitationLogin & { code: string }): Promise<CodeLimits> {
      const found = await loadFor(input);
      return codeLimitsOf(await checkCode(input, found, false));
    },

    /** A new person completes the form with the code: the account is created and joins the app. */
    async confirmNewUser(input: UserConfirm, language: Language, meta: SessionMeta): Promise<Session> {
      const found = await loadFor(input);
      await checkCode(input, found, true);
      const fields = {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash: input.password ? await hashPassword(input.password) : null,
        language: input.language ?? language,
        timezone: input.timezone ?? 'Europe/Berlin',
        emailVerifiedAt: new Date(),
      };
      const existing = await findLiveAccountByEmail(db, input.login);
      // The invitation's placeholder (made when the person was invited) becomes their account now.
      const account = !existing
        ? await insertAccount(db, { id: newId(), email: input.login, ...fields })
        : isPlaceholderAccount(existing)
          ? ((await updateAccount(db, existing.id, fields)) ?? existing)
          : existing;
      return accept(found, account, input.isRemember, meta);
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
