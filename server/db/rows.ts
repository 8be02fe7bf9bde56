import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The rows of a raw query (both drivers answer `{ rows }` to `execute`). */
export async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
