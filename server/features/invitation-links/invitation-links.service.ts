import type { z } from 'zod';
import type { AbilityName } from '../../../contracts/abilities.ts';
import type {
  InvitationLink,
  InvitationLinkCreateBody,
  invitationLinkListQuerySchema,
  InvitationLinkPatchBody,
} from '../../../contracts/invitation-links.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { randomToken } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate, pageOffset } from '../../platform/pagination.ts';
import { findOwnTagIds } from '../tags/tags.repo.ts';
import { type AppAccess, loadMemberAreaAccess, requireApp } from '../workspace/access.ts';
import { joinUrlOf, presentInvitationLink } from './invitation-links.presenter.ts';
import * as repo from './invitation-links.repo.ts';

type ListQuery = z.output<typeof invitationLinkListQuerySchema>;
type InvitationAbility = AbilityName<'invitation'>;

/** 128 bits: unguessable, and short enough to share by hand. */
const linkTokenBytes = 16;

/**
 * Invite-link rules: seeing them needs `view_invitations` (owner, admins, team, moderators); creating,
 * editing and deleting need `create_invitation` (owner, admins, team).
 */
function linkPermissions(access: AppAccess): InvitationAbility[] {
  return access.can.includes('create_invitation') ? ['edit', 'delete'] : [];
}

/** Invite links of an app (settings/members/invite-links). */
export function createInvitationLinkService(deps: {
  db: Db;
  /** `{protocol}://{publicDomain}`, where the apps live (apps.presenter's `appHostOf`). */
  appBaseUrl: string;
}) {
  const { db, appBaseUrl } = deps;

  const present = (access: AppAccess, link: repo.InvitationLinkRow) =>
    presentInvitationLink(link, joinUrlOf(appBaseUrl, access.app.slug, link.token), linkPermissions(access));

  /** Tags must be the app's own tags, plans must wait for access plans, an expiry must lie ahead. */
  async function checkFields(
    appId: string,
    input: Pick<InvitationLinkPatchBody, 'tagIds' | 'planIds' | 'expiresAt'>,
  ): Promise<void> {
    const errors: Record<string, string> = {};
    if (input.tagIds && input.tagIds.length > 0) {
      const own = new Set(await findOwnTagIds(db, appId, input.tagIds));
      const unknown = input.tagIds.findIndex((id) => !own.has(id));
      if (unknown >= 0) {
        errors[`tagIds.${unknown}`] = 'validation.invalidValue';
      }
    }
    if (input.planIds && input.planIds.length > 0) {
      errors.planIds = 'validation.invalidValue';
    }
    if (input.expiresAt && new Date(input.expiresAt).getTime() <= Date.now()) {
      errors.expiresAt = 'validation.invalidValue';
    }
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
  }

  /** The link and the caller's access; 404 when not visible, 403 without `create_invitation`. */
  async function loadLinkToChange(actor: Actor, id: string) {
    const link = await repo.findLinkById(db, id);
    if (!link) {
      throw notFound();
    }
    const access = await loadMemberAreaAccess(db, actor, link.appId);
    requireApp(access, 'view_invitations');
    requireApp(access, 'create_invitation');
    return { link, access };
  }

  return {
    async list(actor: Actor, appId: string, query: ListQuery): Promise<Paginated<InvitationLink>> {
      const access = await loadMemberAreaAccess(db, actor, appId);
      requireApp(access, 'view_invitations');
      const page = { page: query.page, limit: query.limit };
      const { rows, total } = await repo.listLinks(
        db,
        appId,
        { ids: query.invitationIds },
        { limit: page.limit, offset: pageOffset(page) },
      );
      return paginate(
        rows.map((row) => present(access, row)),
        total,
        page,
      );
    },

    async create(actor: Actor, appId: string, input: InvitationLinkCreateBody): Promise<InvitationLink> {
      const access = await loadMemberAreaAccess(db, actor, appId);
      requireApp(access, 'create_invitation');
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

    async update(actor: Actor, id: string, input: InvitationLinkPatchBody): Promise<InvitationLink> {
      const { link, access } = await loadLinkToChange(actor, id);
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

    async remove(actor: Actor, id: string): Promise<void> {
      const { link } = await loadLinkToChange(actor, id);
      if (!(await repo.deleteLink(db, link.appId, link.id))) {
        throw notFound();
      }
    },
  };
}

export type InvitationLinkService = ReturnType<typeof createInvitationLinkService>;
