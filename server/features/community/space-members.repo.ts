import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SpaceNotification } from '../../../contracts/enums.ts';
import type { SpaceMemberStatus } from '../../../contracts/community-spaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  communityGroupModerators,
  communitySpaceMembers,
  communitySpaces,
  profiles,
} from '../../db/schema/index.ts';

/*
 * Memberships of spaces and the people the community names (moderators, member lists). `members_count` on
 * the space counts its active members; every write here that adds or removes an active membership moves it
 * by the rows it changed, in the caller's transaction, so parallel joins never lose a count.
 */

export type MembershipRow = typeof communitySpaceMembers.$inferSelect;

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

/** Which of `ids` are live profiles of the app that take part in it (not only invited). */
export async function findParticipantIds(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.appId, appId),
        inArray(profiles.id, [...ids]),
        isNull(profiles.deletedAt),
        ne(profiles.type, 'invited'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** The caller's memberships in the app's spaces (status and notification choice). */
export async function listMembershipsOf(
  db: DbOrTx,
  appId: string,
  profileId: string,
): Promise<MembershipRow[]> {
  return db
    .select()
    .from(communitySpaceMembers)
    .where(and(eq(communitySpaceMembers.appId, appId), eq(communitySpaceMembers.profileId, profileId)));
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

/** Moves the spaces' member counts by the active memberships added (+) or removed (−) per space. */
export async function adjustMembersCounts(db: DbOrTx, deltas: ReadonlyMap<string, number>): Promise<void> {
  for (const [spaceId, delta] of deltas) {
    if (delta !== 0) {
      await db
        .update(communitySpaces)
        .set({ membersCount: sql`greatest(${communitySpaces.membersCount} + ${delta}, 0)` })
        .where(eq(communitySpaces.id, spaceId));
    }
  }
}

const countActive = (rows: readonly { spaceId: string; status: SpaceMemberStatus }[], sign: 1 | -1) => {
  const deltas = new Map<string, number>();
  for (const row of rows) {
    if (row.status === 'active') {
      deltas.set(row.spaceId, (deltas.get(row.spaceId) ?? 0) + sign);
    }
  }
  return deltas;
};

/** A new membership (nothing when the person already has one); returns whether a row was added. */
export async function insertMembership(
  db: DbOrTx,
  values: { spaceId: string; profileId: string; appId: string; status: SpaceMemberStatus },
): Promise<boolean> {
  const added = await db
    .insert(communitySpaceMembers)
    .values(values)
    .onConflictDoNothing()
    .returning({ spaceId: communitySpaceMembers.spaceId, status: communitySpaceMembers.status });
  await adjustMembersCounts(db, countActive(added, 1));
  return added.length > 0;
}

/**
 * Makes the profiles active members of the space with `role` (when given): new rows are added, join requests
 * approved, existing members keep their role unless one is given. Returns how many became active.
 */
export async function activateMemberships(
  db: DbOrTx,
  space: { id: string; appId: string },
  profileIds: readonly string[],
  role?: 'member' | 'moderator',
): Promise<number> {
  if (profileIds.length === 0) {
    return 0;
  }
  const existing = await db
    .select({ profileId: communitySpaceMembers.profileId, status: communitySpaceMembers.status })
    .from(communitySpaceMembers)
    .where(
      and(
        eq(communitySpaceMembers.spaceId, space.id),
        inArray(communitySpaceMembers.profileId, [...profileIds]),
      ),
    )
    .for('update');
  const activeBefore = new Set(existing.filter((row) => row.status === 'active').map((row) => row.profileId));
  await db
    .insert(communitySpaceMembers)
    .values(
      profileIds.map((profileId) => ({
        spaceId: space.id,
        profileId,
        appId: space.appId,
        status: 'active' as const,
        role: role ?? 'member',
      })),
    )
    .onConflictDoUpdate({
      target: [communitySpaceMembers.spaceId, communitySpaceMembers.profileId],
      set: { status: 'active', ...(role ? { role } : {}) },
    });
  const newlyActive = profileIds.filter((id) => !activeBefore.has(id)).length;
  await adjustMembersCounts(db, new Map([[space.id, newlyActive]]));
  return newlyActive;
}

/** Removes memberships (of one profile in some spaces, or some profiles of one space); returns what went. */
export async function deleteMemberships(
  db: DbOrTx,
  where: { spaceIds: readonly string[]; profileIds: readonly string[] },
): Promise<{ spaceId: string; profileId: string; status: SpaceMemberStatus }[]> {
  if (where.spaceIds.length === 0 || where.profileIds.length === 0) {
    return [];
  }
  const removed = await db
    .delete(communitySpaceMembers)
    .where(
      and(
        inArray(communitySpaceMembers.spaceId, [...where.spaceIds]),
        inArray(communitySpaceMembers.profileId, [...where.profileIds]),
      ),
    )
    .returning({
      spaceId: communitySpaceMembers.spaceId,
      profileId: communitySpaceMembers.profileId,
      status: communitySpaceMembers.status,
    });
  await adjustMembersCounts(db, countActive(removed, -1));
  return removed;
}

export async function findMembership(
  db: DbOrTx,
  spaceId: string,
  profileId: string,
): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(communitySpaceMembers)
    .where(and(eq(communitySpaceMembers.spaceId, spaceId), eq(communitySpaceMembers.profileId, profileId)));
  return row;
}

export async function setNotify(
  db: DbOrTx,
  spaceId: string,
  profileId: string,
  notify: SpaceNotification,
): Promise<boolean> {
  const rows = await db
    .update(communitySpaceMembers)
    .set({ notify })
    .where(
      and(
        eq(communitySpaceMembers.spaceId, spaceId),
        eq(communitySpaceMembers.profileId, profileId),
        eq(communitySpaceMembers.status, 'active'),
      ),
    )
    .returning({ spaceId: communitySpaceMembers.spaceId });
  return rows.length === 1;
}

/** The space's moderators become `profileIds` exactly: others step back to members, new ones join active. */
export async function replaceSpaceModerators(
  db: DbOrTx,
  space: { id: string; appId: string },
  profileIds: readonly string[],
): Promise<void> {
  await db
    .update(communitySpaceMembers)
    .set({ role: 'member' })
    .where(
      and(
        eq(communitySpaceMembers.spaceId, space.id),
        eq(communitySpaceMembers.role, 'moderator'),
        profileIds.length > 0
          ? sql`not (${inArray(communitySpaceMembers.profileId, [...profileIds])})`
          : undefined,
      ),
    );
  await activateMemberships(db, space, profileIds, 'moderator');
}

/** Join requests of a space that opened up are granted. */
export async function approveAllRequests(db: DbOrTx, spaceId: string): Promise<void> {
  const approved = await db
    .update(communitySpaceMembers)
    .set({ status: 'active' })
    .where(and(eq(communitySpaceMembers.spaceId, spaceId), eq(communitySpaceMembers.status, 'requested')))
    .returning({ spaceId: communitySpaceMembers.spaceId });
  await adjustMembersCounts(db, new Map([[spaceId, approved.length]]));
}

export type MemberListRow = ProfileSummaryRow & {
  role: 'member' | 'moderator';
  status: SpaceMemberStatus;
  joinedAt: Date;
};

const searchCondition = (search: string | undefined): SQL | undefined =>
  search
    ? sql`${accounts.nameSearch} like ${`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : undefined;

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
