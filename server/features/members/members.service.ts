import { errorCodes } from '../../../contracts/errors.ts';
import {
  memberLimits,
  staffOnlyMemberFilters,
  type FollowState,
  type Member,
  type MemberCounts,
  type MemberDropdownQuery,
  type MemberList,
  type MemberListQuery,
  type MemberModerates,
  type MemberPatchBody,
} from '../../../contracts/members.ts';
import { memberTypeValues } from '../../../contracts/enums.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { paginate } from '../../platform/pagination.ts';
import { closeOpenInvitations } from '../invitations/public.ts';
import { removeProfileFromApp } from '../profile/public.ts';
import { addProfileTags, ensureDefaultTags } from '../tags/public.ts';
import type { AppAccess } from '../workspace/public.ts';
import {
  assertCommunityIds,
  listMemberPosts,
  listMemberSpaces,
  memberFilterConditions,
  moderationsOf,
  setModeratorships,
} from '../community/public.ts';
import type { UrlSign } from '../cloud/public.ts';
import { refuseFutureEntityIds } from './future-entities.ts';
import { can, isStaff, memberPermissions, requireMember } from './member.policy.ts';
import { presentMember } from './members.presenter.ts';
import * as repo from './members.repo.ts';
import type { MemberScopeAccess } from './members.scopes.ts';

/** Filters over entities that do not exist yet (plans, courses, events, chats): refused. */
const futureEntityFilters = [
  'accessPlanIds',
  'courseCategoryIds',
  'courseIds',
  'eventGroupIds',
  'chatIds',
] as const satisfies readonly (keyof MemberListQuery)[];

const adminFormFields = [
  'type',
  'tagIds',
  'moderatorGroupIds',
  'moderatorSpaceIds',
  'planIds',
  'featureFlags',
] as const satisfies readonly (keyof MemberPatchBody)[];

/**
 * `moderates` only for admins and moderators, as read by `moderatesOf`; null for everyone else and where the
 * caller did not read it (the invitation's answer, which shows only the name).
 */
export const presentFor = (
  access: AppAccess,
  row: repo.MemberRow,
  sign: UrlSign,
  moderates: MemberModerates | null = null,
): Member =>
  presentMember(row, {
    showEmail: isStaff(access),
    can: memberPermissions(access, row),
    sign,
    moderates: isStaff(access) ? moderates : null,
  });

