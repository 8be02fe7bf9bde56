import { changeFeedOf, type ChangeFeed } from '../../db/changes.ts';
import type { DbOrTx } from '../../db/client.ts';

/*
 * The caller's standing in an app (the app, its project, their live profile with its sanction tags, their team
 * membership) kept in memory per app and account: every app-scoped request reads it, and it changes rarely.
 * It is dropped by the database's change announcements (server/db/changes.ts, migration 0018): an app or
 * project change drops the entries of that app or project, a profile change the entry of that person, a tag on
 * a profile the entries of that profile; `null` (the listener came back) drops everything. Only the root
 * handle caches (a transaction may still roll back what it read); while the feed is not listening nothing is
 * read from or kept in the cache. Entries also expire after a minute, as a bound should an announcement ever
 * be lost.
 */

type Entry<Row> = { row: Row; appId: string; projectId: string; profileId: string | null; expiresAt: number };

export type StandingKeys = { appId: string; projectId: string; profileId: string | null };

export type StandingCache<Row> = {
  /** The cached row, or the loaded one (kept unless a change was announced while it loaded). */
  read(
    db: DbOrTx,
    appId: string,
    accountId: string | null,
    load: () => Promise<Row | undefined>,
  ): Promise<Row | undefined>;
  readonly size: number;
};

const ttlMs = 60_000;
const maxEntries = 20_000;

export function createStandingCache<Row>(keysOf: (row: Row) => StandingKeys): StandingCache<Row> {
  const byFeed = new WeakMap<ChangeFeed, ReturnType<typeof feedCache>>();

  function feedCache(feed: ChangeFeed) {
    const entries = new Map<string, Entry<Row>>();
    // Bumped by every announcement: a load that overlapped one may hold what it changed, and is not kept.
    let generation = 0;
    const dropWhere = (test: (entry: Entry<Row>) => boolean) => {
      for (const [key, entry] of entries) {
        if (test(entry)) {
          entries.delete(key);
        }
      }
    };
    feed.subscribe((payload) => {
      generation += 1;
      if (payload === null) {
        entries.clear();
        return;
      }
      const [kind, id, accountId] = payload.split(':');
      if (kind === 'member') {
        entries.delete(keyOf(id!, accountId || null));
      } else if (kind === 'app') {
        dropWhere((entry) => entry.appId === id);
      } else if (kind === 'project') {
        dropWhere((entry) => entry.projectId === id);
      } else if (kind === 'profile') {
        dropWhere((entry) => entry.profileId === id);
      }
    });
    return {
      entries,
      get generation() {
        return generation;
      },
    };
  }

  const keyOf = (appId: string, accountId: string | null) => `${appId}:${accountId ?? ''}`;
  let lastCache: ReturnType<typeof feedCache> | undefined;

  return {
    get size() {
      return lastCache?.entries.size ?? 0;
    },
    async read(db, appId, accountId, load) {
      const feed = changeFeedOf(db);
      if (!feed?.listening) {
        return load();
      }
      let cache = byFeed.get(feed);
      if (!cache) {
        cache = feedCache(feed);
        byFeed.set(feed, cache);
      }
      lastCache = cache;
      const key = keyOf(appId, accountId);
      const now = Date.now();
      const hit = cache.entries.get(key);
      if (hit && hit.expiresAt > now) {
        return hit.row;
      }
      const generation = cache.generation;
      const row = await load();
      if (row !== undefined && cache.generation === generation && feed.listening) {
        cache.entries.delete(key);
        // Shared by every request from now on: frozen, so a caller that changed it would fail loudly.
        cache.entries.set(key, { row: deepFreeze(row), ...keysOf(row), expiresAt: now + ttlMs });
        while (cache.entries.size > maxEntries) {
          cache.entries.delete(cache.entries.keys().next().value!);
        }
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
