import type { SQL } from 'drizzle-orm';
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

type RawPrepared = { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };
type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): RawPrepared };
};

/**
 * A written-out statement of a hot path as a named statement whose rows come back as the driver gives them
 * (timestamps as text), for a repository that reads them into its own type: no ORM mapping per column and row
 * (a tenth of a page's CPU in the chat bench profile), and on PostgreSQL parsed and planned once per pooled
 * connection. Values are `sql.placeholder(name)`s, given to `run`.
 *
 *   const page = preparedSql('chat_page', sql`select … where x.chat_id = ${sql.placeholder('chatId')}::uuid`);
 *   const rows = await page.run<Row>(db, { chatId });
 */
export function preparedSql(name: string, statement: SQL) {
  const prepared = preparedQuery((db) => {
    const { dialect, session } = db as unknown as Internals;
    return session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  });
  return {
    async run<Row>(db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> {
      const result = await prepared(db).execute(values);
      return result.rows as Row[];
    },
  };
}
