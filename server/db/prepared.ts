import type { DbOrTx } from './client.ts';

/**
 * A query of a hot path, built once per database handle instead of once per request. Drizzle turns the query
 * into SQL on every call (a tenth of a cached read's CPU in the bench profile); a prepared query keeps the
 * SQL, and on PostgreSQL the named statement is parsed and planned once per pooled connection.
 *
 *   const projectById = preparedQuery((db) =>
 *     db.select().from(projects).where(eq(projects.id, sql.placeholder('id'))).prepare('project_by_id'));
 *   const [row] = await projectById(db).execute({ id });
 *
 * A transaction is another handle: its statements are prepared for it, so they run on its connection.
 */
export function preparedQuery<P>(build: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const byHandle = new WeakMap<DbOrTx, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
