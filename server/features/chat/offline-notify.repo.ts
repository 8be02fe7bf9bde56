import { sql, type SQL } from 'drizzle-orm';
import type { ChatKind } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';

/*
 * The offline notifications' queries (issue 17): a live chat with its newest message, and the members who have
 * not read up to it. Plain SQL, no rules.
 */

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export type ChatNews = {
  appId: string;
  kind: ChatKind;
  name: string;
  lastSeq: number;
  /** The newest message's author (null when their profile is gone) and text ('' when it was deleted). */
  authorProfileId: string | null;
  text: string;
};

/** A live chat with its newest message; undefined when the chat is deleted or has no message. */
export async function chatNewsOf(db: DbOrTx, chatId: string): Promise<ChatNews | undefined> {
  const [row] = await rows<{
    app_id: string;
    kind: ChatKind;
    name: string;
    last_seq: number | string;
    author_profile_id: string | null;
    body_text: string;
    deleted_at: string | Date | null;
  }>(
    db,
    sql`select c.app_id, c.kind, c.name, c.last_seq, m.author_profile_id, m.body_text, m.deleted_at
      from chats c join chat_messages m on m.chat_id = c.id and m.seq = c.last_seq
      where c.id = ${chatId} and c.deleted_at is null`,
  );
  if (!row) {
    return undefined;
  }
  return {
    appId: row.app_id,
    kind: row.kind,
    name: row.name,
    lastSeq: Number(row.last_seq),
    authorProfileId: row.author_profile_id,
    text: row.deleted_at === null ? row.body_text : '',
  };
}

/**
 * Live members whose read mark is below `lastSeq`. Their own messages moved their mark, so what they have not
 * read is others' writing. In a private chat a member who blocked the partner sees none of the partner's
 * messages, so is left out.
 */
export async function unreadMembersOf(
  db: DbOrTx,
  chat: { id: string; kind: ChatKind; lastSeq: number },
): Promise<{ profileId: string; lastReadSeq: number }[]> {
  const notBlocking =
    chat.kind === 'private'
      ? sql`and not exists (select 1 from chat_blocks b join chat_members o
          on o.chat_id = m.chat_id and o.profile_id = b.blocked_profile_id
          where b.blocker_profile_id = m.profile_id)`
      : sql``;
  const found = await rows<{ profile_id: string; last_read_seq: number | string }>(
    db,
    sql`select m.profile_id, m.last_read_seq from chat_members m
      join profiles p on p.id = m.profile_id and p.deleted_at is null
      where m.chat_id = ${chat.id} and m.last_read_seq < ${chat.lastSeq} ${notBlocking}`,
  );
  return found.map((row) => ({ profileId: row.profile_id, lastReadSeq: Number(row.last_read_seq) }));
}
