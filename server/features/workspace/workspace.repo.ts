import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, profiles, projects } from '../../db/schema/index.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type AppRow = typeof apps.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export async function insertProject(db: DbOrTx, values: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function insertApp(db: DbOrTx, values: typeof apps.$inferInsert): Promise<AppRow> {
  const [row] = await db.insert(apps).values(values).returning();
  return row!;
}

export async function insertProfile(db: DbOrTx, values: typeof profiles.$inferInsert): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning();
  return row!;
}

/**
 * The live project an account owns or is a member of (through a live profile), most recently updated first.
 * Reads across projects on purpose: it answers "where does this person work", keyed by the account.
 */
export async function findLatestProjectIdOfAccountAcrossProjects(
  db: DbOrTx,
  accountId: string,
): Promise<string | undefined> {
  const [owned] = await db
    .select({ id: projects.id, updatedAt: projects.updatedAt })
    .from(projects)
    .where(and(eq(projects.ownerAccountId, accountId), eq(projects.isArchive, false)))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(1);
  const [member] = await db
    .select({ id: projects.id, updatedAt: projects.updatedAt })
    .from(profiles)
    .innerJoin(projects, eq(projects.id, profiles.projectId))
    .where(and(eq(profiles.accountId, accountId), isNull(profiles.deletedAt), eq(projects.isArchive, false)))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(1);
  if (!owned || !member) {
    return (owned ?? member)?.id;
  }
  return owned.updatedAt >= member.updatedAt ? owned.id : member.id;
}

/** A live (not archived) app by its slug; slugs are unique across the public domain. */
export async function findLiveAppBySlug(db: DbOrTx, slug: string): Promise<AppRow | undefined> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.slug, slug.toLowerCase()), eq(apps.isArchive, false)));
  return row;
}

export async function findLiveProfileOfAccountInApp(
  db: DbOrTx,
  appId: string,
  accountId: string,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.appId, appId), eq(profiles.accountId, accountId), isNull(profiles.deletedAt)));
  return row;
}

export async function findProjectById(db: DbOrTx, projectId: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return row;
}
