import {
  communityPageSizes,
  type Space,
  type SpaceAddProfilesBody,
  type SpaceMemberList,
  type SpaceMemberListQuery,
} from '../../../contracts/community-spaces.ts';
import type { SpaceNotification } from '../../../contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { paginate } from '../../platform/pagination.ts';
import type { UrlSign } from '../cloud/public.ts';
import { loadCommunityView, type GroupAccess, type SpaceAccess } from './community.access.ts';
import { spaceReadable } from './community.policy.ts';
import * as lists from './space-members.lists.ts';
import * as repo from './space-members.repo.ts';
import type { SpaceListing } from './spaces.listing.ts';
import { presentSpaceMember } from './spaces.presenter.ts';
import { assertSpaceLevel } from './space-level.ts';

const pageOf = (page: number) => ({ page, limit: communityPageSizes.members });
const offsetOf = (page: number) => ({
  limit: communityPageSizes.members,
  offset: (page - 1) * communityPageSizes.members,
});

/**
 * Who belongs to a space or group (docs/DECISIONS.md "Community: groups, spaces, categories"): joining (open
 * at once, private by request, secret only when a moderator adds someone), leaving, moderators adding and
 * removing members, the member's notification choice, and the member lists.
 */
export function createSpaceMemberService(deps: { db: Db; sign: UrlSign; listing: SpaceListing }) {
  const { db, sign, listing } = deps;

  const requireProfile = (access: { actor: { profileId: string | null } }): string => {
    if (!access.actor.profileId) {
      throw forbidden();
    }
    return access.actor.profileId;
  };

  return {
    /** `POST /spaces/{id}/join`: an open space at once, a private one as a join request; never a secret one. */
    async join(access: SpaceAccess): Promise<Space> {
      const profileId = requireProfile(access);
      if (access.space.access === 'secret') {
        throw forbidden();
      }
      await assertSpaceLevel(db, access);
      await db.transaction(async (tx) => {
        await repo.insertMembership(tx, {
          spaceId: access.space.id,
          profileId,
          appId: access.space.appId,
          status: access.space.access === 'open' ? 'active' : 'requested',
        });
      });
      return listing.one(access.app, access.space.id);
    },

    /** `DELETE /spaces/{id}/leave`: also withdraws a join request. */
    async leave(access: SpaceAccess): Promise<void> {
      const profileId = requireProfile(access);
      await db.transaction(async (tx) => {
        await repo.deleteMemberships(tx, { spaceIds: [access.space.id], profileIds: [profileId] });
      });
    },

    /** `PATCH /spaces/{id}/notifications` (inferred): the member's choice of space notifications. */
    async notify(access: SpaceAccess, notify: SpaceNotification): Promise<Space> {
      const profileId = requireProfile(access);
      if (!(await repo.setNotify(db, access.space.id, profileId, notify))) {
        throw forbidden();
      }
      return listing.one(access.app, access.space.id);
    },

    /**
     * `POST /spaces/{id}/profiles` (inferred): a moderator adds members or approves their join requests.
     * Only live profiles of the app that take part in it (not only invited).
     */
    async add(access: SpaceAccess, body: SpaceAddProfilesBody): Promise<Space> {
      const wanted = [...new Set(body.profileIds)];
      const found = await repo.findParticipantIds(db, access.space.appId, wanted);
      if (found.size !== wanted.length) {
        throw badRequest({ profileIds: 'validation.invalidValue' });
      }
      await db.transaction(async (tx) => {
        await repo.activateMemberships(tx, access.space, wanted);
      });
      return listing.one(access.app, access.space.id);
    },

    /**
     * `DELETE /spaces/{id}/profiles/{memberId}`: removes a member or declines a join request. A moderator of
     * the space is removed only by whoever may edit the space (the group's moderators, the managers).
     */
    async remove(access: SpaceAccess, memberId: string): Promise<void> {
      const membership = await repo.findMembership(db, access.space.id, memberId);
      if (!membership) {
        throw notFound();
      }
      if (membership.role === 'moderator' && !access.can.includes('edit')) {
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        await repo.deleteMemberships(tx, { spaceIds: [access.space.id], profileIds: [memberId] });
      });
    },

    /** `GET /spaces/{id}/profiles`: active members; join requests (`status=requested`) for its moderators. */
    async list(access: SpaceAccess, query: SpaceMemberListQuery): Promise<SpaceMemberList> {
      if (query.status === 'requested' && !access.can.includes('create_profile')) {
        throw forbidden();
      }
      const { rows, total } = await lists.listSpaceMembers(
        db,
        access.space.id,
        { status: query.status, search: query.search || undefined },
        offsetOf(query.page),
      );
      return paginate(
        rows.map((row) => presentSpaceMember(sign, row)),
        total,
        pageOf(query.page),
      );
    },

    /** `GET /groups/{id}/profiles`: the members of the group's spaces the caller reads, each once. */
    async listGroup(
      access: GroupAccess,
      query: { page: number; search?: string | undefined },
    ): Promise<SpaceMemberList> {
      const view = await loadCommunityView(db, access.app);
      const spaceIds = view.spaces
        .filter((space) => space.groupId === access.group.id && spaceReadable(view.actor, space.standing))
        .map((space) => space.id);
      const { rows, total } = await lists.listGroupMembers(
        db,
        access.group,
        spaceIds,
        { search: query.search || undefined },
        offsetOf(query.page),
      );
      return paginate(
        rows.map((row) => presentSpaceMember(sign, row)),
        total,
        pageOf(query.page),
      );
    },

    /** `DELETE /groups/{id}/leave`: leaves every space of the group (join requests included). */
    async leaveGroup(access: GroupAccess): Promise<void> {
      const profileId = requireProfile(access);
      const view = await loadCommunityView(db, access.app);
      const spaceIds = view.spaces
        .filter((space) => space.groupId === access.group.id)
        .map((space) => space.id);
      await db.transaction(async (tx) => {
        await repo.deleteMemberships(tx, { spaceIds, profileIds: [profileId] });
      });
    },

    /** `DELETE /groups/{id}/profiles/{memberId}`: removes the member from every space of the group. */
    async removeFromGroup(access: GroupAccess, memberId: string): Promise<void> {
      const view = await loadCommunityView(db, access.app);
      const spaceIds = view.spaces
        .filter((space) => space.groupId === access.group.id)
        .map((space) => space.id);
      const removed = await db.transaction((tx) =>
        repo.deleteMemberships(tx, { spaceIds, profileIds: [memberId] }),
      );
      if (removed.length === 0) {
        throw notFound();
      }
    },
  };
}
