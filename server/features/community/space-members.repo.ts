import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SpaceNotification } from '../../../contracts/enums.ts';
import type { SpaceMemberStatus } from '../../../contracts/community-spaces.ts';
import type { DbOrTx } from '../../db/client.ts';
import { communitySpaceMembers, communitySpaces, profiles } from '../../db/schema/index.ts';

/*
 * Memberships of spaces (the people they name are read in space-members.lists.ts). `members_count` on
 * the space counts its active members; every write here that adds or removes an active membership moves it
 * by the rows it changed, in the caller's transaction, so parallel joins never lose a count.
 */

export type MembershipRow = typeof communitySpaceMembers.$inferSelect;

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
