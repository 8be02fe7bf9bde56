import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ModerationInboxTab, ModerationStatus } from '../../../contracts/enums.ts';
import type { ReportReason } from '../../../contracts/moderation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, moderationItems, moderationReports, profiles } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { ModerationReach } from './moderation.policy.ts';

/*
 * The moderation inbox's rows: one item per held or reported post or comment (unique per entity), the reports
 * of each (one per person), and the people the inbox names. Every status change is a conditional update on a
 * locked row, so two moderators deciding at once change (and count) it once.
 */

export type ItemRow = typeof moderationItems.$inferSelect;
export type ItemEntity = { entityType: 'post' | 'comment'; entityId: string };

/** A new post that waits for a moderator before anyone else sees it (run in the post's transaction). */
export async function holdNewPost(
  tx: DbOrTx,
  post: { appId: string; postId: string; spaceId: string | null; authorProfileId: string },
): Promise<void> {
  await tx.insert(moderationItems).values({
    id: newId(),
    appId: post.appId,
    entityType: 'post',
    entityId: post.postId,
    postId: post.postId,
    spaceId: post.spaceId,
    authorProfileId: post.authorProfileId,
    cause: 'pre_moderation',
    isHidden: true,
  });
}

/** Where moderation stands for each of these posts (held ones; others have no entry or are left out). */
export async function moderationStatusOfPosts(
  db: DbOrTx,
  postIds: readonly string[],
): Promise<Map<string, ModerationStatus>> {
  if (postIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ entityId: moderationItems.entityId, status: moderationItems.status })
    .from(moderationItems)
    .where(and(eq(moderationItems.entityType, 'post'), inArray(moderationItems.entityId, [...postIds])));
  return new Map(rows.map((row) => [row.entityId, row.status]));
}

/** A moved post's items (its own and its comments') belong to its new space's moderators. */
export async function moveModerationItems(
  tx: DbOrTx,
  post: { appId: string; postId: string },
  spaceId: string | null,
): Promise<void> {
  await tx
    .update(moderationItems)
    .set({ spaceId })
    .where(and(eq(moderationItems.appId, post.appId), eq(moderationItems.postId, post.postId)));
}

/** A deleted post or comment leaves the inbox (its reports go with it). */
export async function dropModerationItem(
  tx: DbOrTx,
  entityType: 'post' | 'comment',
  entityId: string,
): Promise<void> {
  await tx
    .delete(moderationItems)
    .where(and(eq(moderationItems.entityType, entityType), eq(moderationItems.entityId, entityId)));
}

const byEntity = (entity: ItemEntity) =>
  and(eq(moderationItems.entityType, entity.entityType), eq(moderationItems.entityId, entity.entityId));

/** The item of a reported entity, made when missing (cause reports, in the inbox), locked until the commit. */
export async function openReportItem(
  tx: DbOrTx,
  target: ItemEntity & { appId: string; postId: string; spaceId: string | null; authorProfileId: string },
): Promise<{ item: ItemRow; created: boolean }> {
  const inserted = await tx
    .insert(moderationItems)
    .values({
      id: newId(),
      appId: target.appId,
      entityType: target.entityType,
      entityId: target.entityId,
      postId: target.postId,
      spaceId: target.spaceId,
      authorProfileId: target.authorProfileId,
      cause: 'reports',
    })
    .onConflictDoNothing()
    .returning({ id: moderationItems.id });
  const [item] = await tx.select().from(moderationItems).where(byEntity(target)).for('update');
  return { item: item!, created: inserted.length > 0 };
}

/** The person's report of the item; false when they reported it already. */
export async function addReport(
  tx: DbOrTx,
  report: { itemId: string; appId: string; reporterProfileId: string; reason: ReportReason; note: string },
): Promise<boolean> {
  const rows = await tx
    .insert(moderationReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ itemId: moderationReports.itemId });
  return rows.length > 0;
}

