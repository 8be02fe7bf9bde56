import { eq, sql } from 'drizzle-orm';
import type { PostSort } from '../../../contracts/community-posts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  accounts,
  communityCategories,
  communityPosts,
  communitySpaces,
  profiles,
} from '../../db/schema/index.ts';
import { noProfileId, postViewSelection, type PostViewRow } from './posts.repo.ts';

/*
 * A page of a list in one round trip: which posts (the pinned ones first, newest pin first, then the sort's
 * window of the rest) and everything they show (posts.repo.ts `postViewSelection`), in page order. The rest is
 * read from the sort's index in its order (community_posts_*_idx: `DESC` as the indexes are declared), ids only,
 * with an offset and a limit known when the statement is planned (one computed inside the statement made
 * PostgreSQL sort the whole app), so a deep page skips index entries, not rows. Prepared per list kind and sort
 * (server/db/prepared.ts).
 */

type ListKind = 'home' | 'space' | 'category';

const orderOf: Record<PostSort, string> = {
  latest: 'p.published_at desc, p.id desc',
  oldest: 'p.published_at asc, p.id asc',
  name: 'p.name asc, p.id asc',
  trends: 'p.trend_score desc, p.published_at desc, p.id desc',
};

/**
 * Which posts a list holds (alias `p`). Only the home feed names the app (the leading column of its index); a
 * space's or category's index holds no app, and naming it would cost a read of every skipped row.
 */
const scopeOf: Record<ListKind, ReturnType<typeof sql>> = {
  home: sql`p.app_id = ${sql.placeholder('appId')}::uuid and (p.space_id = any(${sql.placeholder('spaceIds')}::uuid[]) or (${sql.placeholder('withCategories')}::boolean and p.category_id is not null))`,
  space: sql`p.space_id = ${sql.placeholder('containerId')}::uuid`,
  category: sql`p.category_id = ${sql.placeholder('containerId')}::uuid`,
};

const start = sql`${sql.placeholder('start')}::int`;
const size = sql`${sql.placeholder('size')}::int`;
const skip = sql`${sql.placeholder('skip')}::int`;
const take = sql`${sql.placeholder('take')}::int`;
const since = sql`${sql.placeholder('since')}::timestamptz`;

/**
 * The page's post ids with their place: the pinned ones first, then the rest in the sort's order. The rest is
 * taken by an offset and a limit known when the statement is planned (`skip`, `take`: computed by `listPage`
 * with room for up to `room` pinned posts before the page), as ids straight from the index; `with ordinality`
 * numbers them, and the pinned posts counted here shift them to their places.
 */
function orderedIds(kind: ListKind, sort: PostSort) {
  const scope = scopeOf[kind];
  const order = sql.raw(orderOf[sort]);
  // Only the home feed's trends keep to a window of days (null: no window).
  const window = kind === 'home' ? sql`and (${since} is null or p.published_at >= ${since})` : sql``;
  const pinnedCount = sql`(select count(*) from pinned)::int`;
  return sql`(
    with pinned as (
      select p.id, row_number() over (order by p.pinned_to_top_at desc, p.id desc) as position
      from ${communityPosts} p
      where p.app_id = ${sql.placeholder('appId')}::uuid and p.pinned_to_top_at is not null
        and p.deleted_at is null and p.published_at is not null and ${scope}
    ), rest as (
      select r.id, ${skip} + r.ord as position
      from unnest(array(
        select p.id from ${communityPosts} p
        where p.published_at is not null and p.deleted_at is null
          and ${scope} ${window} and p.id not in (select id from pinned)
        order by ${order}
        offset ${skip} limit ${take}
      )) with ordinality as r(id, ord)
    )
    select id, position, ${pinnedCount} as pinned_count from pinned
    where position > ${start} and position <= ${start} + ${size}
    union all
    select id, ${pinnedCount} + position, ${pinnedCount} from rest
    where ${pinnedCount} + position > ${start} and ${pinnedCount} + position <= ${start} + ${size}
  ) as page`;
}

/**
 * The home feed's total: the containers' counters (no count of posts), or the window's posts for trends. An
 * uncorrelated sub-select, so PostgreSQL computes it once per statement.
 */
