import { sql, type SQL } from 'drizzle-orm';
import { notificationLimits, type NotificationType } from '../../../contracts/notifications.ts';
import type { DbOrTx } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';

/*
 * The notification list and its badge (issue 16). Writes happen in the transaction of what they tell about;
 * the badge (`notification_counters.unread`) moves in the same statements as the unread rows, so reading it
 * is one primary-key lookup.
 */

/** Something happened that some people should hear of. */
export type NotificationEvent = {
  appId: string;
  type: NotificationType;
  /** Who hears of it; the actor is never told of their own doing. */
  recipients: readonly string[];
  actorProfileId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  /** Events with the same key collapse into one unread item per person while it is inside the window. */
  collapseKey?: string | null;
  /** How many happenings the event stands for (default 1): a chat's notification counts its new messages. */
  count?: number;
  data?: Record<string, string>;
  /**
   * `skipped`: the feature mails the event itself, at once (an event reminder cannot wait for the hold), so the
   * notification mail sweep leaves the item alone. Default `pending`.
   */
  emailState?: 'pending' | 'skipped';
};

/** One person's item after a write, and their badge then. */
export type RecordedNotification = {
  id: string;
  profileId: string;
  appId: string;
  type: NotificationType;
  /** A new item (false: an earlier unread item took the event in). */
  isNew: boolean;
  unread: number;
};

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export async function recordNotifications(
  tx: DbOrTx,
  events: readonly NotificationEvent[],
): Promise<RecordedNotification[]> {
  const recorded: RecordedNotification[] = [];
  for (const event of events) {
    const recipients = [...new Set(event.recipients)].filter((id) => id !== event.actorProfileId);
    if (recipients.length > 0) {
      recorded.push(...(await recordOne(tx, event, recipients)));
    }
  }
  return recorded;
}

async function recordOne(
  tx: DbOrTx,
  event: NotificationEvent,
  recipients: string[],
): Promise<RecordedNotification[]> {
  const key = event.collapseKey ?? null;
  const actor = event.actorProfileId ?? null;
  if (key !== null) {
    // An open item older than the window stops collapsing: the event starts a new one.
    await tx.execute(sql`update notifications set collapse_key = null
      where profile_id = any(${uuidArray(recipients)}) and collapse_key = ${key} and read_at is null
        and updated_at < now() - make_interval(hours => ${notificationLimits.collapseWindowHours})`);
  }
  const ids = recipients.map(() => newId());
  const actorIds = actor === null ? sql`'{}'::uuid[]` : sql`array[${actor}]::uuid[]`;
  const written = await rows<{ id: string; profile_id: string; inserted: boolean }>(
    tx,
    sql`insert into notifications as n
        (id, app_id, profile_id, type, post_id, comment_id, collapse_key, count, actor_ids, actors_count, data,
         email_state)
      select r.id, ${event.appId}, r.profile_id, ${event.type}, ${event.postId ?? null},
        ${event.commentId ?? null}, ${key}, ${event.count ?? 1}, ${actorIds}, ${actor === null ? 0 : 1},
        ${JSON.stringify(event.data ?? {})}::jsonb, ${event.emailState ?? 'pending'}
      from unnest(${uuidArray(ids)}, ${uuidArray(recipients)}) as r(id, profile_id)
      on conflict (profile_id, collapse_key) where read_at is null and collapse_key is not null
      do update set
        count = n.count + excluded.count,
        actor_ids = case when ${actor}::uuid is null then n.actor_ids
          else (array_prepend(${actor}::uuid, array_remove(n.actor_ids, ${actor}::uuid)))[1:${notificationLimits.actorsKept}] end,
        actors_count = n.actors_count
          + case when ${actor}::uuid is null or ${actor}::uuid = any(n.actor_ids) then 0 else 1 end,
        comment_id = coalesce(excluded.comment_id, n.comment_id),
        data = n.data || excluded.data,
        updated_at = now()
      returning n.id, n.profile_id, (xmax = 0) as inserted`,
  );
  const added = written.filter((row) => row.inserted).map((row) => row.profile_id);
  const counters = new Map<string, number>();
  if (added.length > 0) {
    const bumped = await rows<{ profile_id: string; unread: number }>(
      tx,
      sql`insert into notification_counters as c (profile_id, unread)
        select unnest(${uuidArray(added)}), 1
        on conflict (profile_id) do update set unread = c.unread + 1
        returning c.profile_id, c.unread`,
    );
    for (const row of bumped) {
      counters.set(row.profile_id, Number(row.unread));
    }
  }
  const collapsed = written.filter((row) => !row.inserted).map((row) => row.profile_id);
  if (collapsed.length > 0) {
    for (const row of await unreadCounts(tx, collapsed)) {
      counters.set(row.profileId, row.unread);
    }
  }
  return written.map((row) => ({
    id: row.id,
    profileId: row.profile_id,
    appId: event.appId,
    type: event.type,
    isNew: row.inserted,
    unread: counters.get(row.profile_id) ?? 0,
  }));
}

