import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { chatMessages, type ChatGifValue } from '../../db/schema/index.ts';
import { rows } from './chat-sql.ts';
import { selectMessageViews, toMessageView, type MessageView, type MessageViewRow } from './message-view.ts';

/*
 * A chat's messages (issue 17): the history as pages and windows, one message, sending in one statement,
 * editing and deleting. Every read answers the one message view of message-view.ts. Plain SQL, no rules.
 */

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export async function findMessageByClientId(
  db: DbOrTx,
  chatId: string,
  authorProfileId: string,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.authorProfileId, authorProfileId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row;
}

export async function findMessage(db: DbOrTx, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row;
}

export async function messageViewOf(db: DbOrTx, id: string): Promise<MessageView | undefined> {
  const [row] = await rows<MessageViewRow>(db, sql`${selectMessageViews()} where x.id = ${id}`);
  return row ? toMessageView(row) : undefined;
}

/** Which messages of a chat a member sees: after their clear mark, without the people they blocked. */
export type MessageWindow = { chatId: string; afterSeq: number; hiddenAuthorId: string | null };

const windowWhere = (window: MessageWindow) => sql`x.chat_id = ${window.chatId} and x.seq > ${window.afterSeq}
  ${window.hiddenAuthorId ? sql`and x.author_profile_id is distinct from ${window.hiddenAuthorId}` : sql``}`;

export async function listMessages(
  db: DbOrTx,
  window: MessageWindow,
  page: { order: 'newest' | 'oldest'; limit: number; offset: number },
): Promise<MessageView[]> {
  const found = await rows<MessageViewRow>(
    db,
    sql`${selectMessageViews()} where ${windowWhere(window)}
      order by x.seq ${page.order === 'newest' ? sql`desc` : sql`asc`}
      limit ${page.limit} offset ${page.offset}`,
  );
  return found.map(toMessageView);
}

/** How many messages a window holds: a count only when someone's messages are hidden, else by the sequence. */
export async function countMessages(db: DbOrTx, window: MessageWindow, lastSeq: number): Promise<number> {
  if (!window.hiddenAuthorId) {
    return Math.max(0, lastSeq - window.afterSeq);
  }
  const [row] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from chat_messages x where ${windowWhere(window)}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * A page of a chat's messages, newest first, by their sequence: sequences have no gaps, so page p of a window
 * (after `afterSeq`, up to `lastSeq`) is a range of the chat's index however deep it lies. Only for windows that
 * hide nobody's messages; the authors are joined to the rows of the page.
 */
const messagePageBySeq = preparedSql(
  'chat_message_page_by_seq',
  sql`${selectMessageViews()}
    where x.chat_id = ${sql.placeholder('chatId')}::uuid and x.seq > ${sql.placeholder('fromSeq')}::int
      and x.seq <= ${sql.placeholder('toSeq')}::int
    order by x.seq desc`,
);

/** Newest first, page `page` of `size`, of the window (afterSeq, lastSeq] that hides no one. */
export async function messagePage(
  db: DbOrTx,
  chatId: string,
  window: { afterSeq: number; lastSeq: number },
  page: { page: number; size: number },
): Promise<MessageView[]> {
  const toSeq = window.lastSeq - (page.page - 1) * page.size;
  const fromSeq = Math.max(window.afterSeq, toSeq - page.size);
  if (toSeq <= fromSeq) {
    return [];
  }
  const found = await messagePageBySeq.run<MessageViewRow>(db, { chatId, fromSeq, toSeq });
  return found.map(toMessageView);
}

/**
 * Stores a message in one statement: the chat's row takes the next sequence (its row lock queues concurrent
 * sends, so sequences have no gaps), the message is inserted with it, the sender's read mark moves, and the
 * message comes back as its view. A repeated client id violates `chat_messages_client_idx`, and the whole
 * statement (sequence included) is undone: the caller then answers the stored message. Undefined when the chat
 * is gone.
 */
export async function sendMessage(
  db: DbOrTx,
  values: {
    id: string;
    chatId: string;
    authorProfileId: string;
    clientId: string;
    bodyHtml: string;
    bodyText: string;
    replyToId: string | null;
    isVoice: boolean;
    gif: ChatGifValue | null;
    voteId: string | null;
    /** Cloud files in the sender's order. */
    attachmentIds: readonly string[];
  },
): Promise<MessageView | undefined> {
  // The files are inserted by the statement, so its final select (which sees the table as before) names them.
  const files = sql<string[]>`${`{${values.attachmentIds.join(',')}}`}::uuid[]`;
  const [row] = await rows<MessageViewRow>(
    db,
    sql`with c as (
        update chats set last_seq = last_seq + 1, updated_at = now()
        where id = ${values.chatId} and deleted_at is null
        returning last_seq, updated_at
      ), sent as (
        insert into chat_messages (id, chat_id, seq, author_profile_id, client_id, body_html, body_text, reply_to_id,
          is_voice, gif, vote_id, created_at)
        select ${values.id}, ${values.chatId}, c.last_seq, ${values.authorProfileId}, ${values.clientId},
          ${values.bodyHtml}, ${values.bodyText}, ${values.replyToId}, ${values.isVoice},
          ${values.gif === null ? null : JSON.stringify(values.gif)}::jsonb, ${values.voteId}, c.updated_at
        from c
        returning *
      ), files as (
        insert into chat_attachments (message_id, file_id, chat_id, position, created_at)
        select x.id, f.file_id, x.chat_id, f.position, x.created_at
        from sent x, unnest(${files}) with ordinality as f(file_id, position)
      ), mark as (
        update chat_members set last_read_seq = (select last_seq from c)
        where chat_id = ${values.chatId} and profile_id = ${values.authorProfileId}
      )
      ${selectMessageViews(sql`sent`, files)}`,
  );
  return row ? toMessageView(row) : undefined;
}

export async function updateMessageBody(db: DbOrTx, id: string, html: string, text: string): Promise<void> {
  await db
    .update(chatMessages)
    .set({ bodyHtml: html, bodyText: text, editedAt: new Date() })
    .where(eq(chatMessages.id, id));
}

export async function markMessageDeleted(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(chatMessages)
    .set({ bodyHtml: '', bodyText: '', deletedAt: new Date() })
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)));
}

/** A unique index refused the row (PostgreSQL 23505), also when wrapped by the driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const found = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (found.code === '23505' && (!constraint || found.constraint === constraint)) {
      return true;
    }
    current = found.cause;
  }
  return false;
}
