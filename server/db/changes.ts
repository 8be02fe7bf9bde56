/*
 * Committed changes the database announces, so that what every request reads and what rarely changes (the
 * caller's standing in an app) can be kept in memory by every instance (docs/ARCHITECTURE.md "Caches").
 *
 * Triggers on the tables behind such a cache send `pg_notify('data_changes', '<kind>:<id>')` (migration 0018),
 * which PostgreSQL delivers after commit to every session listening on the channel:
 * - every pooled connection listens, and PostgreSQL hands a session its own notifications before it reports the
 *   statement done, so the instance that wrote has dropped what the write changed before the write's promise
 *   resolves (no request on it reads the old value after that);
 * - a dedicated connection listens for the other instances' writes (the pool closes idle connections). While
 *   it is down `listening` is false and caches must not answer; when it is back, `null` is sent: changes may
 *   have been missed, drop everything.
 * PGlite is one process: its one session hears its own notifications the same way.
 */

import type { DbOrTx } from './client.ts';

export const changesChannel = 'data_changes';

export type ChangeHandler = (payload: string | null) => void;

export type ChangeFeed = {
  /** False while changes of other instances may go unheard: a cache must neither answer nor keep. */
  readonly listening: boolean;
  /** Hears every change (`null`: anything may have changed). Returns the unsubscribe. */
  subscribe(handler: ChangeHandler): () => void;
};

export type ChangeFeedSource = ChangeFeed & {
  emit(payload: string | null): void;
  setListening(listening: boolean): void;
};

export function createChangeFeed(): ChangeFeedSource {
  const handlers = new Set<ChangeHandler>();
  let listening = false;
  return {
    get listening() {
      return listening;
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    emit(payload) {
      for (const handler of handlers) {
        handler(payload);
      }
    },
    setListening(value) {
      if (value && !listening) {
        // Whatever happened while nobody listened is unknown.
        listening = true;
        for (const handler of handlers) {
          handler(null);
        }
        return;
      }
      listening = value;
    },
  };
}

const feeds = new WeakMap<object, ChangeFeed>();

/** Ties a feed to the database's root handle (not to its transactions: what they read may still roll back). */
export function attachChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The change feed of a root handle; undefined inside a transaction or where none was attached. */
export const changeFeedOf = (db: DbOrTx): ChangeFeed | undefined => feeds.get(db);
