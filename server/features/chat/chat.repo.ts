import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatKind, ChatMessageContent, ChatRole } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  accounts,
  chatBlocks,
  chatMembers,
  chatMessages,
  chats,
  profiles,
  type ChatGifValue,
} from '../../db/schema/index.ts';

/*
 * The chat's queries (issue 17): plain SQL, no rules. Reads that join names and photos are written out; the
 * hot reads (the app-wide counter) are named statements.
 */

export type ChatRow = typeof chats.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const date = (value: Date | string) => new Date(value);
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The key of a pair's private chat: both profile ids, the smaller first. */
export const privateKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** The other person of a private chat. */
export function partnerIdOf(chat: Pick<ChatRow, 'privateKey'>, profileId: string): string | null {
  if (!chat.privateKey) {
    return null;
  }
  const [first, second] = chat.privateKey.split(':');
  return first === profileId ? (second ?? null) : (first ?? null);
}

export async function findLiveChat(db: DbOrTx, id: string): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, id), isNull(chats.deletedAt)));
  return row;
}

export async function findLiveChats(db: DbOrTx, ids: readonly string[]): Promise<ChatRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return rows<ChatRow>(
    db,
    sql`select id, app_id as "appId", kind, name, private_key as "privateKey", is_public as "isPublic",
      is_member_allow_to_chat as "isMemberAllowToChat", hide_members as "hideMembers", last_seq as "lastSeq",
      members_count as "membersCount", created_by_profile_id as "createdByProfileId", deleted_at as "deletedAt",
      created_at as "createdAt", updated_at as "updatedAt"
      from chats where id in (${idList(ids)}) and deleted_at is null`,
  );
}

export async function findMember(
  db: DbOrTx,
  chatId: string,
  profileId: string,
): Promise<ChatMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)));
  return row;
}

/** Whether `blocker` has blocked `blocked`. */
export async function isBlocking(db: DbOrTx, blocker: string, blocked: string): Promise<boolean> {
  const [row] = await db
    .select({ at: chatBlocks.createdAt })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockerProfileId, blocker), eq(chatBlocks.blockedProfileId, blocked)));
  return Boolean(row);
}

export type Person = { profileId: string; firstName: string; lastName: string; avatarId: string | null };

/** A chat as one viewer sees it: their membership, the partner of a private chat, the newest visible message. */
export type ChatView = {
  id: string;
  appId: string;
  kind: ChatKind;
  name: string;
  isPublic: boolean;
  isMemberAllowToChat: boolean;
  hideMembers: boolean;
  membersCount: number;
  lastSeq: number;
  createdAt: Date;
  updatedAt: Date;
  role: ChatRole | null;
  lastReadSeq: number;
  clearedSeq: number;
  partner: Person | null;
  isBlocked: boolean;
  isBlockedByPartner: boolean;
  lastMessage: {
    id: string;
    text: string;
    isDeleted: boolean;
    createdAt: Date;
    author: Person | null;
    content: ChatMessageContent | null;
  } | null;
};

type RawChatView = {
  id: string;
  appId: string;
  kind: ChatKind;
  name: string;
  isPublic: boolean;
  isMemberAllowToChat: boolean;
  hideMembers: boolean;
  membersCount: number | string;
  lastSeq: number | string;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: ChatRole | null;
  lastReadSeq: number | string | null;
  clearedSeq: number | string | null;
  partnerId: string | null;
  partnerFirstName: string | null;
  partnerLastName: string | null;
  partnerAvatarId: string | null;
  isBlocked: boolean;
  isBlockedByPartner: boolean;
  lastId: string | null;
  lastText: string | null;
  lastDeletedAt: Date | string | null;
  lastCreatedAt: Date | string | null;
  lastAuthorId: string | null;
  lastFirstName: string | null;
  lastLastName: string | null;
  lastAvatarId: string | null;
  lastContent: ChatMessageContent | null;
};

