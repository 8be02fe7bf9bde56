import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ChatRole } from '../../../contracts/chat.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatBlocks, chatMembers, chats } from '../../db/schema/index.ts';
import type { ChatRow } from './chats.repo.ts';
import { date, idList, likePattern, rows, type Person } from './chat-sql.ts';

/*
 * A chat's people (issue 17): its members and moderators, adding and taking out, the app's people a request
 * names, blocks between two people, and one person's standing in a chat (where every chat route starts). Plain
 * SQL, no rules.
 */

export type ChatMemberRow = typeof chatMembers.$inferSelect;

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

export async function memberIdsOf(db: DbOrTx, chatId: string): Promise<string[]> {
  const found = await db
    .select({ profileId: chatMembers.profileId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return found.map((row) => row.profileId);
}

/** Members whose name contains `search`, case-insensitive (nothing to filter without one). */
const nameMatches = (search: string | undefined) =>
  search ? sql`and (a.first_name || ' ' || a.last_name) ilike ${likePattern(search)}` : sql``;

export async function listMembers(
  db: DbOrTx,
  chatId: string,
  page: { limit: number; offset: number; search?: string },
): Promise<(Person & { role: ChatRole; joinedAt: Date })[]> {
  const found = await rows<Person & { role: ChatRole; joinedAt: Date | string }>(
    db,
    sql`select p.id as "profileId", a.first_name as "firstName", a.last_name as "lastName",
      p.avatar_id as "avatarId", m.role, m.joined_at as "joinedAt"
    from chat_members m join profiles p on p.id = m.profile_id join accounts a on a.id = p.account_id
    where m.chat_id = ${chatId} ${nameMatches(page.search)}
    order by m.joined_at, p.id limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((row) => ({ ...row, joinedAt: date(row.joinedAt) }));
}

/** How many members' names contain `search`. */
export async function countMembers(db: DbOrTx, chatId: string, search: string): Promise<number> {
  const [row] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from chat_members m join profiles p on p.id = m.profile_id
      join accounts a on a.id = p.account_id where m.chat_id = ${chatId} ${nameMatches(search)}`,
  );
  return Number(row?.total ?? 0);
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

/** Whether `blocker` has blocked `blocked`. */
export async function isBlocking(db: DbOrTx, blocker: string, blocked: string): Promise<boolean> {
  const [row] = await db
    .select({ at: chatBlocks.createdAt })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockerProfileId, blocker), eq(chatBlocks.blockedProfileId, blocked)));
  return Boolean(row);
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
