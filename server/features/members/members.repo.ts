import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DefaultMemberTag, MemberType } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, profileFollows, profileTags, profiles, tags } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/like.ts';

/*
 * Plain queries of the members area. The list and its counts read `profiles` by app (the indexes
 * profiles_app_created_idx and profiles_app_type_idx) and join the account for names and e-mail.
 */

export type MemberTagRow = { id: string; name: string; kind: DefaultMemberTag | null };
export type MemberRow = {
  id: string;
  projectId: string;
  appId: string;
  accountId: string;
  type: MemberType;
  isOwner: boolean;
  avatarId: string | null;
  punishedUntil: Date | null;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  tags: MemberTagRow[];
};

export type MemberFilter = {
  appId: string;
  /** The app's time zone: createdFrom/createdTo are days there. */
  timezone: string;
  /** Admins and moderators: invited people and e-mail search are included. */
  staff: boolean;
  search?: string | undefined;
  tagIds?: string[] | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  invited?: boolean | undefined;
  /** More conditions on `profiles` from other features (the community's group and space filters). */
  conditions?: SQL[] | undefined;
};

/** Tags of the profile row in scope, default tags first, then by name. */
const tagsOfProfile = sql<MemberTagRow[]>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'kind', ${tags.kind})
    order by ${tags.kind} nulls last, lower(${tags.name}))
  from ${profileTags} inner join ${tags} on ${tags.id} = ${profileTags.tagId}
  where ${profileTags.profileId} = ${profiles.id}
), '[]'::json)`;

const memberColumns = {
  id: profiles.id,
  projectId: profiles.projectId,
  appId: profiles.appId,
  accountId: profiles.accountId,
  type: profiles.type,
  isOwner: profiles.isOwner,
  avatarId: profiles.avatarId,
  punishedUntil: profiles.punishedUntil,
  createdAt: profiles.createdAt,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
  tags: tagsOfProfile,
};

/** Name (first, last or "first last") for everyone; the e-mail too for staff. */
function searchCondition(search: string, staff: boolean): SQL | undefined {
  const pattern = containsPattern(search.toLowerCase());
  const fullName = sql`${accounts.nameSearch} like ${pattern}`;
  return staff ? or(fullName, sql`${accounts.emailSearch} like ${pattern}`) : fullName;
}

/** Every condition of the filter except the member type (the counts are by type). */
function filterConditions(filter: MemberFilter): SQL[] {
  const conditions: SQL[] = [eq(profiles.appId, filter.appId), isNull(profiles.deletedAt)];
  if (!filter.staff) {
    conditions.push(ne(profiles.type, 'invited'));
  }
  if (filter.invited !== undefined) {
    conditions.push(filter.invited ? eq(profiles.type, 'invited') : ne(profiles.type, 'invited'));
  }
  if (filter.search) {
    conditions.push(searchCondition(filter.search, filter.staff)!);
  }
  if (filter.tagIds && filter.tagIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${profileTags} where ${profileTags.profileId} = ${profiles.id} and ${inArray(profileTags.tagId, filter.tagIds)})`,
    );
  }
  if (filter.createdFrom) {
    conditions.push(
      sql`${profiles.createdAt} >= ((${filter.createdFrom}::date)::timestamp at time zone ${filter.timezone})`,
    );
  }
  conditions.push(...(filter.conditions ?? []));
  if (filter.createdTo) {
    conditions.push(
      sql`${profiles.createdAt} < ((${filter.createdTo}::date + 1)::timestamp at time zone ${filter.timezone})`,
    );
  }
  return conditions;
}

/** One page of members, newest first. */
export async function listMembers(
  db: DbOrTx,
  filter: MemberFilter & { role?: MemberType | undefined },
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  const conditions = filterConditions(filter);
  if (filter.role) {
    conditions.push(eq(profiles.type, filter.role));
  }
  return db
    .select(memberColumns)
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(...conditions))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Members by type under the filter (without its role). */
export async function countMembersByType(db: DbOrTx, filter: MemberFilter): Promise<Map<MemberType, number>> {
  const conditions = filterConditions(filter);
  const base = db.select({ type: profiles.type, n: count() }).from(profiles);
  // The account is only needed to search names and addresses.
  const query = filter.search ? base.innerJoin(accounts, eq(accounts.id, profiles.accountId)) : base;
  const rows = await query.where(and(...conditions)).groupBy(profiles.type);
  return new Map(rows.map((row) => [row.type, row.n]));
}

export type DropdownRow = Pick<MemberRow, 'id' | 'firstName' | 'lastName' | 'avatarId' | 'type'>;

