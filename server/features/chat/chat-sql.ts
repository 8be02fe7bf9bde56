import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';

/*
 * What the chat's repositories share (issue 17): running a written-out statement, reading the values the driver
 * gives back (a timestamp may come as text), and the person a row names.
 */

export async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export const date = (value: Date | string) => new Date(value);
export const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** `a::uuid, b::uuid, …` for `in (…)`. */
export const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export type Person = { profileId: string; firstName: string; lastName: string; avatarId: string | null };

/** A person from the columns of an outer join: null when the row names nobody. */
export const personOrNull = (
  id: string | null,
  firstName: string | null,
  lastName: string | null,
  avatarId: string | null,
): Person | null =>
  id ? { profileId: id, firstName: firstName ?? '', lastName: lastName ?? '', avatarId } : null;

/** An `ilike` pattern for names containing `search`, its wildcards taken literally. */
export const likePattern = containsPattern;