/** When the person's latest reports of the last hour were sent, newest first, at most `limit` (rate limit). */
export async function latestReportTimes(
  db: DbOrTx,
  reporterProfileId: string,
  limit: number,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: moderationReports.createdAt })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.reporterProfileId, reporterProfileId),
        sql`${moderationReports.createdAt} > now() - interval '1 hour'`,
      ),
    )
    .orderBy(desc(moderationReports.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

export async function findItem(db: DbOrTx, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(moderationItems).where(eq(moderationItems.id, id));
  return row;
}

/** The item locked until the commit (a decision reads and changes it in one transaction). */
export async function lockItem(tx: DbOrTx, id: string): Promise<ItemRow | undefined> {
  const [row] = await tx.select().from(moderationItems).where(eq(moderationItems.id, id)).for('update');
  return row;
}

export async function updateItem(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof moderationItems.$inferInsert>,
): Promise<ItemRow> {
  const [row] = await tx
    .update(moderationItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(moderationItems.id, id))
    .returning();
  return row!;
}

// ---------- the inbox ----------

/** The items of one tab the caller moderates: all of the app's, or those of the spaces they moderate. */
function inboxCondition(appId: string, tab: ModerationInboxTab, reach: ModerationReach): SQL | undefined {
  return and(
    eq(moderationItems.appId, appId),
    eq(moderationItems.tab, tab),
    reach.all
      ? undefined
      : reach.spaceIds.length > 0
        ? inArray(moderationItems.spaceId, [...reach.spaceIds])
        : sql`false`,
  );
}

/** A page of the items of one tab and status, latest activity first (the list index), with the total. */
export async function listItems(
  db: DbOrTx,
  scope: { appId: string; tab: ModerationInboxTab; status: ModerationStatus; reach: ModerationReach },
  window: { limit: number; offset: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const where = and(
    inboxCondition(scope.appId, scope.tab, scope.reach),
    eq(moderationItems.status, scope.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(moderationItems)
      .where(where)
      .orderBy(desc(moderationItems.updatedAt), desc(moderationItems.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(moderationItems).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}

/** How many items of the tab are in each status, over what the caller moderates. */
export async function countItems(
  db: DbOrTx,
  scope: { appId: string; tab: ModerationInboxTab; reach: ModerationReach },
): Promise<Record<ModerationStatus, number>> {
  const rows = await db
    .select({ status: moderationItems.status, total: count() })
    .from(moderationItems)
    .where(inboxCondition(scope.appId, scope.tab, scope.reach))
    .groupBy(moderationItems.status);
  const counts: Record<ModerationStatus, number> = { inbox: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    counts[row.status] = Number(row.total);
  }
  return counts;
}

export type ReportRow = {
  itemId: string;
  reporterProfileId: string;
  reason: ReportReason;
  note: string;
  createdAt: Date;
};

/** The newest `perItem` reports of each item, in one query. */
export async function latestReportsOf(
  db: DbOrTx,
  itemIds: readonly string[],
  perItem: number,
): Promise<ReportRow[]> {
  if (itemIds.length === 0) {
    return [];
  }
  const result: unknown = await db.execute(sql`
    select item_id, reporter_profile_id, reason, note, created_at from (
      select r.*, row_number() over (partition by r.item_id order by r.created_at desc, r.reporter_profile_id) as n
      from ${moderationReports} r
      where r.item_id = any(${`{${itemIds.join(',')}}`}::uuid[])
    ) as ranked
    where n <= ${perItem}
    order by created_at desc, reporter_profile_id`);
  const rows = (
    result as {
      rows: {
        item_id: string;
        reporter_profile_id: string;
        reason: ReportReason;
        note: string;
        created_at: Date | string;
      }[];
    }
  ).rows;
  return rows.map((row) => ({
    itemId: row.item_id,
    reporterProfileId: row.reporter_profile_id,
    reason: row.reason,
    note: row.note,
    createdAt: new Date(row.created_at),
  }));
}

/** A page of an item's reports, newest first, with the total. */
export async function reportsPage(
  db: DbOrTx,
  itemId: string,
  window: { limit: number; offset: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const where = eq(moderationReports.itemId, itemId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        itemId: moderationReports.itemId,
        reporterProfileId: moderationReports.reporterProfileId,
        reason: moderationReports.reason,
        note: moderationReports.note,
        createdAt: moderationReports.createdAt,
      })
      .from(moderationReports)
      .where(where)
      .orderBy(desc(moderationReports.createdAt), moderationReports.reporterProfileId)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(moderationReports).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, reason: row.reason as ReportReason })),
    total: Number(total?.total ?? 0),
  };
}

export type PersonRow = { profileId: string; firstName: string; lastName: string; avatarId: string | null };

/** Names and photos of the profiles of `ids` (reporters, moderators), deleted ones left out. */
export async function peopleByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({
      profileId: profiles.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      avatarId: profiles.avatarId,
    })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(inArray(profiles.id, unique), sql`${profiles.deletedAt} is null`));
  return new Map(
    rows.map((row) => [
      row.profileId,
      { ...row, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    ]),
  );
}

/**
 * Who hears that the inbox changed: the app's owner and admins, and those of `moderatorIds` (the space's named
 * moderators) whose role in the app gives them the inbox.
 */
export async function staffProfileIds(
  db: DbOrTx,
  appId: string,
  moderatorIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.appId, appId),
        sql`${profiles.deletedAt} is null`,
        sql`(${profiles.isOwner} or ${profiles.type} = 'admin' or (${profiles.type} = 'moderator' and ${
          moderatorIds.length > 0 ? inArray(profiles.id, [...moderatorIds]) : sql`false`
        }))`,
      ),
    );
  return rows.map((row) => row.id);
}