export async function unreadCounts(
  db: DbOrTx,
  profileIds: readonly string[],
): Promise<{ profileId: string; unread: number }[]> {
  const found = await rows<{ profile_id: string; unread: number }>(
    db,
    sql`select profile_id, unread from notification_counters where profile_id = any(${uuidArray(profileIds)})`,
  );
  return found.map((row) => ({ profileId: row.profile_id, unread: Number(row.unread) }));
}

/** Marks one of the person's items read; the new badge, or null when nothing changed. */
export async function markRead(db: DbOrTx, profileId: string, id: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const changed = await rows<{ id: string }>(
      tx,
      sql`update notifications set read_at = now()
        where id = ${id} and profile_id = ${profileId} and read_at is null returning id`,
    );
    if (changed.length === 0) {
      return null;
    }
    const [row] = await rows<{ unread: number }>(
      tx,
      sql`update notification_counters set unread = greatest(unread - 1, 0)
        where profile_id = ${profileId} returning unread`,
    );
    return Number(row?.unread ?? 0);
  });
}

/**
 * Marks the person's unread items under these collapse keys read (the thing they tell of was seen elsewhere, e.g.
 * the chat was read); the new badge, or null when nothing changed.
 */
export async function markCollapsedRead(
  db: DbOrTx,
  profileId: string,
  collapseKeys: readonly string[],
): Promise<number | null> {
  if (collapseKeys.length === 0) {
    return null;
  }
  return db.transaction(async (tx) => {
    const changed = await rows<{ id: string }>(
      tx,
      sql`update notifications set read_at = now()
        where profile_id = ${profileId} and collapse_key in (${sql.join(
          collapseKeys.map((key) => sql`${key}`),
          sql`, `,
        )})
          and read_at is null
        returning id`,
    );
    if (changed.length === 0) {
      return null;
    }
    const [row] = await rows<{ unread: number }>(
      tx,
      sql`update notification_counters set unread = greatest(unread - ${changed.length}, 0)
        where profile_id = ${profileId} returning unread`,
    );
    return Number(row?.unread ?? 0);
  });
}

/**
 * Per person, the data of their newest item under the collapse key, read or not: what they were last told of
 * that thing. (An unread item that outlived the window loses its key only when a newer one takes it over.)
 */
export async function newestDataByCollapseKey(
  db: DbOrTx,
  collapseKey: string,
  profileIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  if (profileIds.length === 0) {
    return new Map();
  }
  const found = await rows<{ profile_id: string; data: Record<string, string> | string }>(
    db,
    sql`select distinct on (profile_id) profile_id, data from notifications
      where profile_id = any(${uuidArray(profileIds)}) and collapse_key = ${collapseKey}
      order by profile_id, updated_at desc`,
  );
  return new Map(
    found.map((row) => [
      row.profile_id,
      typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string>) : row.data,
    ]),
  );
}

/** Marks all of the person's items read; true when there were unread ones. */
export async function markAllRead(db: DbOrTx, profileId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await rows<{ id: string }>(
      tx,
      sql`update notifications set read_at = now()
        where profile_id = ${profileId} and read_at is null returning id`,
    );
    await tx.execute(sql`update notification_counters set unread = 0 where profile_id = ${profileId}`);
    return changed.length > 0;
  });
}