function toChatView(row: RawChatView): ChatView {
  return {
    id: row.id,
    appId: row.appId,
    kind: row.kind,
    name: row.name,
    isPublic: row.isPublic,
    isMemberAllowToChat: row.isMemberAllowToChat,
    hideMembers: row.hideMembers,
    membersCount: Number(row.membersCount),
    lastSeq: Number(row.lastSeq),
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
    role: row.role,
    lastReadSeq: Number(row.lastReadSeq ?? 0),
    clearedSeq: Number(row.clearedSeq ?? 0),
    partner: row.partnerId
      ? {
          profileId: row.partnerId,
          firstName: row.partnerFirstName ?? '',
          lastName: row.partnerLastName ?? '',
          avatarId: row.partnerAvatarId,
        }
      : null,
    isBlocked: row.isBlocked,
    isBlockedByPartner: row.isBlockedByPartner,
    lastMessage:
      row.lastId && row.lastCreatedAt
        ? {
            id: row.lastId,
            text: row.lastText ?? '',
            isDeleted: row.lastDeletedAt !== null,
            createdAt: date(row.lastCreatedAt),
            content: row.lastDeletedAt === null ? row.lastContent : null,
            author:
              row.lastAuthorId && row.lastDeletedAt === null
                ? {
                    profileId: row.lastAuthorId,
                    firstName: row.lastFirstName ?? '',
                    lastName: row.lastLastName ?? '',
                    avatarId: row.lastAvatarId,
                  }
                : null,
          }
        : null,
  };
}

/** Which chats a view query reads. */
export type ChatFilter =
  | { kind: 'mine'; appId: string; search?: string }
  | { kind: 'public'; appId: string; search?: string }
  | { kind: 'ids'; ids: readonly string[] };

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

// The partner of a private chat, from the pair's key.
const partnerJoin = (viewer: string) => sql`
  left join profiles pp on c.kind = 'private' and pp.id = (case
    when split_part(c.private_key, ':', 1) = ${viewer}::text then split_part(c.private_key, ':', 2)
    else split_part(c.private_key, ':', 1) end)::uuid
  left join accounts pa on pa.id = pp.account_id`;

function filterOf(filter: ChatFilter): SQL {
  const search = 'search' in filter && filter.search ? likePattern(filter.search) : null;
  const matches = search
    ? sql`and ((c.kind <> 'private' and c.name ilike ${search})
        or (c.kind = 'private' and (pa.first_name || ' ' || pa.last_name) ilike ${search}))`
    : sql``;
  switch (filter.kind) {
    case 'mine':
      return sql`true ${matches}`;
    case 'public':
      return sql`c.app_id = ${filter.appId} and c.kind = 'group' and c.is_public ${matches}`;
    case 'ids':
      return sql`c.id in (${idList(filter.ids)})
        and (m.profile_id is not null or (c.kind = 'group' and c.is_public))`;
  }
}

/**
 * The viewer's chats of a filter, newest activity first, with the total, in one statement: the page of ids is
 * taken first (the viewer's chats from their memberships, by index), and only its rows get the partner, the
 * blocks and the newest visible message.
 */