/** The members list, the member page and the member admin form; follows between members. */
export function createMemberService(deps: {
  db: Db;
  sign: UrlSign;
  /** Closes a removed or blocked member's sockets at once (the realtime gateway). */
  disconnectProfile: (profileId: string) => void;
}) {
  const { db, sign } = deps;

  async function followState(viewerProfileId: string | null, profileId: string): Promise<FollowState> {
    const counts = await repo.countFollows(db, profileId);
    const isFollowing = viewerProfileId ? await repo.isFollowing(db, viewerProfileId, profileId) : false;
    return { isFollowing, ...counts };
  }

  /**
   * What these members moderate in the community, for admins and moderators; an empty map for everyone else
   * (a member must not learn through it who moderates a secret space).
   */
  async function moderatesOf(access: AppAccess, profileIds: string[]): Promise<Map<string, MemberModerates>> {
    return isStaff(access) ? moderationsOf(db, access.app.id, profileIds) : new Map();
  }

  async function present(access: AppAccess, row: repo.MemberRow): Promise<Member> {
    const moderates = await moderatesOf(access, [row.id]);
    return presentFor(access, row, sign, moderates.get(row.id) ?? null);
  }

  /** Following needs the caller's own profile; following oneself is bad input, not a missing right. */
  function assertNotSelf(access: AppAccess, profileId: string) {
    if (access.profile?.id === profileId) {
      throw badRequest({ id: 'validation.invalidValue' });
    }
  }

  return {
    async list(access: AppAccess, query: MemberListQuery): Promise<MemberList> {
      const appId = access.app.id;
      const staff = isStaff(access);
      if (!staff && staffOnlyMemberFilters.some((key) => query[key] !== undefined)) {
        throw forbidden();
      }
      refuseFutureEntityIds(Object.fromEntries(futureEntityFilters.map((key) => [key, query[key]])));
      await assertCommunityIds(
        db,
        appId,
        { groupIds: query.communityGroupIds, spaceIds: query.spaceIds },
        { groupIds: 'communityGroupIds', spaceIds: 'spaceIds' },
      );
      const page = { page: query.page, limit: memberLimits.pageSize };
      const counts: MemberCounts = { member: 0, invited: 0, moderator: 0, admin: 0 };
      const filter: repo.MemberFilter = {
        appId,
        timezone: access.app.timezone,
        staff,
        search: query.search || undefined,
        tagIds: query.tagIds?.length ? query.tagIds : undefined,
        createdFrom: query.createdFrom,
        createdTo: query.createdTo,
        invited: query.invited,
        // Members of the groups' spaces and of the spaces (community/public.ts).
        conditions: memberFilterConditions({
          ...(query.communityGroupIds ? { communityGroupIds: query.communityGroupIds } : {}),
          ...(query.spaceIds ? { spaceIds: query.spaceIds } : {}),
        }),
      };
      // The page and the counts are independent reads: two pool connections answer them at once.
      const [rows, byType] = await Promise.all([
        repo.listMembers(
          db,
          { ...filter, role: query.role },
          { limit: page.limit, offset: (page.page - 1) * page.limit },
        ),
        repo.countMembersByType(db, filter),
      ]);
      for (const type of memberTypeValues) {
        counts[type] = byType.get(type) ?? 0;
      }
      const total = query.role
        ? counts[query.role]
        : memberTypeValues.reduce((sum, type) => sum + counts[type], 0);
      const moderates = await moderatesOf(
        access,
        rows.map((row) => row.id),
      );
      const result = paginate(
        rows.map((row) => presentFor(access, row, sign, moderates.get(row.id) ?? null)),
        total,
        page,
      );
      return { data: result.data, meta: { ...result.meta, counts } };
    },

    async dropdown(access: AppAccess, query: MemberDropdownQuery) {
      const appId = access.app.id;
      const page = { page: query.page, limit: memberLimits.dropdownPageSize };
      const { rows, total } = await repo.listMemberDropdown(
        db,
        { appId, staff: isStaff(access), search: query.search || undefined, ids: query.ids },
        { limit: page.limit, offset: (page.page - 1) * page.limit },
      );
      return paginate(rows, total, page);
    },

    async get({ app: access, member }: MemberScopeAccess): Promise<Member> {
      return present(access, member);
    },

    /**
     * The member admin form. Type, tags, moderator ids, plans and flags need `edit`; block and punish need
     * `moderate` — also when they change through `tagIds` (the default tags). Ids of groups, spaces and plans
     * are refused until those exist.
     */
    async update({ app: access, member: row }: MemberScopeAccess, body: MemberPatchBody): Promise<Member> {
      if (row.isOwner && (access.role !== 'owner' || (body.type !== undefined && body.type !== row.type))) {
        throw conflict(errorCodes.ownerLocked);
      }
      const editsAdminForm = adminFormFields.some((key) => body[key] !== undefined);
      const sanctions = body.isBlocked !== undefined || body.punishedUntil !== undefined;
      if ((editsAdminForm && !can(access, row, 'edit')) || (sanctions && !can(access, row, 'moderate'))) {
        throw forbidden();
      }
      // Plans do not exist yet; groups and spaces must be the app's.
      refuseFutureEntityIds({ planIds: body.planIds });
      await assertCommunityIds(
        db,
        row.appId,
        { groupIds: body.moderatorGroupIds, spaceIds: body.moderatorSpaceIds },
        { groupIds: 'moderatorGroupIds', spaceIds: 'moderatorSpaceIds' },
      );
      if (body.type !== undefined && row.type === 'invited' && body.type !== 'member') {
        // An invited person becomes a member by accepting; the form may only let them in as a member.
        throw badRequest({ type: 'validation.invalidValue' });
      }
      const punishedUntil =
        body.punishedUntil === undefined || body.punishedUntil === null
          ? body.punishedUntil
          : new Date(body.punishedUntil);
      if (punishedUntil && punishedUntil.getTime() <= Date.now()) {
        throw badRequest({ punishedUntil: 'validation.invalidValue' });
      }
      const requestedTags = body.tagIds ? [...new Set(body.tagIds)] : undefined;
      if (
        requestedTags &&
        (await repo.findTagsOfApp(db, row.appId, requestedTags)).length !== requestedTags.length
      ) {
        throw badRequest({ tagIds: 'validation.invalidValue' });
      }

      const blockedNow = await db.transaction(async (tx) => {
        if (!(await repo.lockMember(tx, row.appId, row.id))) {
          throw notFound();
        }
        const defaults = await ensureDefaultTags(tx, { id: row.appId, projectId: row.projectId });
        const blocked = defaults.blocked.id;
        const punished = defaults.punished.id;
        const current = new Set(await repo.findTagIdsOfProfile(tx, row.id));
        const next = new Set(requestedTags ?? current);
        if (body.isBlocked !== undefined) {
          toggle(next, blocked, body.isBlocked);
        }
        if (punishedUntil !== undefined) {
          toggle(next, punished, punishedUntil !== null);
        }
        const sanctionChanged = [blocked, punished].some((id) => next.has(id) !== current.has(id));
        if (sanctionChanged && !can(access, row, 'moderate')) {
          throw forbidden();
        }
        // The punished tag means "until punishedUntil": it comes with a date and leaves with it. A punishment
        // that ran out goes quietly when the form is saved without touching it.
        const expired = !row.punishedUntil || row.punishedUntil.getTime() <= Date.now();
        if (punishedUntil === undefined && current.has(punished) && next.has(punished) && expired) {
          next.delete(punished);
        }
        const punishedEnd = next.has(punished) ? (punishedUntil ?? row.punishedUntil) : null;
        if (next.has(punished) && (!punishedEnd || punishedEnd.getTime() <= Date.now())) {
          throw badRequest({ punishedUntil: 'validation.required' });
        }
        await repo.removeProfileTags(
          tx,
          row.id,
          [...current].filter((id) => !next.has(id)),
        );
        await addProfileTags(
          tx,
          row,
          [...next].filter((id) => !current.has(id)),
        );
        // Moderating groups and spaces lives with the community (its group and space forms change it too).
        await setModeratorships(
          tx,
          { id: row.id, appId: row.appId },
          { groupIds: body.moderatorGroupIds, spaceIds: body.moderatorSpaceIds },
        );
        await repo.updateMember(tx, row.appId, row.id, {
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.featureFlags ? { featureFlags: body.featureFlags } : {}),
          punishedUntil: punishedEnd,
        });
        return next.has(blocked) && !current.has(blocked);
      });
      if (blockedNow) {
        // A blocked member stops receiving at once; their sockets may not reconnect (server/features/realtime).
        deps.disconnectProfile(row.id);
      }
      const updated = await repo.findMember(db, row.id);
      if (!updated) {
        throw notFound();
      }
      return present(access, updated);
    },

    /** Removes a member from the app (soft delete, personal data erased, sessions there end). */
    async remove({ app: access, member: row }: MemberScopeAccess): Promise<void> {
      if (row.isOwner) {
        throw conflict(errorCodes.ownerLocked);
      }
      requireMember(access, row, 'delete');
      await db.transaction(async (tx) => {
        if (!(await removeProfileFromApp(tx, row, 'profile_removed'))) {
          throw notFound();
        }
        // A removed invited person's link must not let them back in.
        await closeOpenInvitations(tx, row.appId, row.email);
      });
      deps.disconnectProfile(row.id);
    },

    /** The member's published posts the caller may read (the member page's posts). */
    async posts({ app: access, member: row }: MemberScopeAccess, page: number) {
      return listMemberPosts(db, sign, access, row.id, page);
    },

    /** The spaces the member belongs to that the caller sees (the member page's "spaces"). */
    async spaces({ app: access, member: row }: MemberScopeAccess, page: number) {
      return listMemberSpaces(db, access, row.id, page, sign);
    },

    async followState({ app: access, member: row }: MemberScopeAccess): Promise<FollowState> {
      return followState(access.masquerade ? null : (access.profile?.id ?? null), row.id);
    },

    async follow({ app: access, member: row }: MemberScopeAccess): Promise<FollowState> {
      assertNotSelf(access, row.id);
      requireMember(access, row, 'follow');
      if (!access.profile) {
        throw forbidden();
      }
      await repo.insertFollow(db, {
        projectId: row.projectId,
        appId: row.appId,
        followerProfileId: access.profile.id,
        followedProfileId: row.id,
      });
      return followState(access.profile.id, row.id);
    },

    /**
     * Unfollowing stays possible while punished (it only takes something away); the route has checked the
     * caller's own profile.
     */
    async unfollow({ app: access, member: row }: MemberScopeAccess): Promise<void> {
      assertNotSelf(access, row.id);
      if (!access.profile) {
        throw forbidden();
      }
      await repo.deleteFollow(db, access.profile.id, row.id);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;

function toggle(set: Set<string>, id: string, on: boolean) {
  if (on) {
    set.add(id);
  } else {
    set.delete(id);
  }
}
