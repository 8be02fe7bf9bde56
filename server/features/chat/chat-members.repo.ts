import { sql } from 'drizzle-orm';
import { chatReadMarksMaxMembers } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Person } from './chat.repo.ts';

/*
 * The read markers' queries (issue 17, second cut): plain SQL, no rules. A chat with read markers has at most
 * `chatReadMarksMaxMembers` members, so its marks are one short list.
 */

async function rows<Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export type ReadMarkRow = Person & { lastReadSeq: number };

/** Every member's read mark with their name and photo, in the order people came. */
export async function listReadMarks(db: DbOrTx, chatId: string): Promise<ReadMarkRow[]> {
  const found = await rows<Person & { lastReadSeq: number | string }>(
    db,
    sql`select p.id as "profileId", a.first_name as "firstName", a.last_name as "lastName",
      p.avatar_id as "avatarId", m.last_read_seq as "lastReadSeq"
    from chat_members m join profiles p on p.id = m.profile_id join accounts a on a.id = p.account_id
    where m.chat_id = ${chatId}
    order by m.joined_at, p.id limit ${chatReadMarksMaxMembers}`,
  );
  return found.map((row) => ({ ...row, lastReadSeq: Number(row.lastReadSeq) }));
}

/** Where one person's read marks stand in some chats (after a read moved them). */
export async function readMarksOfProfile(
  db: DbOrTx,
  profileId: string,
  chatIds: readonly string[],
): Promise<{ chatId: string; lastReadSeq: number }[]> {
  if (chatIds.length === 0) {
    return [];
  }
  const found = await rows<{ chatId: string; lastReadSeq: number | string }>(
    db,
    sql`select chat_id as "chatId", last_read_seq as "lastReadSeq" from chat_members
    where profile_id = ${profileId} and chat_id = any(${`{${chatIds.join(',')}}`}::uuid[])`,
  );
  return found.map((row) => ({ chatId: row.chatId, lastReadSeq: Number(row.lastReadSeq) }));
}
