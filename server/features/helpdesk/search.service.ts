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
 * languages ("rechn" finds "Rechnung", "Rechnung" finds "Rechnungen"). `match=all` (the search box): all words
 * must match. `match=any` (suggestions while a member writes a whole sentence): any word may, and the articles
 * that match the most of them come first. The page is ranked and cut first; only its rows are highlighted
 * (ts_headline is the costly part), between two control characters that are stripped from the text first, and
 * handed to the web as marked pieces, never as HTML.
 */

const startMark = '\u0002';
const stopMark = '\u0003';
const maxWords = 8;
/** A sentence may be long: only its first significant words (not stop words) make the `any` query. */
const maxAnyWords = 12;

/** The query's words: letters and digits only (nothing of the text reaches to_tsquery's syntax), lower case. */
export function searchWords(text: string, max = maxWords): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.slice(0, 60)))].slice(0, max);
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

/**
 * A search's words as SQL: `q` selects the query (`tsq`) in one row, `covered` counts how many of the words the
 * article `a` matches (what `any` ranks by first).
 */
type Matching = { words: string[]; q: SQL; covered: SQL };

/** `all`: every word; every hit covers all of them. */
function allWords(text: string): Matching | null {
  const words = searchWords(text);
  const tsq = prefixQuery(words);
  return tsq && { words, q: sql`select ${tsq} as tsq`, covered: sql`0` };
}

/**
 * `any`: `w1:* | w2:* | …` in both languages for the first twelve significant words of the sentence. A word that
 * is a stop word in either language is dropped, not only in both as `all` does: the other language would keep
 * it as a prefix ("ich", "die" are English lexemes) and it would find nearly every German article. Single letters
 * (a word being typed) would find half the help desk too. The words are letters and digits only, so joining them
 * with `|` cannot reach to_tsquery's syntax. With no word left the query is null and finds nothing.
 */
function anyWords(text: string): Matching | null {
  const words = searchWords(text, Number.POSITIVE_INFINITY).filter((word) => word.length > 1);
  if (words.length === 0) {
    return null;
  }
  const either = (query: SQL) => sql`(to_tsquery('german', ${query}) || to_tsquery('english', ${query}))`;
  const significant = sql`
    select w from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as t(w, n)
    where length(to_tsvector('german', w)) > 0 and length(to_tsvector('english', w)) > 0
    order by n
    limit ${maxAnyWords}`;
  return {
    words,
    q: sql`
      select ${either(sql`string_agg(w || ':*', ' | ')`)} as tsq,
        array_agg(${either(sql`w || ':*'`)}) as word_queries
      from (${significant}) as significant`,
    covered: sql`(select count(*) from unnest(q.word_queries) as word(tsq) where a.search @@ word.tsq)`,
  };
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
 * Search answers kept per app, match mode, reader kind (editors see drafts), limit and words: members ask the same
 * words again and again while they type, and ranking every match is the costly part. Every change that could
 * alter a hit is announced as helpdesk:<app id> (migration 0027); views and votes are not (hits do not show them).
 */
const keptHits = createChangeCache<HelpdeskSearchHit[]>({
  tagsOf: (key) => [`helpdesk:${key.split('|')[0]}`],
  maxEntries: 5_000,
});

export function createSearchService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** `GET /apps/{appId}/helpdesk/search`: ranked, highlighted; drafts only for editors searching `all`. */
    async search(access: HelpdeskAccess, query: HelpdeskSearchQuery): Promise<{ data: HelpdeskSearchHit[] }> {
      const matching = query.match === 'any' ? anyWords(query.q) : allWords(query.q);
      if (!matching) {
        return { data: [] };
      }
      // Suggestions offer what members may read: never drafts, not even to editors.
      const drafts = query.match === 'all' && access.can.includes('edit');
      const appId = access.app.app.id;
      const key = `${appId}|${query.match}|${drafts}|${query.limit}|${matching.words.join(' ')}`;
      const data = await keptHits.read(db, key, async () => searchPage(appId, matching, drafts, query.limit));
      return { data: data ?? [] };
    },
  };

  async function searchPage(
    appId: string,
    matching: Matching,
    drafts: boolean,
    limit: number,
  ): Promise<HelpdeskSearchHit[]> {
    // ts_rank puts one word of the name before two of the body (ts_rank_cd one word said often): for a sentence,
    // matching more of its words says more, so `covered` orders first and ts_rank orders equal ones.
    const result: unknown = await db.execute(sql`
        with q as (${matching.q}),
        hits as (
          select a.id, ${matching.covered} as covered, ts_rank(a.search, q.tsq) as rank
          from helpdesk_articles a, q
          where a.app_id = ${appId}::uuid and a.search @@ q.tsq and (a.is_published or ${drafts}::boolean)
          order by covered desc, rank desc, a.id
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
        order by hits.covered desc, hits.rank desc, hits.id
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
