import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SpaceMemberStatus } from '../../../contracts/community-spaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  communityGroupModerators,
  communitySpaceMembers,
  profiles,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

/*
 * The people the community names: moderators of spaces and groups, the member lists of a space, of a group and
 * of a member's page. Names come from the account, the photo from the profile; removed profiles never show.
 */

/** A member as lists name them: names from the account, the photo from the profile. */
export type ProfileSummaryRow = { id: string; firstName: string; lastName: string; avatarId: string | null };

const summaryColumns = {
  id: profiles.id,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  avatarId: profiles.avatarId,
};

export async function findProfileSummaries(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<ProfileSummaryRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select(summaryColumns)
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.appId, appId), inArray(profiles.id, [...ids]), isNull(profiles.deletedAt)));
}

/** Active moderators of the spaces, with their names (live profiles only). */
export async function listSpaceModerators(
  db: DbOrTx,
  spaceIds: readonly string[],
): Promise<(ProfileSummaryRow & { spaceId: string })[]> {
  if (spaceIds.length === 0) {
    return [];
  }
  return db
    .select({ ...summaryColumns, spaceId: communitySpaceMembers.spaceId })
    .from(communitySpaceMembers)
    .innerJoin(profiles, eq(profiles.id, communitySpaceMembers.profileId))
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(
      and(
        inArray(communitySpaceMembers.spaceId, [...spaceIds]),
        eq(communitySpaceMembers.role, 'moderator'),
        eq(communitySpaceMembers.status, 'active'),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(communitySpaceMembers.createdAt), asc(profiles.id));
}

/** Moderators of the groups, with their names (live profiles only). */
export async function listGroupModerators(
  db: DbOrTx,
  groupIds: readonly string[],
): Promise<(ProfileSummaryRow & { groupId: string })[]> {
  if (groupIds.length === 0) {
    return [];
  }
  return db
    .select({ ...summaryColumns, groupId: communityGroupModerators.groupId })
    .from(communityGroupModerators)
    .innerJoin(profiles, eq(profiles.id, communityGroupModerators.profileId))
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(inArray(communityGroupModerators.groupId, [...groupIds]), isNull(profiles.deletedAt)))
    .orderBy(asc(accounts.firstName), asc(accounts.lastName), asc(profiles.id));
}

export type MemberListRow = ProfileSummaryRow & {
  role: 'member' | 'moderator';
  status: SpaceMemberStatus;
  joinedAt: Date;
};

const searchCondition = (search: string | undefined): SQL | undefined =>
  search ? sql`${accounts.nameSearch} like ${containsPattern(search.toLowerCase())}` : undefined;

/** One page of a space's members (moderators first, then by joining), with the total. */
export async function listSpaceMembers(
  db: DbOrTx,
  spaceId: string,
  filter: { status: SpaceMemberStatus; search?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number }> {
  const where = and(
    eq(communitySpaceMembers.spaceId, spaceId),
    eq(communitySpaceMembers.status, filter.status),
    isNull(profiles.deletedAt),
    searchCondition(filter.search),
  );
  const base = () =>
    db
      .select({
        ...summaryColumns,
        role: communitySpaceMembers.role,
        status: communitySpaceMembers.status,
        joinedAt: communitySpaceMembers.createdAt,
      })
      .from(communitySpaceMembers)
      .innerJoin(profiles, eq(profiles.id, communitySpaceMembers.profileId))
      .innerJoin(accounts, eq(accounts.id, profiles.accountId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(communitySpaceMembers.role), asc(communitySpaceMembers.createdAt), asc(profiles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(communitySpaceMembers)
      .innerJoin(profiles, eq(profiles.id, communitySpaceMembers.profileId))
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One page of the people in any of `spaceIds` (a group's spaces the caller reads), each once: the group's
 * moderators first, then by their first joining.
 */
export async function listGroupMembers(
  db: DbOrTx,
  group: { id: string; appId: string },
  spaceIds: readonly string[],
  filter: { search?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: MemberListRow[]; total: number }> {
  if (spaceIds.length === 0) {
    return { rows: [], total: 0 };
  }
  const where = and(
    eq(profiles.appId, group.appId),
    isNull(profiles.deletedAt),
    searchCondition(filter.search),
    sql`exists (select 1 from ${communitySpaceMembers} where ${communitySpaceMembers.profileId} = ${profiles.id} and ${inArray(communitySpaceMembers.spaceId, [...spaceIds])} and ${communitySpaceMembers.status} = 'active')`,
  );
  const isModerator = sql<boolean>`exists (select 1 from ${communityGroupModerators} where ${communityGroupModerators.groupId} = ${group.id} and ${communityGroupModerators.profileId} = ${profiles.id})`;
  const joinedAt = sql<Date>`(select min(${communitySpaceMembers.createdAt}) from ${communitySpaceMembers} where ${communitySpaceMembers.profileId} = ${profiles.id} and ${inArray(communitySpaceMembers.spaceId, [...spaceIds])} and ${communitySpaceMembers.status} = 'active')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        isModerator,
        joinedAt: joinedAt.mapWith((value: string | Date) => new Date(value)),
      })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where)
      .orderBy(desc(isModerator), asc(joinedAt), asc(profiles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where),
  ]);
  return {
    rows: rows.map(({ isModerator: moderates, ...row }) => ({
      ...row,
      role: moderates ? ('moderator' as const) : ('member' as const),
      status: 'active' as const,
    })),
    total: total?.n ?? 0,
  };
}

/** Active memberships of a profile in some spaces (a member page), newest first, with the total. */
export async function listSpacesOfProfile(
  db: DbOrTx,
  profileId: string,
  spaceIds: readonly string[],
  page: { limit: number; offset: number },
): Promise<{ rows: { spaceId: string; role: 'member' | 'moderator' }[]; total: number }> {
  if (spaceIds.length === 0) {
    return { rows: [], total: 0 };
  }
  const where = and(
    eq(communitySpaceMembers.profileId, profileId),
    eq(communitySpaceMembers.status, 'active'),
    inArray(communitySpaceMembers.spaceId, [...spaceIds]),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ spaceId: communitySpaceMembers.spaceId, role: communitySpaceMembers.role })
      .from(communitySpaceMembers)
      .where(where)
      .orderBy(desc(communitySpaceMembers.createdAt), asc(communitySpaceMembers.spaceId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(communitySpaceMembers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
