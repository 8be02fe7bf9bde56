import { sql, type SQL } from 'drizzle-orm';
import type { ChatKind, ChatMessageContent, ChatRole } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { date, likePattern, personOrNull, type Person } from './chat-sql.ts';

/*
 * Chats as one viewer sees them (issue 17): the lists (mine, public, by ids, with the search) and one chat, each
 * with the viewer's membership, the group's picture, the partner of a private chat, the blocks and the newest
 * visible message, in one statement. Plain SQL, no rules.
 */

/** A chat as one viewer sees it: their membership, the partner of a private chat, the newest visible message. */
export type ChatView = {
  id: string;
  appId: string;
  kind: ChatKind;
  name: string;
  isPublic: boolean;
  isMemberAllowToChat: boolean;
  hideMembers: boolean;
  /** The level a group chat asks for (issue 21), a row of gamification_statuses; null: none. */
  requiredStatusId: string | null;
  /** A group's picture (a cloud file id). */
  avatarId: string | null;
  membersCount: number;
  lastSeq: number;
  createdAt: Date;
  updatedAt: Date;
  role: ChatRole | null;
  lastReadSeq: number;
  clearedSeq: number;
  partner: Person | null;
  /** A group's moderators, in the order they came (none for other kinds). */
  moderators: Person[];
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
  requiredStatusId: string | null;
  avatarId: string | null;
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
  moderators: Person[] | string | null;
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
    requiredStatusId: row.requiredStatusId,
    avatarId: row.avatarId,
    membersCount: Number(row.membersCount),
    lastSeq: Number(row.lastSeq),
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
    role: row.role,
    lastReadSeq: Number(row.lastReadSeq ?? 0),
    clearedSeq: Number(row.clearedSeq ?? 0),
    partner: personOrNull(row.partnerId, row.partnerFirstName, row.partnerLastName, row.partnerAvatarId),
    moderators:
      typeof row.moderators === 'string' ? (JSON.parse(row.moderators) as Person[]) : (row.moderators ?? []),
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
              row.lastDeletedAt === null
                ? personOrNull(row.lastAuthorId, row.lastFirstName, row.lastLastName, row.lastAvatarId)
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

const viewer = sql`${sql.placeholder('viewer')}::uuid`;

// The partner of a private chat, from the pair's key.
const partnerJoin = sql`
  left join profiles pp on c.kind = 'private' and pp.id = (case
    when split_part(c.private_key, ':', 1) = ${viewer}::text then split_part(c.private_key, ':', 2)
    else split_part(c.private_key, ':', 1) end)::uuid
  left join accounts pa on pa.id = pp.account_id`;

type Shape = { kind: ChatFilter['kind']; searching: boolean };

function fromOf({ kind }: Shape): SQL {
  return kind === 'mine'
    ? sql`from chat_members m join chats c on c.id = m.chat_id and m.profile_id = ${viewer}
        and m.app_id = ${sql.placeholder('appId')}::uuid`
    : sql`from chats c left join chat_members m on m.chat_id = c.id and m.profile_id = ${viewer}`;
}

function whereOf({ kind, searching }: Shape): SQL {
  const search = sql`${sql.placeholder('search')}::text`;
  const matches = searching
    ? sql`and ((c.kind <> 'private' and c.name ilike ${search})
        or (c.kind = 'private' and (pa.first_name || ' ' || pa.last_name) ilike ${search}))`
    : sql``;
  const filter =
    kind === 'mine'
      ? sql`true`
      : kind === 'public'
        ? sql`c.app_id = ${sql.placeholder('appId')}::uuid and c.kind = 'group' and c.is_public`
        : sql`c.id = any(${sql.placeholder('ids')}::uuid[])
            and (m.profile_id is not null or (c.kind = 'group' and c.is_public))`;
  return sql`where c.deleted_at is null and ${filter} ${matches}`;
}

/**
 * The viewer's chats of one shape of filter, newest activity first, with the total: the page of ids is taken
 * first (the viewer's chats from their memberships, by index), and only its rows get the partner, the blocks, a
 * group's moderators (the moderators' partial index) and the newest visible message.
 */
const pageStatement = (shape: Shape) =>
  sql`with page as (
      select c.id, m.role, m.last_read_seq, m.cleared_seq, count(*) over () as total
      ${fromOf(shape)}
      ${shape.searching ? partnerJoin : sql``}
      ${whereOf(shape)}
      order by c.updated_at desc, c.id desc
      limit ${sql.placeholder('limit')}::int offset ${sql.placeholder('offset')}::int
    )
    select c.id, c.app_id as "appId", c.kind, c.name, c.is_public as "isPublic",
      c.is_member_allow_to_chat as "isMemberAllowToChat", c.hide_members as "hideMembers",
      c.required_status_id as "requiredStatusId",
      c.avatar_id as "avatarId", c.members_count as "membersCount", c.last_seq as "lastSeq", c.created_at as "createdAt",
      c.updated_at as "updatedAt", m.role, m.last_read_seq as "lastReadSeq", m.cleared_seq as "clearedSeq",
      m.total, pp.id as "partnerId", pa.first_name as "partnerFirstName", pa.last_name as "partnerLastName",
      pp.avatar_id as "partnerAvatarId",
      case when c.kind = 'group' then (
        select json_agg(json_build_object('profileId', mp.id, 'firstName', ma.first_name, 'lastName', ma.last_name,
          'avatarId', mp.avatar_id) order by mm.joined_at, mp.id)
        from chat_members mm join profiles mp on mp.id = mm.profile_id join accounts ma on ma.id = mp.account_id
        where mm.chat_id = c.id and mm.role = 'moderator'
      ) end as "moderators",
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
    ${partnerJoin}
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
    order by c.updated_at desc, c.id desc`;

const countStatement = (shape: Shape) =>
  sql`select count(*) as total ${fromOf(shape)} ${shape.searching ? partnerJoin : sql``} ${whereOf(shape)}`;

// One named statement per shape (the list is read on every visit of the chat: planned once per connection).
const shapes: Shape[] = (['mine', 'public', 'ids'] as const).flatMap((kind): Shape[] =>
  kind === 'ids' ? [{ kind, searching: false }] : [false, true].map((searching) => ({ kind, searching })),
);
const nameOf = (shape: Shape) => `${shape.kind}${shape.searching ? '_search' : ''}`;
const statements = new Map(
  shapes.map((shape) => [
    nameOf(shape),
    {
      page: preparedSql(`chat_views_${nameOf(shape)}`, pageStatement(shape)),
      count: preparedSql(`chat_views_count_${nameOf(shape)}`, countStatement(shape)),
    },
  ]),
);

/** The viewer's chats of a filter, newest activity first, with the total, in one statement. */
export async function listChatViews(
  db: DbOrTx,
  viewerId: string,
  filter: ChatFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ChatView[]; total: number }> {
  if (filter.kind === 'ids' && filter.ids.length === 0) {
    return { rows: [], total: 0 };
  }
  const search = 'search' in filter && filter.search ? likePattern(filter.search) : null;
  const { page: pageOf, count } = statements.get(nameOf({ kind: filter.kind, searching: search !== null }))!;
  const values: Record<string, unknown> = {
    viewer: viewerId,
    ...('appId' in filter ? { appId: filter.appId } : { ids: `{${filter.ids.join(',')}}` }),
    ...(search === null ? {} : { search }),
  };
  const found = await pageOf.run<RawChatView & { total: number | string }>(db, { ...values, ...page });
  if (found.length === 0 && page.offset > 0) {
    // Past the last page: the total still counts.
    const [counted] = await count.run<{ total: number | string }>(db, values);
    return { rows: [], total: Number(counted?.total ?? 0) };
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

/**
 * A stamp of everything a viewer's list of their chats shows from its rows: per chat of theirs its version
 * (raised by every change of the chat, its messages and its members' roles), their read and clear marks and
 * their role, and the blocks they take part in. Two reads with the same stamp show the same list (but for
 * people's names and pictures). Cheap: the viewer's memberships by index, no message read.
 */
const listStampStatement = preparedSql(
  'chat_list_stamp',
  sql`select md5(coalesce(string_agg(c.id::text || ':' || c.version || ':' || m.last_read_seq || ':'
      || m.cleared_seq || ':' || m.role, ',' order by c.id), '')
    || '|' || coalesce((select string_agg(b.blocker_profile_id::text || '>' || b.blocked_profile_id::text, ','
      order by b.blocker_profile_id, b.blocked_profile_id) from chat_blocks b
      where b.blocker_profile_id = ${viewer} or b.blocked_profile_id = ${viewer}), '')) as stamp
    from chat_members m join chats c on c.id = m.chat_id
    where m.profile_id = ${viewer} and m.app_id = ${sql.placeholder('appId')}::uuid and c.deleted_at is null`,
);

export async function listStamp(db: DbOrTx, viewerId: string, appId: string): Promise<string> {
  const [row] = await listStampStatement.run<{ stamp: string }>(db, { viewer: viewerId, appId });
  return row?.stamp ?? '';
}