export async function listChatViews(
  db: DbOrTx,
  viewer: string,
  filter: ChatFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ChatView[]; total: number }> {
  if (filter.kind === 'ids' && filter.ids.length === 0) {
    return { rows: [], total: 0 };
  }
  const searching = 'search' in filter && Boolean(filter.search);
  const from =
    filter.kind === 'mine'
      ? sql`from chat_members m join chats c on c.id = m.chat_id and m.profile_id = ${viewer}
          and m.app_id = ${filter.appId}`
      : sql`from chats c left join chat_members m on m.chat_id = c.id and m.profile_id = ${viewer}`;
  const found = await rows<RawChatView & { total: number | string }>(
    db,
    sql`with page as (
      select c.id, m.role, m.last_read_seq, m.cleared_seq, count(*) over () as total
      ${from}
      ${searching ? partnerJoin(viewer) : sql``}
      where c.deleted_at is null and ${filterOf(filter)}
      order by c.updated_at desc, c.id desc
      limit ${page.limit} offset ${page.offset}
    )
    select c.id, c.app_id as "appId", c.kind, c.name, c.is_public as "isPublic",
      c.is_member_allow_to_chat as "isMemberAllowToChat", c.hide_members as "hideMembers",
      c.members_count as "membersCount", c.last_seq as "lastSeq", c.created_at as "createdAt",
      c.updated_at as "updatedAt", m.role, m.last_read_seq as "lastReadSeq", m.cleared_seq as "clearedSeq",
      m.total, pp.id as "partnerId", pa.first_name as "partnerFirstName", pa.last_name as "partnerLastName",
      pp.avatar_id as "partnerAvatarId",
      exists(select 1 from chat_blocks b where b.blocker_profile_id = ${viewer} and b.blocked_profile_id = pp.id)
        as "isBlocked",
      exists(select 1 from chat_blocks b where b.blocker_profile_id = pp.id and b.blocked_profile_id = ${viewer})
        as "isBlockedByPartner",
      lm.id as "lastId", lm.body_text as "lastText", lm.deleted_at as "lastDeletedAt",
      lm.created_at as "lastCreatedAt", lm.author_profile_id as "lastAuthorId", la.first_name as "lastFirstName",
      la.last_name as "lastLastName", lp.avatar_id as "lastAvatarId",
      case when lm.is_voice then 'voice' when lm.gif is not null then 'gif' when lm.vote_id is not null then 'vote'
        when exists(select 1 from chat_attachments ca where ca.message_id = lm.id) then 'attachment' end
        as "lastContent"
    from page m join chats c on c.id = m.id
    ${partnerJoin(viewer)}
    left join lateral (
      select x.id, x.body_text, x.deleted_at, x.created_at, x.author_profile_id, x.is_voice, x.gif, x.vote_id
      from chat_messages x
      where x.chat_id = c.id and x.seq > coalesce(m.cleared_seq, 0)
        and not (c.kind = 'private' and x.author_profile_id is not null and exists(
          select 1 from chat_blocks hb where hb.blocker_profile_id = ${viewer}
            and hb.blocked_profile_id = x.author_profile_id))
      order by x.seq desc limit 1
    ) lm on true
    left join profiles lp on lp.id = lm.author_profile_id
    left join accounts la on la.id = lp.account_id
    order by c.updated_at desc, c.id desc`,
  );
  if (found.length === 0 && page.offset > 0) {
    // Past the last page: the total still counts.
    const [count] = await rows<{ total: number | string }>(
      db,
      sql`select count(*) as total ${from} ${searching ? partnerJoin(viewer) : sql``}
        where c.deleted_at is null and ${filterOf(filter)}`,
    );
    return { rows: [], total: Number(count?.total ?? 0) };
  }
  return { rows: found.map(toChatView), total: Number(found[0]?.total ?? 0) };
}

export async function chatViewOf(db: DbOrTx, viewer: string, chatId: string): Promise<ChatView | undefined> {
  const { rows: found } = await listChatViews(
    db,
    viewer,
    { kind: 'ids', ids: [chatId] },
    { limit: 1, offset: 0 },
  );
  return found[0];
}

/** The moderators of chats, in the order they came. */
export async function moderatorsOf(
  db: DbOrTx,
  chatIds: readonly string[],
): Promise<(Person & { chatId: string })[]> {
  if (chatIds.length === 0) {
    return [];
  }
  return rows(
    db,
    sql`select m.chat_id as "chatId", p.id as "profileId", a.first_name as "firstName",
      a.last_name as "lastName", p.avatar_id as "avatarId"
    from chat_members m join profiles p on p.id = m.profile_id join accounts a on a.id = p.account_id
    where m.chat_id in (${idList(chatIds)}) and m.role = 'moderator'
    order by m.joined_at, p.id`,
  );
}

