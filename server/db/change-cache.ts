import { changeFeedOf, type ChangeFeed } from './changes.ts';
import type { DbOrTx } from './client.ts';

/*
 * Rows that every request reads and that rarely change, kept in memory per key and dropped by the database's
 * change announcements (changes.ts): each entry carries the announcements ("tags", e.g. `app:<id>`) that
 * concern it, and one heard drops every entry tagged with any of its space-separated tags; `null` (the listener came back) drops everything.
 * Only the root handle caches (a transaction may still roll back what it read); while the feed is not listening
 * nothing is read from or kept in the cache; a load that overlapped an announcement is not kept. Entries are
 * frozen (shared by every request from then on: a caller that changed one would fail loudly) and expire after a
 * minute, a bound should an announcement ever be lost.
 */

export type ChangeCache<Row> = {
  /** The cached row, or the loaded one (kept unless a change was announced while it loaded). */
  read(db: DbOrTx, key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined>;
  readonly size: number;
};

type Entry<Row> = { row: Row; tags: readonly string[]; expiresAt: number };

export function createChangeCache<Row>(options: {
  /** The announcements that concern an entry. */
  tagsOf: (key: string, row: Row) => readonly string[];
  ttlMs?: number;
  maxEntries?: number;
}): ChangeCache<Row> {
  const { tagsOf, ttlMs = 60_000, maxEntries = 20_000 } = options;
  const byFeed = new WeakMap<ChangeFeed, ReturnType<typeof feedCache>>();
  let current: ReturnType<typeof feedCache> | undefined;

  function feedCache(feed: ChangeFeed) {
    const entries = new Map<string, Entry<Row>>();
    const byTag = new Map<string, Set<string>>();
    const state = { entries, generation: 0 };
    const drop = (key: string) => {
      const entry = entries.get(key);
      if (!entry) {
        return;
      }
      entries.delete(key);
      for (const tag of entry.tags) {
        const keys = byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) {
          byTag.delete(tag);
        }
      }
    };
    feed.subscribe((payload) => {
      // A load under way may hold what this changed: it is not kept.
      state.generation += 1;
      if (payload === null) {
        entries.clear();
        byTag.clear();
        return;
      }
      // One announcement may name several things, separated by spaces (a post and its space).
      for (const tag of payload.split(' ')) {
        for (const key of [...(byTag.get(tag) ?? [])]) {
          drop(key);
        }
      }
    });
    const keep = (key: string, row: Row, now: number) => {
      drop(key);
      const tags = tagsOf(key, row);
      entries.set(key, { row: deepFreeze(row), tags, expiresAt: now + ttlMs });
      for (const tag of tags) {
        let keys = byTag.get(tag);
        if (!keys) {
          keys = new Set();
          byTag.set(tag, keys);
        }
        keys.add(key);
      }
      while (entries.size > maxEntries) {
        drop(entries.keys().next().value!);
      }
    };
    return Object.assign(state, { keep });
  }

  return {
    get size() {
      return current?.entries.size ?? 0;
    },
    async read(db, key, load) {
      const feed = changeFeedOf(db);
      if (!feed?.listening) {
        return load();
      }
      let cache = byFeed.get(feed);
      if (!cache) {
        cache = feedCache(feed);
        byFeed.set(feed, cache);
      }
      current = cache;
      const now = Date.now();
      const hit = cache.entries.get(key);
      if (hit && hit.expiresAt > now) {
        return hit.row;
      }
      const generation = cache.generation;
      const row = await load();
      if (row !== undefined && cache.generation === generation && feed.listening) {
        cache.keep(key, row, now);
      }
      return row;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) {
      deepFreeze(inner);
    }
  }
  return value;
}
