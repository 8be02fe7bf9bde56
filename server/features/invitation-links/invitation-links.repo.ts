import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, invitationLinks, projects } from '../../db/schema/index.ts';

export type InvitationLinkRow = typeof invitationLinks.$inferSelect;
export type InvitationLinkChanges = Partial<
  Pick<InvitationLinkRow, 'name' | 'memberType' | 'tagIds' | 'planIds' | 'maxUses' | 'expiresAt' | 'isActive'>
>;

export async function insertLink(
  db: DbOrTx,
  values: typeof invitationLinks.$inferInsert,
): Promise<InvitationLinkRow> {
  const [row] = await db.insert(invitationLinks).values(values).returning();
  return row!;
}

/** One page of an app's links, newest first; `ids` narrows to those links. */
export async function listLinks(
  db: DbOrTx,
  appId: string,
  filter: { ids?: string[] | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: InvitationLinkRow[]; total: number }> {
  if (filter.ids?.length === 0) {
    return { rows: [], total: 0 };
  }
  const where: SQL | undefined = and(
    eq(invitationLinks.appId, appId),
    filter.ids ? inArray(invitationLinks.id, filter.ids) : undefined,
  );
  const rows = await db
    .select()
    .from(invitationLinks)
    .where(where)
    .orderBy(desc(invitationLinks.createdAt), desc(invitationLinks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(invitationLinks).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLinkById(db: DbOrTx, id: string): Promise<InvitationLinkRow | undefined> {
  const [row] = await db.select().from(invitationLinks).where(eq(invitationLinks.id, id));
  return row;
}

export async function updateLink(
  db: DbOrTx,
  appId: string,
  id: string,
  changes: InvitationLinkChanges,
): Promise<InvitationLinkRow | undefined> {
  const [row] = await db
    .update(invitationLinks)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(invitationLinks.appId, appId), eq(invitationLinks.id, id)))
    .returning();
  return row;
}

export async function deleteLink(db: DbOrTx, appId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(invitationLinks)
    .where(and(eq(invitationLinks.appId, appId), eq(invitationLinks.id, id)))
    .returning({ id: invitationLinks.id });
  return rows.length === 1;
}

/** A deleted tag leaves the links of its app. */
export async function removeTagFromLinks(db: DbOrTx, appId: string, tagId: string): Promise<void> {
  await db
    .update(invitationLinks)
    .set({ tagIds: sql`${invitationLinks.tagIds} - ${tagId}::text`, updatedAt: sql`now()` })
    .where(
      and(
        eq(invitationLinks.appId, appId),
        sql`${invitationLinks.tagIds} @> jsonb_build_array(${tagId}::text)`,
      ),
    );
}

/** A link that still lets people in: active, not expired, not used up. */
const linkIsOpen = () =>
  and(
    eq(invitationLinks.isActive, true),
    or(isNull(invitationLinks.expiresAt), gt(invitationLinks.expiresAt, sql`now()`)),
    or(isNull(invitationLinks.maxUses), lt(invitationLinks.usesCount, invitationLinks.maxUses)),
  );

/** An open link by its token, with its app (neither the app nor its project archived). */
export async function findOpenLinkByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ link: invitationLinks, app: { id: apps.id, name: apps.name, slug: apps.slug } })
    .from(invitationLinks)
    .innerJoin(apps, and(eq(apps.id, invitationLinks.appId), eq(apps.isArchive, false)))
    .innerJoin(projects, and(eq(projects.id, apps.projectId), eq(projects.isArchive, false)))
    .where(and(eq(invitationLinks.token, token), linkIsOpen()));
  return row;
}

/** Counts one use, atomically; false when the link closed meanwhile (switched off, expired, used up). */
export async function claimLinkUse(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(invitationLinks)
    .set({ usesCount: sql`${invitationLinks.usesCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(invitationLinks.id, id), linkIsOpen()))
    .returning({ id: invitationLinks.id });
  return rows.length === 1;
}