/** A person's name and photo. */
export async function personOf(db: DbOrTx, profileId: string): Promise<Person | undefined> {
  const [row] = await rows<Person>(
    db,
    sql`select p.id as "profileId", a.first_name as "firstName", a.last_name as "lastName",
      p.avatar_id as "avatarId"
    from profiles p join accounts a on a.id = p.account_id where p.id = ${profileId}`,
  );
  return row;
}

/** Which of `ids` are live profiles of the app that take part in it (not invited people, not deleted). */
export async function liveProfileIdsOf(
  db: DbOrTx,
  appId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) {
    return new Set();
  }
  const found = await rows<{ id: string }>(
    db,
    sql`select p.id from profiles p join accounts a on a.id = p.account_id
      where p.app_id = ${appId} and p.id in (${idList(ids)}) and p.deleted_at is null and p.type <> 'invited'
        and a.deleted_at is null`,
  );
  return new Set(found.map((row) => row.id));
}

/**
 * The pair's private chat: inserted unless it exists (the unique pair key settles a race: the loser waits for
 * the winner's commit and finds its chat). Answers the chat's id and whether this call created it.
 */
export async function insertPrivateChatOnce(
  db: DbOrTx,
  values: { id: string; appId: string; privateKey: string; createdByProfileId: string },
): Promise<{ id: string; created: boolean }> {
  const inserted = await rows<{ id: string }>(
    db,
    sql`insert into chats (id, app_id, kind, private_key, created_by_profile_id)
      values (${values.id}, ${values.appId}, 'private', ${values.privateKey}, ${values.createdByProfileId})
      on conflict (app_id, private_key) where private_key is not null do nothing
      returning id`,
  );
  if (inserted[0]) {
    return { id: inserted[0].id, created: true };
  }
  const [existing] = await rows<{ id: string }>(
    db,
    sql`select id from chats where app_id = ${values.appId} and private_key = ${values.privateKey}`,
  );
  if (!existing) {
    throw new Error('chat: the pair’s private chat is neither new nor found');
  }
  return { id: existing.id, created: false };
}

export async function insertChat(db: DbOrTx, values: typeof chats.$inferInsert): Promise<ChatRow> {
  const [row] = await db.insert(chats).values(values).returning();
  return row!;
}

/** Adds people (those already in are left as they are) and counts the new ones into the chat. */
export async function addMembers(
  db: DbOrTx,
  chat: { id: string; appId: string; lastSeq: number },
  people: readonly { profileId: string; role: ChatRole }[],
): Promise<string[]> {
  if (people.length === 0) {
    return [];
  }
  const added = await db
    .insert(chatMembers)
    .values(
      people.map((person) => ({
        chatId: chat.id,
        profileId: person.profileId,
        appId: chat.appId,
        role: person.role,
        // Newcomers start with everything read: history is there to scroll, not a badge.
        lastReadSeq: chat.lastSeq,
      })),
    )
    .onConflictDoNothing()
    .returning({ profileId: chatMembers.profileId });
  if (added.length > 0) {
    await db
      .update(chats)
      .set({ membersCount: sql`${chats.membersCount} + ${added.length}` })
      .where(eq(chats.id, chat.id));
  }
  return added.map((row) => row.profileId);
}

/** Takes a person out; when the last moderator of a group with other members leaves, the longest member moderates. */
export async function removeMember(db: DbOrTx, chatId: string, profileId: string): Promise<boolean> {
  const removed = await db
    .delete(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.profileId, profileId)))
    .returning({ role: chatMembers.role });
  if (removed.length === 0) {
    return false;
  }
  await db
    .update(chats)
    .set({ membersCount: sql`greatest(${chats.membersCount} - 1, 0)` })
    .where(eq(chats.id, chatId));
  await db.execute(sql`update chat_members set role = 'moderator'
    where chat_id = ${chatId} and profile_id = (
      select profile_id from chat_members where chat_id = ${chatId} order by joined_at, profile_id limit 1)
    and not exists (select 1 from chat_members where chat_id = ${chatId} and role = 'moderator')`);
  return true;
}

