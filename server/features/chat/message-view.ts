import { sql, type SQL } from 'drizzle-orm';
import type { ChatGifValue } from '../../db/schema/index.ts';
import { date, dateOrNull, personOrNull, type Person } from './chat-sql.ts';

/*
 * A message as the chat shows it (issue 17), described once: its columns, the joins that bring its author and
 * the message it replies to, and the one mapper to MessageView. The history (a page by sequence, a window that
 * hides someone), a single message and the send's statement all read these columns: per message row, five
 * left joins by primary key and its files by the attachments' key — no more.
 */

export type MessageView = {
  id: string;
  chatId: string;
  seq: number;
  clientId: string | null;
  authorProfileId: string | null;
  author: Person | null;
  bodyHtml: string;
  isVoice: boolean;
  gif: ChatGifValue | null;
  voteId: string | null;
  /** Its files of the cloud library, in the sender's order. */
  attachmentIds: string[];
  isDeleted: boolean;
  createdAt: Date;
  editedAt: Date | null;
  replyTo: { id: string; text: string; isDeleted: boolean; author: Person | null } | null;
};

/** A uuid[] as the driver gives it: an array, or PostgreSQL's text form `{a,b}`. */
type DriverUuids = string[] | string | null;

/** A message's files in the sender's order, as one column of the message's row. */
const attachmentIdsOfMessage = sql<DriverUuids>`coalesce((select array_agg(ca.file_id order by ca.position)
  from chat_attachments ca where ca.message_id = x.id), '{}'::uuid[])`;

/**
 * The columns of a message view over the message `x`, its author (`p`, `a`) and the message it replies to (`r`,
 * whose author is `rp`, `ra`): each as the driver gives it (a timestamp may be text, a uuid[] its text form), so
 * a drizzle select and a written-out statement read the same values. `attachmentIds` is the files' column: a
 * statement that inserts them names them itself (its own insert is not visible to its select).
 */
export const messageViewColumns = (attachmentIds: SQL<DriverUuids> = attachmentIdsOfMessage) => ({
  id: sql<string>`x.id`,
  chatId: sql<string>`x.chat_id`,
  seq: sql<number | string>`x.seq`,
  clientId: sql<string | null>`x.client_id`,
  authorId: sql<string | null>`x.author_profile_id`,
  firstName: sql<string | null>`a.first_name`,
  lastName: sql<string | null>`a.last_name`,
  avatarId: sql<string | null>`p.avatar_id`,
  bodyHtml: sql<string>`x.body_html`,
  isVoice: sql<boolean>`x.is_voice`,
  gif: sql<ChatGifValue | string | null>`x.gif`,
  voteId: sql<string | null>`x.vote_id`,
  attachmentIds,
  deletedAt: sql<Date | string | null>`x.deleted_at`,
  createdAt: sql<Date | string>`x.created_at`,
  editedAt: sql<Date | string | null>`x.edited_at`,
  replyId: sql<string | null>`r.id`,
  replyText: sql<string | null>`r.body_text`,
  replyDeletedAt: sql<Date | string | null>`r.deleted_at`,
  replyAuthorId: sql<string | null>`r.author_profile_id`,
  replyFirstName: sql<string | null>`ra.first_name`,
  replyLastName: sql<string | null>`ra.last_name`,
  replyAvatarId: sql<string | null>`rp.avatar_id`,
});

type MessageViewColumns = ReturnType<typeof messageViewColumns>;

/** A row of `messageViewColumns`. */
export type MessageViewRow = {
  [K in keyof MessageViewColumns]: MessageViewColumns[K] extends SQL<infer T> ? T : never;
};

/** What `messageViewColumns` read besides the message `x`. */
export const messageViewJoins = sql`left join profiles p on p.id = x.author_profile_id
  left join accounts a on a.id = p.account_id
  left join chat_messages r on r.id = x.reply_to_id
  left join profiles rp on rp.id = r.author_profile_id
  left join accounts ra on ra.id = rp.account_id`;

/** `select <the view's columns> from <messages> x <joins>`, for a written-out statement to go on. */
export const selectMessageViews = (messages: SQL = sql`chat_messages`, attachmentIds?: SQL<DriverUuids>) =>
  sql`select ${sql.join(
    Object.entries(messageViewColumns(attachmentIds)).map(
      ([name, column]) => sql`${column} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  )}
  from ${messages} x
  ${messageViewJoins}`;

const uuidsOf = (value: DriverUuids): string[] =>
  value === null
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

/** A deleted message keeps its place and its time; what it said, carried and who wrote it are gone. */
export function toMessageView(row: MessageViewRow): MessageView {
  const isDeleted = row.deletedAt !== null;
  return {
    id: row.id,
    chatId: row.chatId,
    seq: Number(row.seq),
    clientId: row.clientId,
    authorProfileId: row.authorId,
    author: isDeleted ? null : personOrNull(row.authorId, row.firstName, row.lastName, row.avatarId),
    bodyHtml: isDeleted ? '' : row.bodyHtml,
    isVoice: !isDeleted && row.isVoice,
    gif:
      isDeleted || row.gif === null
        ? null
        : typeof row.gif === 'string'
          ? (JSON.parse(row.gif) as ChatGifValue)
          : row.gif,
    voteId: isDeleted ? null : row.voteId,
    attachmentIds: isDeleted ? [] : uuidsOf(row.attachmentIds),
    isDeleted,
    createdAt: date(row.createdAt),
    editedAt: isDeleted ? null : dateOrNull(row.editedAt),
    replyTo: row.replyId
      ? {
          id: row.replyId,
          text: row.replyDeletedAt === null ? (row.replyText ?? '') : '',
          isDeleted: row.replyDeletedAt !== null,
          author:
            row.replyDeletedAt === null
              ? personOrNull(row.replyAuthorId, row.replyFirstName, row.replyLastName, row.replyAvatarId)
              : null,
        }
      : null,
  };
}
