import type { MemberType } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { closeOpenInvitations, insertInvitation } from '../invitations/public.ts';

/** How long a personal invitation link works. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** The join link of an app: `${protocol}://${publicDomain}/${slug}/auth/join/` + token. */
export const joinLinkBase = (appBaseUrl: string, slug: string) => `${appBaseUrl}/${slug}/auth/join/`;

export type InvitationTarget = {
  projectId: string;
  appId: string;
  email: string;
  firstName: string;
  lastName: string;
  memberType: MemberType;
  invitedByAccountId: string | null;
};

/**
 * A new personal invitation for an address; the address's older open invitations into the app stop working.
 * Answers the raw token: it exists only in the mail, the database keeps its SHA-256.
 */
export async function issueInvitation(tx: DbOrTx, target: InvitationTarget): Promise<string> {
  await closeOpenInvitations(tx, target.appId, target.email);
  const token = randomToken();
  await insertInvitation(tx, {
    id: newId(),
    projectId: target.projectId,
    appId: target.appId,
    email: target.email.toLowerCase(),
    firstName: target.firstName,
    lastName: target.lastName,
    memberType: target.memberType,
    tokenHash: sha256(token),
    invitedByAccountId: target.invitedByAccountId,
    expiresAt: new Date(Date.now() + invitationLifetimeMs),
  });
  return token;
}

/**
 * The app's logo for mails: the public address that redirects to the picture (`/api/apps/{id}/logo`), so a
 * mail opened days later still shows it. None when the app has neither logo nor icon.
 */
export function mailLogoUrl(
  appBaseUrl: string,
  app: { id: string; logoId: string | null; appIconId: string | null },
): string | undefined {
  return app.logoId || app.appIconId ? `${appBaseUrl}/api/apps/${app.id}/logo` : undefined;
}

/** Queues the invitation mail; call it after the transaction that issued the token committed. */
export async function mailInvitation(
  mailer: Mailer,
  mail: {
    to: string;
    token: string;
    linkBase: string;
    appName: string;
    inviterName: string;
    language: 'de' | 'en';
    projectId: string;
    logoUrl?: string | undefined;
  },
): Promise<void> {
  await mailer.send({
    template: 'invitation',
    params: {
      appName: mail.appName,
      link: `${mail.linkBase}${mail.token}`,
      ...(mail.inviterName ? { inviterName: mail.inviterName } : {}),
      ...(mail.logoUrl ? { logoUrl: mail.logoUrl } : {}),
    },
    to: mail.to,
    language: mail.language,
    projectId: mail.projectId,
  });
}