/** The chat row, locked until the transaction ends (messages take their sequence one at a time). */
export async function lockChat(db: DbOrTx, chatId: string): Promise<{ lastSeq: number } | undefined> {
  const [row] = await rows<{ lastSeq: number | string }>(
    db,
    sql`select last_seq as "lastSeq" from chats where id = ${chatId} and deleted_at is null for update`,
  );
  return row ? { lastSeq: Number(row.lastSeq) } : undefined;
}

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

type RawMessage = {
  id: string;
  chatId: string;
  seq: number | string;
  clientId: string | null;
  authorId: string | null;
  firstName: string | null;
  lastName: string | null;
  avatarId: string | null;
  bodyHtml: string;
  isVoice: boolean;
  gif: ChatGifValue | string | null;
  voteId: string | null;
  attachmentIds: string[] | string | null;
  deletedAt: Date | string | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
  replyId: string | null;
  replyText: string | null;
  replyDeletedAt: Date | string | null;
  replyAuthorId: string | null;
  replyFirstName: string | null;
  replyLastName: string | null;
  replyAvatarId: string | null;
};

/** A uuid[] as the driver gives it: an array, or PostgreSQL's text form `{a,b}`. */
const uuidsOf = (value: string[] | string | null): string[] =>
  value === null
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

/** A message's files in the sender's order, as one column of the message's row. */
const attachmentIdsColumn = sql`coalesce((select array_agg(ca.file_id order by ca.position)
  from chat_attachments ca where ca.message_id = x.id), '{}'::uuid[])`;

const personOrNull = (
  id: string | null,
  firstName: string | null,
  lastName: string | null,
  avatarId: string | null,
): Person | null =>
  id ? { profileId: id, firstName: firstName ?? '', lastName: lastName ?? '', avatarId } : null;

