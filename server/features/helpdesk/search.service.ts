import { sql, type SQL } from 'drizzle-orm';
import type {
  HelpdeskHighlight,
  HelpdeskSearchHit,
  HelpdeskSearchQuery,
} from '../../../contracts/helpdesk.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import type { Db } from '../../db/client.ts';
import type { HelpdeskAccess } from './helpdesk.access.ts';

/*
 * The help desk's search (issue 20): the generated `search` vector of helpdesk_articles holds German and English
 * stems (name weight A, body B) behind one GIN index. Every word of the query becomes a prefix query in both
 * languages ("rechn" finds "Rechnung", "Rechnung" finds "Rechnungen"); all words must match. The page is ranked
 * and cut first; only its rows are highlighted (ts_headline is the costly part), between two control characters
 * that are stripped from the text first, and handed to the web as marked pieces, never as HTML.
 */

const startMark = '\u0002';
const stopMark = '\u0003';
const maxWords = 8;

/** The query's words: letters and digits only (nothing of the text reaches to_tsquery's syntax), lower case. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, 60)))].slice(0, maxWords);
}

/** `(german(w:*) || english(w:*)) && …` for the words; null when there is none. */
export function prefixQuery(words: readonly string[]): SQL | null {
  if (words.length === 0) {
    return null;
  }
  return sql.join(
    words.map((word) => sql`(to_tsquery('german', ${`${word}:*`}) || to_tsquery('english', ${`${word}:*`}))`),
    sql` && `,
  );
}

/** ts_headline's text between the marks → pieces; the marks never reach the client. */
export function piecesOf(marked: string): HelpdeskHighlight {
  const pieces: HelpdeskHighlight = [];
  let mark = false;
  let text = '';
  const flush = () => {
    if (text) {
      pieces.push({ text, mark });
    }
    text = '';
  };
  for (const character of marked) {
    if (character === startMark || character === stopMark) {
      flush();
      mark = character === startMark;
    } else {
      text += character;
    }
  }
  flush();
  return pieces;
}

type HitRow = {
  id: string;
  name: string;
  slug: string;
  category_id: string;
  category_name: string;
  category_slug: string;
  is_published: boolean;
  title: string;
  snippet: string;
};

const marks = sql`'StartSel=' || chr(2) || ', StopSel=' || chr(3)`;
const stripped = (column: SQL) => sql`translate(${column}, chr(2) || chr(3), '')`;

/**
 * Search answers kept per app, reader kind (editors see drafts), limit and words: members ask the same words again
 * and again while they type, and ranking every match is the costly part. Every change that could alter a hit is
 * announced as helpdesk:<app id> (migration 0027); views and votes are not (hits do not show them).
 */
const keptHits = createChangeCache<HelpdeskSearchHit[]>({
  tagsOf: (key) => [`helpdesk:${key.split('|')[0]}`],
  maxEntries: 5_000,
});

export function createSearchService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** `GET /apps/{appId}/helpdesk/search`: ranked, highlighted; drafts only for editors. */
    async search(access: HelpdeskAccess, query: HelpdeskSearchQuery): Promise<{ data: HelpdeskSearchHit[] }> {
      const words = searchWords(query.q);
      const tsq = prefixQuery(words);
      if (!tsq) {
        return { data: [] };
      }
      const drafts = access.can.includes('edit');
      const appId = access.app.app.id;
      const key = `${appId}|${drafts}|${query.limit}|${words.join(' ')}`;
      const data = await keptHits.read(db, key, async () => searchPage(appId, tsq, drafts, query.limit));
      return { data: data ?? [] };
    },
  };

  async function searchPage(
    appId: string,
    tsq: SQL,
    drafts: boolean,
    limit: number,
  ): Promise<HelpdeskSearchHit[]> {
    const result: unknown = await db.execute(sql`
        with q as (select ${tsq} as tsq),
        hits as (
          select a.id, ts_rank(a.search, q.tsq) as rank
          from helpdesk_articles a, q
          where a.app_id = ${appId}::uuid and a.search @@ q.tsq and (a.is_published or ${drafts}::boolean)
          order by rank desc, a.id
          limit ${limit}
        )
        select a.id, a.name, a.slug, a.category_id, a.is_published, c.name as category_name, c.slug as category_slug,
          ts_headline('german', ${stripped(sql`a.name`)}, q.tsq, 'HighlightAll=true, ' || ${marks}) as title,
          ts_headline('german', ${stripped(sql`a.body_text`)}, q.tsq,
            'MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", ' || ${marks}) as snippet
        from hits
        join helpdesk_articles a on a.id = hits.id
        join helpdesk_categories c on c.id = a.category_id
        cross join q
        order by hits.rank desc, hits.id
      `);
    const rows = (result as { rows: HitRow[] }).rows;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      categoryId: row.category_id,
      categoryName: row.category_name,
      categorySlug: row.category_slug,
      isPublished: row.is_published,
      title: piecesOf(row.title),
      snippet: piecesOf(row.snippet),
    }));
  }
}

export type SearchService = ReturnType<typeof createSearchService>;
