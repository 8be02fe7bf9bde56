import { errorCodes } from '../../../contracts/errors.ts';
import type { InviteBody, Member } from '../../../contracts/members.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { lockProject } from '../apps/public.ts';
import { findLiveAccountByEmail, findLiveAccountById, insertAccount } from '../auth/public.ts';
import { ensureContact } from '../contacts/public.ts';
import { findLatestInvitationType, findLiveProfileId } from '../invitations/public.ts';
import { assertWithinQuota } from '../projects/public.ts';
import { addProfileTags, isUniqueViolation } from '../tags/public.ts';
import { insertProfile, isAppManager, type AppAccess } from '../workspace/public.ts';
import { refuseFutureEntityIds } from './future-entities.ts';
import { assertCommunityIds, setModeratorships } from '../community/public.ts';
import { findContactEmails } from './import.repo.ts';
import { issueInvitation, joinLinkBase, mailInvitation, mailLogoUrl } from './invitation-mail.ts';
import { requireMember } from './member.policy.ts';
import { presentFor } from './members.service.ts';
import * as repo from './members.repo.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { MemberScopeAccess } from './members.scopes.ts';

const fullName = (account: { firstName: string; lastName: string } | undefined) =>
  account ? `${account.firstName} ${account.lastName}`.trim() : '';

/** Personal invitations of single members (settings/members/invite) and sending them again. */
export function createInviteService(deps: {
  db: Db;
  mailer: Mailer;
  /** `${protocol}://${publicDomain}`: where app addresses start. */
  appBaseUrl: string;
  sign: UrlSign;
}) {
  const { db, mailer, appBaseUrl, sign } = deps;

  const inviterName = async (accountId: string | null) =>
    fullName(accountId ? await findLiveAccountById(db, accountId) : undefined);

  return {
    /**
     * One transaction: the account (a placeholder without password when the address has none), the profile
     * (`invited`, or directly member/admin), its tags, the contact and the invitation; the mail follows.
     */
    async invite(access: AppAccess, body: InviteBody): Promise<Member> {
      const appId = access.app.id;
      const grantsPower =
        body.isAdmin || body.moderatorGroupIds.length > 0 || body.moderatorSpaceIds.length > 0;
      if (grantsPower && !isAppManager(access)) {
        throw forbidden();
      }
      // Plans do not exist yet; groups and spaces must be the app's.
      refuseFutureEntityIds({ planIds: body.planIds });
      await assertCommunityIds(
        db,
        appId,
        { groupIds: body.moderatorGroupIds, spaceIds: body.moderatorSpaceIds },
        { groupIds: 'moderatorGroupIds', spaceIds: 'moderatorSpaceIds' },
      );
      const tagIds = [...new Set(body.tagIds)];
      const tags = await repo.findTagsOfApp(db, appId, tagIds);
      // Nobody is invited blocked or punished: those are moderation, not a starting point.
      if (tags.length !== tagIds.length || tags.some((tag) => tag.kind !== null)) {
        throw badRequest({ tagIds: 'validation.invalidValue' });
      }
      const { app } = access;
      const memberType = body.isAdmin ? 'admin' : 'member';
      let issued: { profileId: string; token: string; language: 'de' | 'en' };
      try {
        issued = await db.transaction(async (tx) => {
          let account = await findLiveAccountByEmail(tx, body.email);
          const existing = account ? await findLiveProfileId(tx, appId, account.id) : undefined;
          if (existing && existing.type !== 'invited') {
            throw conflict(errorCodes.alreadyMember);
          }
          if ((await findContactEmails(tx, app.projectId, [body.email])).size === 0) {
            // Parallel invitations of the project wait here, so they cannot pass the quota together.
            await lockProject(tx, app.projectId);
            await assertWithinQuota(tx, app.projectId, 'contacts', 1);
          }
          account ??= await insertAccount(tx, {
            id: newId(),
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            passwordHash: null,
            language: app.language,
            emailVerifiedAt: null,
          });
          const type = body.isInvited ? 'invited' : memberType;
          const profileId = existing?.id ?? newId();
          if (existing) {
            // Invited again: the newest form decides what they become.
            await repo.updateMember(tx, appId, existing.id, { type });
          } else {
            await insertProfile(tx, {
              id: profileId,
              projectId: app.projectId,
              appId,
              accountId: account.id,
              type,
            });
          }
          // What they will moderate once they take part (community.policy.ts ignores it until then).
          await setModeratorships(
            tx,
            { id: profileId, appId },
            { groupIds: body.moderatorGroupIds, spaceIds: body.moderatorSpaceIds },
          );
          await addProfileTags(tx, { id: profileId, projectId: app.projectId, appId }, tagIds);
          await ensureContact(tx, {
            projectId: app.projectId,
            email: body.email,
            accountId: account.id,
            source: 'invitation',
          });
          const token = await issueInvitation(tx, {
            projectId: app.projectId,
            appId,
            email: body.email,
            firstName: body.firstName || account.firstName,
            lastName: body.lastName || account.lastName,
            memberType,
            invitedByAccountId: access.accountId,
          });
          return { profileId, token, language: account.language };
        });
      } catch (error) {
        // A parallel invite of the same address won the race.
        if (isUniqueViolation(error)) {
          throw conflict(errorCodes.alreadyMember);
        }
        throw error;
      }
      await mailInvitation(mailer, {
        to: body.email,
        token: issued.token,
        linkBase: joinLinkBase(appBaseUrl, app.slug),
        appName: app.name,
        inviterName: await inviterName(access.accountId),
        language: issued.language,
        projectId: app.projectId,
        logoUrl: mailLogoUrl(appBaseUrl, app),
      });
      const member = await repo.findMember(db, issued.profileId);
      if (!member) {
        throw notFound();
      }
      return presentFor(access, member, sign);
    },

    /** A new link for an invited person: the old one stops working. */
    async resend({ app: access, member: row }: MemberScopeAccess): Promise<void> {
      requireMember(access, row, 'resend_invitation');
      const token = await db.transaction(async (tx) => {
        const memberType = (await findLatestInvitationType(tx, row.appId, row.email)) ?? 'member';
        return issueInvitation(tx, {
          projectId: row.projectId,
          appId: row.appId,
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          memberType,
          invitedByAccountId: access.accountId,
        });
      });
      const account = await findLiveAccountById(db, row.accountId);
      await mailInvitation(mailer, {
        to: row.email,
        token,
        linkBase: joinLinkBase(appBaseUrl, access.app.slug),
        appName: access.app.name,
        inviterName: await inviterName(access.accountId),
        language: account?.language ?? access.app.language,
        projectId: row.projectId,
        logoUrl: mailLogoUrl(appBaseUrl, access.app),
      });
    },
  };
}

export type InviteService = ReturnType<typeof createInviteService>;
