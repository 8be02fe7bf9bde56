import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  communityCategories,
  communityPosts,
  communitySpaceMembers,
  communitySpaceReads,
  communitySpaces,
} from '../../db/schema/index.ts';
import { noProfileId } from './posts.repo.ts';

/*
 * Lists beside the paged ones of feed.pages.ts: the home feed's total when a page holds no post to carry it,
 * the scheduled posts of a container, a member's posts, and the space read marks behind the counters.
 */

const p = communityPosts;
const live = and(isNotNull(p.publishedAt), isNull(p.deletedAt));

/**
 * The home feed's total: the containers' counters (no count of posts), or — for the trends window — a count of
 * the window's posts.
 */
const homeHead = preparedQuery((db) =>
  db
    .select({
      total: sql<number>`case when ${sql.placeholder('since')}::timestamptz is null then
        coalesce((select sum(${communitySpaces.postsCount}) from ${communitySpaces}
          where ${communitySpaces.id} = any(${sql.placeholder('spaceIds')}::uuid[])), 0)
        + case when ${sql.placeholder('withCategories')}::boolean then coalesce((select sum(${communityCategories.postsCount})
          from ${communityCategories} where ${communityCategories.appId} = ${sql.placeholder('appId')}::uuid), 0) else 0 end
        else (select count(*) from ${p} as windowed
          where windowed.app_id = ${sql.placeholder('appId')}::uuid and windowed.published_at is not null
            and windowed.deleted_at is null and windowed.published_at >= ${sql.placeholder('since')}::timestamptz
            and (windowed.space_id = any(${sql.placeholder('spaceIds')}::uuid[])
              or (${sql.placeholder('withCategories')}::boolean and windowed.category_id is not null)))
        end::int`,
    })
    .from(sql`(select 1) as head`)
    .prepare('community_home_total'),
);

export type FeedScope = { appId: string; spaceIds: string[]; withCategories: boolean; since: Date | null };

export async function homeTotalOf(db: DbOrTx, scope: FeedScope): Promise<number> {
  const [row] = await homeHead(db).execute({ ...scope, since: scope.since?.toISOString() ?? null });
  return Number(row?.total ?? 0);
}

export type Container = { kind: 'space' | 'category'; id: string; appId: string };

/** Unpublished posts of a container the caller may see (their own, or all for its moderators), soonest first. */
export async function scheduledPage(
  db: DbOrTx,
  container: Container,
  viewer: { profileId: string | null; moderates: boolean },
  window: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = and(
    container.kind === 'space' ? eq(p.spaceId, container.id) : eq(p.categoryId, container.id),
    isNull(p.publishedAt),
    isNull(p.deletedAt),
    viewer.moderates ? undefined : eq(p.authorProfileId, viewer.profileId ?? noProfileId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: p.id })
      .from(p)
      .where(where)
      .orderBy(sql`${p.publishAt} asc nulls last`, desc(p.createdAt), desc(p.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: count?.total ?? 0 };
}

/** A member's published posts in the given containers, newest first. */
export async function authorPage(
  db: DbOrTx,
  scope: FeedScope & { authorProfileId: string },
  window: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = and(
    eq(p.appId, scope.appId),
    eq(p.authorProfileId, scope.authorProfileId),
    live,
    sql`(${p.spaceId} = any(${sql.param(scope.spaceIds)}::uuid[]) or (${scope.withCategories}::boolean and ${p.categoryId} is not null))`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: p.id })
      .from(p)
      .where(where)
      .orderBy(desc(p.publishedAt), desc(p.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(p)
      .where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: count?.total ?? 0 };
}

// ---------- space reads and counters ----------

/** Marks the space read now (at most once a minute: loading page 1 again and again writes nothing). */
export async function markSpaceRead(db: DbOrTx, profileId: string, spaceId: string): Promise<void> {
  // One statement that touches nothing while the mark is fresh: an upsert would lock the row on every page
  // view (a write, so a commit waiting for the disk), and one member's requests would queue on it.
  await db.execute(sql`
    with refreshed as (
      update ${communitySpaceReads} set last_read_at = now()
      where profile_id = ${profileId} and space_id = ${spaceId} and last_read_at < now() - interval '1 minute'
      returning 1
    )
    insert into ${communitySpaceReads} (profile_id, space_id, last_read_at)
    select ${profileId}::uuid, ${spaceId}::uuid, now()
    where not exists (select 1 from ${communitySpaceReads} where profile_id = ${profileId} and space_id = ${spaceId})
    on conflict do nothing`);
}

/** Counting stops here: the badge shows "99+" beyond it. */
export const counterCap = 100;

/**
 * New published posts of others per space since the profile last opened it (never opened: since they
 * joined the space, else since they joined the app), at most `counterCap` each. One statement for all spaces.
 */
export async function newPostCounts(
  db: DbOrTx,
  profile: { id: string; createdAt: Date },
  spaceIds: readonly string[],
): Promise<Map<string, number>> {
  if (spaceIds.length === 0) {
    return new Map();
  }
  const result: unknown = await db.execute(sql`
    select s.id as space_id, (
      select count(*)::int from (
        select 1 from ${p}
        where ${p.spaceId} = s.id and ${p.publishedAt} is not null and ${p.deletedAt} is null
          and ${p.publishedAt} > coalesce(r.last_read_at, m.created_at, ${profile.createdAt.toISOString()}::timestamptz)
          and ${p.authorProfileId} <> ${profile.id}::uuid
        limit ${counterCap}
      ) as news
    ) as count
    from unnest(${sql.param([...spaceIds])}::uuid[]) as s(id)
    left join ${communitySpaceReads} r on r.space_id = s.id and r.profile_id = ${profile.id}::uuid
    left join ${communitySpaceMembers} m on m.space_id = s.id and m.profile_id = ${profile.id}::uuid
  `);
  const { rows } = result as { rows: { space_id: string; count: number | string }[] };
  return new Map(rows.map((row) => [row.space_id, Number(row.count)]));
}