function toMessageView(row: RawMessage): MessageView {
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

const messageSelect = sql`select x.id, x.chat_id as "chatId", x.seq, x.client_id as "clientId",
    x.author_profile_id as "authorId", a.first_name as "firstName", a.last_name as "lastName",
    p.avatar_id as "avatarId", x.body_html as "bodyHtml", x.is_voice as "isVoice", x.gif, x.vote_id as "voteId",
    ${attachmentIdsColumn} as "attachmentIds",
    x.deleted_at as "deletedAt", x.created_at as "createdAt", x.edited_at as "editedAt", r.id as "replyId", r.body_text as "replyText", r.deleted_at as "replyDeletedAt",
    r.author_profile_id as "replyAuthorId", ra.first_name as "replyFirstName", ra.last_name as "replyLastName",
    rp.avatar_id as "replyAvatarId"
  from chat_messages x
  left join profiles p on p.id = x.author_profile_id
  left join accounts a on a.id = p.account_id
  left join chat_messages r on r.id = x.reply_to_id
  left join profiles rp on rp.id = r.author_profile_id
  left join accounts ra on ra.id = rp.account_id`;

/** Which messages of a chat a member sees: after their clear mark, without the people they blocked. */
export type MessageWindow = { chatId: string; afterSeq: number; hiddenAuthorId: string | null };

const windowWhere = (window: MessageWindow) => sql`x.chat_id = ${window.chatId} and x.seq > ${window.afterSeq}
  ${window.hiddenAuthorId ? sql`and x.author_profile_id is distinct from ${window.hiddenAuthorId}` : sql``}`;

export async function listMessages(
  db: DbOrTx,
  window: MessageWindow,
  page: { order: 'newest' | 'oldest'; limit: number; offset: number },
): Promise<MessageView[]> {
  const found = await rows<RawMessage>(
    db,
    sql`${messageSelect} where ${windowWhere(window)}
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

export async function messageViewOf(db: DbOrTx, id: string): Promise<MessageView | undefined> {
  const [row] = await rows<RawMessage>(db, sql`${messageSelect} where x.id = ${id}`);
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

// The chat badge: read on every page, a sum over the person's memberships (index chat_members_profile_idx),
// never a count over messages.
const unreadOfProfile = preparedQuery((db) =>
  db
    .select({
      messages: sql<string>`coalesce(sum(greatest(${chats.lastSeq} - ${chatMembers.lastReadSeq}, 0)), 0)`,
    })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.profileId, sql.placeholder('profileId')),
        eq(chatMembers.appId, sql.placeholder('appId')),
        isNull(chats.deletedAt),
      ),
    )
    .prepare('chat_unread_of_profile'),
);

export async function unreadTotal(db: DbOrTx, profileId: string, appId: string): Promise<number> {
  const [row] = await unreadOfProfile(db).execute({ profileId, appId });
  return Number(row?.messages ?? 0);
}

/** Marks chats read up to their newest message for one person; answers the chats whose mark moved. */
export async function markRead(db: DbOrTx, profileId: string, chatIds: readonly string[]): Promise<string[]> {
  if (chatIds.length === 0) {
    return [];
  }
  const moved = await rows<{ chatId: string }>(
    db,
    sql`update chat_members m set last_read_seq = c.last_seq from chats c
      where c.id = m.chat_id and m.profile_id = ${profileId} and m.chat_id in (${idList(chatIds)})
        and m.last_read_seq < c.last_seq
      returning m.chat_id as "chatId"`,
  );
  return moved.map((row) => row.chatId);
}

/** Clears a chat for one person (and reads it): their view starts after the newest message. */
export async function clearFor(db: DbOrTx, chatId: string, profileId: string): Promise<number> {
  const [row] = await rows<{ clearedSeq: number | string }>(
    db,
    sql`update chat_members m set cleared_seq = c.last_seq, last_read_seq = greatest(m.last_read_seq, c.last_seq)
      from chats c where c.id = m.chat_id and m.chat_id = ${chatId} and m.profile_id = ${profileId}
      returning m.cleared_seq as "clearedSeq"`,
  );
  return Number(row?.clearedSeq ?? 0);
}

export async function softDeleteChat(db: DbOrTx, chatId: string): Promise<void> {
  await db.update(chats).set({ deletedAt: new Date() }).where(eq(chats.id, chatId));
}

export async function updateChat(db: DbOrTx, chatId: string, values: Partial<typeof chats.$inferInsert>) {
  await db.update(chats).set(values).where(eq(chats.id, chatId));
}

export async function setModerators(
  db: DbOrTx,
  chatId: string,
  moderatorIds: readonly string[],
): Promise<void> {
  await db.execute(sql`update chat_members set role = case
      when profile_id in (${idList(moderatorIds)}) then 'moderator' else 'member' end
    where chat_id = ${chatId}`);
}

export async function memberIdsOf(db: DbOrTx, chatId: string): Promise<string[]> {
  const found = await db
    .select({ profileId: chatMembers.profileId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return found.map((row) => row.profileId);
}

export async function listMembers(
  db: DbOrTx,
  chatId: string,
  page: { limit: number; offset: number },
): Promise<(Person & { role: ChatRole; joinedAt: Date })[]> {
  const found = await rows<Person & { role: ChatRole; joinedAt: Date | string }>(
    db,
    sql`select p.id as "profileId", a.first_name as "firstName", a.last_name as "lastName",
      p.avatar_id as "avatarId", m.role, m.joined_at as "joinedAt"
    from chat_members m join profiles p on p.id = m.profile_id join accounts a on a.id = p.account_id
    where m.chat_id = ${chatId}
    order by m.joined_at, p.id limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((row) => ({ ...row, joinedAt: date(row.joinedAt) }));
}

export async function block(db: DbOrTx, appId: string, blocker: string, blocked: string): Promise<void> {
  await db
    .insert(chatBlocks)
    .values({ appId, blockerProfileId: blocker, blockedProfileId: blocked })
    .onConflictDoNothing();
}

export async function unblock(db: DbOrTx, blocker: string, blocked: string): Promise<void> {
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.blockerProfileId, blocker), eq(chatBlocks.blockedProfileId, blocked)));
}

