import { sql } from 'drizzle-orm';
import { postPageSize, type PostList, type PostSearchQuery } from '../../../contracts/community-posts.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { CommunityView } from './community.access.ts';
import type { FeedScope } from './feed.repo.ts';
import { feedScopeOf } from './feed.service.ts';
import { presentPostIds, viewerOfCommunity } from './posts.views.ts';

/*
 * Full-text search over the names and bodies of the posts the caller reads (issue 15): the generated `search`
 * vector of community_posts holds German and English stems (name weight A, body B) behind one GIN index; the
 * query is read in both languages and the matches ranked, best first, newest among equals.
 */

type Hit = { id: string; total: number | string };

async function searchPage(db: DbOrTx, scope: FeedScope, q: string, page: number): Promise<Hit[]> {
  const result: unknown = await db.execute(sql`
    with query as (
      select websearch_to_tsquery('german', ${q}) || websearch_to_tsquery('english', ${q}) as tsq
    ), hits as (
      select p.id, p.published_at, ts_rank(p.search, query.tsq) as rank
      from community_posts p, query
      where p.app_id = ${scope.appId}::uuid and p.published_at is not null and p.deleted_at is null
        and (p.space_id = any(${sql.param(scope.spaceIds)}::uuid[])
          or (${scope.withCategories}::boolean and p.category_id is not null))
        and p.search @@ query.tsq
    )
    select id, count(*) over () as total from hits
    order by rank desc, published_at desc, id desc
    limit ${postPageSize} offset ${(page - 1) * postPageSize}
  `);
  return (result as { rows: Hit[] }).rows;
}

async function countHits(db: DbOrTx, scope: FeedScope, q: string): Promise<number> {
  const result: unknown = await db.execute(sql`
    select count(*)::int as total from community_posts p
    where p.app_id = ${scope.appId}::uuid and p.published_at is not null and p.deleted_at is null
      and (p.space_id = any(${sql.param(scope.spaceIds)}::uuid[])
        or (${scope.withCategories}::boolean and p.category_id is not null))
      and p.search @@ (websearch_to_tsquery('german', ${q}) || websearch_to_tsquery('english', ${q}))
  `);
  return Number((result as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

export function createSearchService(deps: { db: Db; sign: UrlSign }) {
  const { db, sign } = deps;
  return {
    async search(view: CommunityView, query: PostSearchQuery): Promise<PostList> {
      const scope = feedScopeOf(view);
      const hits = await searchPage(db, scope, query.q, query.page);
      // Past the last hit the window is empty and says nothing of the total: count apart then.
      const total = hits[0]
        ? Number(hits[0].total)
        : query.page > 1
          ? await countHits(db, scope, query.q)
          : 0;
      return {
        data: await presentPostIds(
          db,
          sign,
          hits.map((hit) => hit.id),
          viewerOfCommunity(view),
        ),
        meta: { page: query.page, pages: Math.ceil(total / postPageSize), total },
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
