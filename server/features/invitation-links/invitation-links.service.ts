import type { z } from 'zod';
import type {
  InvitationLink,
  InvitationLinkCreateBody,
  invitationLinkListQuerySchema,
  InvitationLinkPatchBody,
} from '../../../contracts/invitation-links.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../platform/crypto.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate, pageOffset } from '../../platform/pagination.ts';
import { findOwnTagIds } from '../tags/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import { invitationLinkAbilities } from './invitation-links.policy.ts';
import { joinUrlOf, presentInvitationLink } from './invitation-links.presenter.ts';
import * as repo from './invitation-links.repo.ts';
import type { InvitationLinkScopeAccess } from './invitation-links.scopes.ts';

type ListQuery = z.output<typeof invitationLinkListQuerySchema>;

/** 128 bits: unguessable, and short enough to share by hand. */
const linkTokenBytes = 16;

/** Invite links of an app (settings/members/invite-links). */
export function createInvitationLinkService(deps: {
  db: Db;
  /** `{protocol}://{publicDomain}`, where the apps live (apps.presenter's `appHostOf`). */
  appBaseUrl: string;
}) {
  const { db, appBaseUrl } = deps;

  const present = (access: AppAccess, link: repo.InvitationLinkRow) =>
    presentInvitationLink(
      link,
      joinUrlOf(appBaseUrl, access.app.slug, link.token),
      invitationLinkAbilities(access),
    );

  /**
   * Tags must be the app's own tags and an expiry must lie ahead. Access plans do not exist yet: plan ids are
   * refused as such (400 FEATURE_NOT_AVAILABLE) rather than stored unchecked; the plans issue checks them.
   */
  async function checkFields(
    appId: string,
    input: Pick<InvitationLinkPatchBody, 'tagIds' | 'planIds' | 'expiresAt'>,
  ): Promise<void> {
    if (input.planIds && input.planIds.length > 0) {
      throw new AppError(400, errorCodes.featureNotAvailable, {
        errors: { planIds: 'validation.invalidValue' },
      });
    }
    const errors: Record<string, string> = {};
    if (input.tagIds && input.tagIds.length > 0) {
      const own = new Set(await findOwnTagIds(db, appId, input.tagIds));
      const unknown = input.tagIds.findIndex((id) => !own.has(id));
      if (unknown >= 0) {
        errors[`tagIds.${unknown}`] = 'validation.invalidValue';
      }
    }
    if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
      errors.expiresAt = 'validation.invalidValue';
    }
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  return {
    async list(access: AppAccess, query: ListQuery): Promise<Paginated<InvitationLink>> {
      const page = { page: query.page, limit: query.limit };
      const { rows, total } = await repo.listLinks(
        db,
        access.app.id,
        { ids: query.invitationIds },
        { limit: page.limit, offset: pageOffset(page) },
      );
      return paginate(
        rows.map((row) => present(access, row)),
        total,
        page,
      );
    },

    async create(access: AppAccess, input: InvitationLinkCreateBody): Promise<InvitationLink> {
      const appId = access.app.id;
      await checkFields(appId, input);
      const link = await repo.insertLink(db, {
        id: newId(),
        projectId: access.app.projectId,
        appId,
        name: input.name,
        token: randomToken(linkTokenBytes),
        memberType: input.memberType,
        tagIds: [...new Set(input.tagIds)],
        planIds: input.planIds,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        isActive: input.isActive,
        createdByAccountId: access.accountId,
      });
      return present(access, link);
    },

    async update(
      { app: access, link }: InvitationLinkScopeAccess,
      input: InvitationLinkPatchBody,
    ): Promise<InvitationLink> {
      await checkFields(link.appId, input);
      const { expiresAt, tagIds, ...rest } = input;
      const changes: repo.InvitationLinkChanges = Object.fromEntries(
        Object.entries(rest).filter(([, value]) => value !== undefined),
      );
      if (tagIds !== undefined) {
        changes.tagIds = [...new Set(tagIds)];
      }
      if (expiresAt !== undefined) {
        changes.expiresAt = expiresAt === null ? null : new Date(expiresAt);
      }
      const updated = await repo.updateLink(db, link.appId, link.id, changes);
      if (!updated) {
        throw notFound();
      }
      return present(access, updated);
    },

    async remove({ link }: InvitationLinkScopeAccess): Promise<void> {
      if (!(await repo.deleteLink(db, link.appId, link.id))) {
        throw notFound();
      }
    },
  };
}

export type InvitationLinkService = ReturnType<typeof createInvitationLinkService>;