const homeTotal = sql<number>`(case when ${since} is null then
  coalesce((select sum(s.posts_count) from ${communitySpaces} s where s.id = any(${sql.placeholder('spaceIds')}::uuid[])), 0)
  + case when ${sql.placeholder('withCategories')}::boolean then coalesce((select sum(c.posts_count)
    from ${communityCategories} c where c.app_id = ${sql.placeholder('appId')}::uuid), 0) else 0 end
  else (select count(*) from ${communityPosts} w
    where w.app_id = ${sql.placeholder('appId')}::uuid and w.published_at is not null and w.deleted_at is null
      and w.published_at >= ${since}
      and (w.space_id = any(${sql.placeholder('spaceIds')}::uuid[])
        or (${sql.placeholder('withCategories')}::boolean and w.category_id is not null)))
  end)::int`;

const sorts = Object.keys(orderOf) as PostSort[];
const kinds: ListKind[] = ['home', 'space', 'category'];

const buildPage = (kind: ListKind, sort: PostSort) => (db: DbOrTx) =>
  db
    .select({
      ...postViewSelection,
      total: kind === 'home' ? homeTotal : sql<number>`0`,
      pinnedCount: sql<number>`page.pinned_count`,
    })
    .from(orderedIds(kind, sort))
    .innerJoin(communityPosts, sql`${communityPosts.id} = page.id`)
    .leftJoin(communitySpaces, eq(communitySpaces.id, communityPosts.spaceId))
    .leftJoin(communityCategories, eq(communityCategories.id, communityPosts.categoryId))
    .leftJoin(profiles, eq(profiles.id, communityPosts.authorProfileId))
    .leftJoin(accounts, eq(accounts.id, profiles.accountId))
    .orderBy(sql`page.position`)
    .prepare(`community_${kind}_page_${sort}`);

type PageStatement = ReturnType<ReturnType<typeof buildPage>>;

const statements = Object.fromEntries(
  kinds.map((kind) => [
    kind,
    Object.fromEntries(sorts.map((sort) => [sort, preparedQuery(buildPage(kind, sort))])),
  ]),
) as Record<ListKind, Record<PostSort, (db: DbOrTx) => PageStatement>>;

export type PageRequest = { page: number; pageSize: number; viewerProfileId: string | null };

export type ListScope =
  | { kind: 'home'; appId: string; spaceIds: string[]; withCategories: boolean; since: Date | null }
  | { kind: 'space' | 'category'; appId: string; containerId: string };

/** Pinned posts a page leaves room for before it: one per space or category (the pin rule), more on the home feed. */
function roomFor(scope: ListScope): number {
  return scope.kind === 'home' ? scope.spaceIds.length + (scope.withCategories ? 20 : 0) : 1;
}

/** The posts of one page of a list, in page order, and (home feed) the list's total; null total on an empty page. */
export async function listPage(
  db: DbOrTx,
  scope: ListScope,
  sort: PostSort,
  request: PageRequest,
  room = roomFor(scope),
): Promise<{ rows: PostViewRow[]; total: number | null }> {
  const start = (request.page - 1) * request.pageSize;
  const skip = Math.max(start - room, 0);
  const rows = await statements[scope.kind][sort](db).execute({
    appId: scope.appId,
    containerId: scope.kind === 'home' ? noProfileId : scope.containerId,
    spaceIds: scope.kind === 'home' ? scope.spaceIds : [],
    withCategories: scope.kind === 'home' ? scope.withCategories : false,
    since: scope.kind === 'home' ? (scope.since?.toISOString() ?? null) : null,
    start,
    size: request.pageSize,
    skip,
    take: start + request.pageSize - skip,
    viewerId: request.viewerProfileId ?? noProfileId,
  });
  const pinnedCount = rows[0] ? Number(rows[0].pinnedCount) : 0;
  // More pinned posts than the room left: the rest's window started too late; again with room for all of them.
  if (pinnedCount > room && start > 0) {
    return listPage(db, scope, sort, request, pinnedCount);
  }
  return {
    rows: rows.map(({ total: _total, pinnedCount: _pinned, ...row }) => row),
    total: rows[0] ? Number(rows[0].total) : null,
  };
}