/** The rooms of a person's live chats (the socket joins them at the handshake). */
export async function chatIdsOfProfile(db: DbOrTx, profileId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select m.chat_id as id from chat_members m join chats c on c.id = m.chat_id
      where m.profile_id = ${profileId} and c.deleted_at is null`,
  );
  return found.map((row) => row.id);
}

/**
 * A live chat with one person's standing in it (their membership, and whether they blocked the partner of a
 * private chat), in one round trip: every chat route starts here. The person is the masqueraded profile when
 * one is named, else the account's live profile in the chat's app (the scope checks it against the app access).
 */
const chatWithStanding = preparedQuery((db) =>
  db
    .select({
      chat: chats,
      viewerId: sql<string | null>`v.id`,
      member: {
        role: sql<ChatRole | null>`m.role`,
        joinedAt: sql<Date | string | null>`m.joined_at`,
        lastReadSeq: sql<number | null>`m.last_read_seq`,
        clearedSeq: sql<number | null>`m.cleared_seq`,
      },
      isBlockedByMe: sql<boolean>`coalesce(${chats.kind} = 'private' and exists (
        select 1 from chat_blocks b where b.blocker_profile_id = v.id
          and b.blocked_profile_id = (case when split_part(${chats.privateKey}, ':', 1) = v.id::text
            then split_part(${chats.privateKey}, ':', 2) else split_part(${chats.privateKey}, ':', 1) end)::uuid
      ), false)`,
    })
    .from(chats)
    .leftJoin(
      sql`lateral (select coalesce(${sql.placeholder('masqueradeProfileId')}::uuid, (
          select p.id from profiles p where p.app_id = ${chats.appId}
            and p.account_id = ${sql.placeholder('accountId')}::uuid and p.deleted_at is null)) as id) v`,
      sql`true`,
    )
    .leftJoin(sql`chat_members m`, sql`m.chat_id = ${chats.id} and m.profile_id = v.id`)
    .where(and(eq(chats.id, sql.placeholder('chatId')), isNull(chats.deletedAt)))
    .prepare('chat_with_standing'),
);

export type ChatStanding = {
  chat: ChatRow;
  viewerId: string | null;
  member: Pick<ChatMemberRow, 'role' | 'joinedAt' | 'lastReadSeq' | 'clearedSeq'> | null;
  isBlockedByMe: boolean;
};

export async function findChatWithStanding(
  db: DbOrTx,
  chatId: string,
  accountId: string | null,
  masqueradeProfileId: string | null,
): Promise<ChatStanding | undefined> {
  const [row] = await chatWithStanding(db).execute({ chatId, accountId, masqueradeProfileId });
  if (!row) {
    return undefined;
  }
  const { member } = row;
  return {
    chat: row.chat,
    viewerId: row.viewerId,
    member:
      member.role === null
        ? null
        : {
            role: member.role,
            joinedAt: new Date(member.joinedAt!),
            lastReadSeq: Number(member.lastReadSeq),
            clearedSeq: Number(member.clearedSeq),
          },
    isBlockedByMe: row.isBlockedByMe,
  };
}

/**
 * A page of a chat's messages, newest first, by their sequence: sequences have no gaps, so page p of a window
 * (after `afterSeq`, up to `lastSeq`) is a range of the chat's index however deep it lies. Only for windows that
 * hide nobody's messages; the authors are joined to the rows of the page.
 */
const replyMessages = alias(chatMessages, 'r');
const authorProfiles = alias(profiles, 'ap');
const authorAccounts = alias(accounts, 'aa');
const replyProfiles = alias(profiles, 'rp');
const replyAccounts = alias(accounts, 'ra');
const messagePageBySeq = preparedQuery((db) =>
  db
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      seq: chatMessages.seq,
      clientId: chatMessages.clientId,
      authorId: chatMessages.authorProfileId,
      firstName: authorAccounts.firstName,
      lastName: authorAccounts.lastName,
      avatarId: authorProfiles.avatarId,
      bodyHtml: chatMessages.bodyHtml,
      isVoice: chatMessages.isVoice,
      gif: chatMessages.gif,
      voteId: chatMessages.voteId,
      attachmentIds: sql<string[]>`coalesce((select array_agg(ca.file_id order by ca.position)
        from chat_attachments ca where ca.message_id = ${chatMessages.id}), '{}'::uuid[])`,
      deletedAt: chatMessages.deletedAt,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      replyId: replyMessages.id,
      replyText: replyMessages.bodyText,
      replyDeletedAt: replyMessages.deletedAt,
      replyAuthorId: replyMessages.authorProfileId,
      replyFirstName: replyAccounts.firstName,
      replyLastName: replyAccounts.lastName,
      replyAvatarId: replyProfiles.avatarId,
    })
    .from(chatMessages)
    .leftJoin(authorProfiles, eq(authorProfiles.id, chatMessages.authorProfileId))
    .leftJoin(authorAccounts, eq(authorAccounts.id, authorProfiles.accountId))
    .leftJoin(replyMessages, eq(replyMessages.id, chatMessages.replyToId))
    .leftJoin(replyProfiles, eq(replyProfiles.id, replyMessages.authorProfileId))
    .leftJoin(replyAccounts, eq(replyAccounts.id, replyProfiles.accountId))
    .where(
      and(
        eq(chatMessages.chatId, sql.placeholder('chatId')),
        sql`${chatMessages.seq} > ${sql.placeholder('fromSeq')}::int`,
        sql`${chatMessages.seq} <= ${sql.placeholder('toSeq')}::int`,
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .prepare('chat_message_page_by_seq'),
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
  const found = await messagePageBySeq(db).execute({ chatId, fromSeq, toSeq });
  return found.map((row) => toMessageView(row));
}

/**
 * Stores a message in one statement: the chat's row takes the next sequence (its row lock queues concurrent
 * sends, so sequences have no gaps), the message is inserted with it, the sender's read mark moves, and the
 * message comes back with its author's name. A repeated client id violates `chat_messages_client_idx`, and the
 * whole statement (sequence included) is undone: the caller then answers the stored message. Undefined when the
 * chat is gone.
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
  const files = sql`${`{${values.attachmentIds.join(',')}}`}::uuid[]`;
  const [row] = await rows<RawMessage>(
    db,
    sql`with c as (
        update chats set last_seq = last_seq + 1, updated_at = now()
        where id = ${values.chatId} and deleted_at is null
        returning last_seq, updated_at
      ), x as (
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
        from x, unnest(${files}) with ordinality as f(file_id, position)
      ), mark as (
        update chat_members set last_read_seq = (select last_seq from c)
        where chat_id = ${values.chatId} and profile_id = ${values.authorProfileId}
      )
      select x.id, x.chat_id as "chatId", x.seq, x.client_id as "clientId",
        x.author_profile_id as "authorId", a.first_name as "firstName", a.last_name as "lastName",
        p.avatar_id as "avatarId", x.body_html as "bodyHtml", x.is_voice as "isVoice", x.gif,
        x.vote_id as "voteId", ${files} as "attachmentIds", x.deleted_at as "deletedAt", x.created_at as "createdAt", x.edited_at as "editedAt", r.id as "replyId", r.body_text as "replyText",
        r.deleted_at as "replyDeletedAt", r.author_profile_id as "replyAuthorId", ra.first_name as "replyFirstName",
        ra.last_name as "replyLastName", rp.avatar_id as "replyAvatarId"
      from x
      left join profiles p on p.id = x.author_profile_id
      left join accounts a on a.id = p.account_id
      left join chat_messages r on r.id = x.reply_to_id
      left join profiles rp on rp.id = r.author_profile_id
      left join accounts ra on ra.id = rp.account_id`,
  );
  return row ? toMessageView(row) : undefined;
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
