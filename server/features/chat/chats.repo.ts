import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chats } from '../../db/schema/index.ts';
import { idList, rows } from './chat-sql.ts';

/*
 * The chats' own rows (issue 17): finding, creating (a pair's private chat once), changing and deleting them, and
 * the rooms of a person's chats. Plain SQL, no rules.
 */

export type ChatRow = typeof chats.$inferSelect;

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
      is_member_allow_to_chat as "isMemberAllowToChat", hide_members as "hideMembers", avatar_id as "avatarId",
      last_seq as "lastSeq", members_count as "membersCount", created_by_profile_id as "createdByProfileId",
      required_status_id as "requiredStatusId", deleted_at as "deletedAt", created_at as "createdAt", updated_at as "updatedAt"
      from chats where id in (${idList(ids)}) and deleted_at is null`,
  );
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

export async function updateChat(db: DbOrTx, chatId: string, values: Partial<typeof chats.$inferInsert>) {
  await db.update(chats).set(values).where(eq(chats.id, chatId));
}

export async function softDeleteChat(db: DbOrTx, chatId: string): Promise<void> {
  await db.update(chats).set({ deletedAt: new Date() }).where(eq(chats.id, chatId));
}

/** The chat row, locked until the transaction ends (messages take their sequence one at a time). */
export async function lockChat(db: DbOrTx, chatId: string): Promise<{ lastSeq: number } | undefined> {
  const [row] = await rows<{ lastSeq: number | string }>(
    db,
    sql`select last_seq as "lastSeq" from chats where id = ${chatId} and deleted_at is null for update`,
  );
  return row ? { lastSeq: Number(row.lastSeq) } : undefined;
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