/** Whether the item belongs to the person (a stranger's id answers 404, not 204). */
export async function isOwnNotification(db: DbOrTx, profileId: string, id: string): Promise<boolean> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id from notifications where id = ${id} and profile_id = ${profileId}`,
  );
  return found.length > 0;
}

export type NotificationRow = {
  id: string;
  type: string;
  postId: string | null;
  commentId: string | null;
  count: number;
  actorIds: string[];
  actorsCount: number;
  data: Record<string, string>;
  readAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

type RawNotification = {
  id: string;
  type: string;
  post_id: string | null;
  comment_id: string | null;
  count: number | string;
  actor_ids: string[] | string;
  actors_count: number | string;
  data: Record<string, string> | string;
  read_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  total: number | string;
};

/** node-postgres and PGlite hand uuid[] over as a JS array or as its text form. */
function uuidList(value: string[] | string): string[] {
  if (Array.isArray(value)) {
    return value;
  }
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

export async function listNotifications(
  db: DbOrTx,
  profileId: string,
  options: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const unread = options.unreadOnly ? sql`and read_at is null` : sql``;
  const found = await rows<RawNotification>(
    db,
    sql`select id, type, post_id, comment_id, count, actor_ids, actors_count, data, read_at, created_at,
        updated_at, count(*) over () as total
      from notifications where profile_id = ${profileId} ${unread}
      order by updated_at desc, id desc limit ${options.limit} offset ${options.offset}`,
  );
  const total =
    found.length > 0 || options.offset === 0
      ? Number(found[0]?.total ?? 0)
      : await countNotifications(db, profileId, options.unreadOnly);
  return {
    total,
    rows: found.map((row) => ({
      id: row.id,
      type: row.type,
      postId: row.post_id,
      commentId: row.comment_id,
      count: Number(row.count),
      actorIds: uuidList(row.actor_ids),
      actorsCount: Number(row.actors_count),
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string>) : row.data,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    })),
  };
}

async function countNotifications(db: DbOrTx, profileId: string, unreadOnly: boolean): Promise<number> {
  const unread = unreadOnly ? sql`and read_at is null` : sql``;
  const [row] = await rows<{ total: number | string }>(
    db,
    sql`select count(*) as total from notifications where profile_id = ${profileId} ${unread}`,
  );
  return Number(row?.total ?? 0);
}

export type ActorRow = { profileId: string; firstName: string; lastName: string; avatarId: string | null };

export async function actorsByIds(db: DbOrTx, ids: readonly string[]): Promise<ActorRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const found = await rows<{ id: string; first_name: string; last_name: string; avatar_id: string | null }>(
    db,
    sql`select p.id, a.first_name, a.last_name, p.avatar_id from profiles p
      join accounts a on a.id = p.account_id where p.id = any(${uuidArray(ids)})`,
  );
  return found.map((row) => ({
    profileId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    avatarId: row.avatar_id,
  }));
}

export type NotifiedPostRow = {
  id: string;
  slug: string;
  name: string;
  container: 'groups' | 'communities';
  spaceId: string | null;
  spaceSlug: string | null;
};

/** Live, published posts among `ids` (a deleted, held or unpublished post opens nothing). */
export async function livePostsByIds(db: DbOrTx, ids: readonly string[]): Promise<NotifiedPostRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const found = await rows<{
    id: string;
    slug: string;
    name: string;
    container: 'groups' | 'communities';
    space_id: string | null;
    space_slug: string | null;
  }>(
    db,
    sql`select p.id, p.slug, p.name, p.container, p.space_id, s.slug as space_slug from community_posts p
      left join community_spaces s on s.id = p.space_id
      where p.id = any(${uuidArray(ids)}) and p.deleted_at is null and p.published_at is not null`,
  );
  return found.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    container: row.container,
    spaceId: row.space_id,
    spaceSlug: row.space_slug,
  }));
}

/** Read items older than this go (the list is for what is new; the post itself stays). */
export async function pruneReadNotifications(db: DbOrTx, olderThanDays: number): Promise<number> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from notifications where id in (
      select id from notifications where read_at is not null
        and read_at < now() - make_interval(days => ${olderThanDays}) limit 5000) returning id`,
  );
  return gone.length;
}