/** The members dropdown: by name, or the members with the given ids (a selection to show). */
export async function listMemberDropdown(
  db: DbOrTx,
  filter: { appId: string; staff: boolean; search?: string | undefined; ids?: string[] | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: DropdownRow[]; total: number }> {
  const conditions: SQL[] = [eq(profiles.appId, filter.appId), isNull(profiles.deletedAt)];
  if (!filter.staff) {
    conditions.push(ne(profiles.type, 'invited'));
  }
  if (filter.search) {
    conditions.push(searchCondition(filter.search, filter.staff)!);
  }
  if (filter.ids) {
    conditions.push(filter.ids.length > 0 ? inArray(profiles.id, filter.ids) : sql`false`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: profiles.id,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        avatarId: profiles.avatarId,
        type: profiles.type,
      })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where)
      .orderBy(
        asc(sql`lower(${accounts.firstName})`),
        asc(sql`lower(${accounts.lastName})`),
        asc(profiles.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(accounts, eq(accounts.id, profiles.accountId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A live profile by id, with its account's names and tags; the caller then checks the app's access. */
export async function findMember(db: DbOrTx, profileId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.id, profileId), isNull(profiles.deletedAt)));
  return row;
}

/** The live profile of an address in an app (any type). */
export async function findLiveProfileByEmail(
  db: DbOrTx,
  appId: string,
  email: string,
): Promise<{ id: string; type: MemberType; accountId: string } | undefined> {
  const [row] = await db
    .select({ id: profiles.id, type: profiles.type, accountId: profiles.accountId })
    .from(profiles)
    .innerJoin(accounts, and(eq(accounts.id, profiles.accountId), isNull(accounts.deletedAt)))
    .where(
      and(
        eq(profiles.appId, appId),
        isNull(profiles.deletedAt),
        sql`lower(${accounts.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

export async function updateMember(
  db: DbOrTx,
  appId: string,
  profileId: string,
  values: Partial<
    Pick<
      typeof profiles.$inferInsert,
      'type' | 'moderatorGroupIds' | 'moderatorSpaceIds' | 'featureFlags' | 'punishedUntil'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(profiles.appId, appId), eq(profiles.id, profileId), isNull(profiles.deletedAt)))
    .returning({ id: profiles.id });
  return rows.length === 1;
}

/** Locks the profile row, so concurrent admin edits of one member apply one after the other. */
export async function lockMember(db: DbOrTx, appId: string, profileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.appId, appId), eq(profiles.id, profileId), isNull(profiles.deletedAt)))
    .for('update');
  return rows.length === 1;
}

// ---------- tags ----------

/** The tags of the app among `ids` (default tags included). */
export async function findTagsOfApp(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<{ id: string; kind: DefaultMemberTag | null; name: string }[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({ id: tags.id, kind: tags.kind, name: tags.name })
    .from(tags)
    .where(and(eq(tags.appId, appId), inArray(tags.id, [...ids])));
}

export async function findTagIdsOfProfile(db: DbOrTx, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ tagId: profileTags.tagId })
    .from(profileTags)
    .where(eq(profileTags.profileId, profileId));
  return rows.map((row) => row.tagId);
}

export async function removeProfileTags(db: DbOrTx, profileId: string, tagIds: readonly string[]) {
  if (tagIds.length === 0) {
    return;
  }
  await db
    .delete(profileTags)
    .where(and(eq(profileTags.profileId, profileId), inArray(profileTags.tagId, [...tagIds])));
}

// ---------- follows ----------

export async function isFollowing(db: DbOrTx, followerId: string, followedId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(profileFollows)
    .where(
      and(eq(profileFollows.followerProfileId, followerId), eq(profileFollows.followedProfileId, followedId)),
    );
  return (row?.n ?? 0) > 0;
}

/** Followers and followings that are still live members. */
export async function countFollows(
  db: DbOrTx,
  profileId: string,
): Promise<{ followersCount: number; followingCount: number }> {
  const live = (column: typeof profileFollows.followerProfileId | typeof profileFollows.followedProfileId) =>
    sql<number>`count(*) filter (where exists (select 1 from ${profiles} where ${profiles.id} = ${column} and ${profiles.deletedAt} is null))::int`;
  const [followers] = await db
    .select({ n: live(profileFollows.followerProfileId) })
    .from(profileFollows)
    .where(eq(profileFollows.followedProfileId, profileId));
  const [following] = await db
    .select({ n: live(profileFollows.followedProfileId) })
    .from(profileFollows)
    .where(eq(profileFollows.followerProfileId, profileId));
  return { followersCount: followers?.n ?? 0, followingCount: following?.n ?? 0 };
}

export async function insertFollow(
  db: DbOrTx,
  values: { projectId: string; appId: string; followerProfileId: string; followedProfileId: string },
): Promise<void> {
  await db.insert(profileFollows).values(values).onConflictDoNothing();
}

export async function deleteFollow(db: DbOrTx, followerId: string, followedId: string): Promise<void> {
  await db
    .delete(profileFollows)
    .where(
      and(eq(profileFollows.followerProfileId, followerId), eq(profileFollows.followedProfileId, followedId)),
    );
}
