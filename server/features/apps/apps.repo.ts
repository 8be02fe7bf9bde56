import { and, asc, count, desc, eq, ilike, inArray, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apps, projects, tags, teamMembers } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { pageOffset, type PageRequest } from '../../platform/pagination.ts';
import type { AppRow } from '../workspace/public.ts';
import { containsPattern, escapeLike } from '../../db/like.ts';

export type AppChanges = Partial<Omit<typeof apps.$inferInsert, 'id' | 'projectId' | 'createdAt'>>;

/** One page of a project's apps, archived or not, newest first. */
export async function listAppsOfProject(
  db: DbOrTx,
  projectId: string,
  filter: { isArchive: boolean },
  page: PageRequest,
): Promise<{ rows: AppRow[]; total: number }> {
  const where = and(eq(apps.projectId, projectId), eq(apps.isArchive, filter.isArchive));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apps)
      .where(where)
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Dropdown options of a project's apps by name. `ids` asks for those apps (archived ones too, so a saved
 * choice keeps its label); otherwise the live apps, filtered by `search`.
 */
export async function dropdownAppsOfProject(
  db: DbOrTx,
  projectId: string,
  filter: { search?: string; ids?: string[] },
  page: PageRequest,
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const conditions: SQL[] = [eq(apps.projectId, projectId)];
  if (filter.ids) {
    conditions.push(inArray(apps.id, filter.ids));
  } else {
    conditions.push(eq(apps.isArchive, false));
  }
  const search = filter.search?.trim();
  if (search) {
    conditions.push(ilike(apps.name, containsPattern(search)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: apps.id, name: apps.name })
      .from(apps)
      .where(where)
      .orderBy(asc(apps.name), asc(apps.id))
      .limit(page.limit)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(apps).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Slugs already taken that start like `base` (`base`, `base-2` …), to pick the next free suffix. */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: apps.slug })
    .from(apps)
    .where(or(eq(apps.slug, base), like(apps.slug, `${escapeLike(base)}-%`)));
  return rows.map((row) => row.slug);
}

/** Slugs are unique across every project: they are paths of the one public domain. */
export async function isSlugTaken(db: DbOrTx, slug: string, exceptAppId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(exceptAppId ? and(eq(apps.slug, slug), ne(apps.id, exceptAppId)) : eq(apps.slug, slug))
    .limit(1);
  return Boolean(row);
}

/** Inserts the app unless its slug was taken meanwhile (then undefined, and the transaction stays usable). */
export async function insertAppIfSlugFree(
  db: DbOrTx,
  values: typeof apps.$inferInsert,
): Promise<AppRow | undefined> {
  const [row] = await db.insert(apps).values(values).onConflictDoNothing({ target: apps.slug }).returning();
  return row;
}

export async function updateApp(
  db: DbOrTx,
  projectId: string,
  appId: string,
  values: AppChanges,
): Promise<AppRow | undefined> {
  const [row] = await db
    .update(apps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(apps.projectId, projectId), eq(apps.id, appId)))
    .returning();
  return row;
}

/** Serializes quota checks of one project: concurrent creates and restores wait for each other. */
export async function lockProject(db: DbOrTx, projectId: string): Promise<void> {
  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export async function insertDefaultTags(
  db: DbOrTx,
  app: { id: string; projectId: string },
  names: { blocked: string; punished: string },
): Promise<void> {
  await db.insert(tags).values(
    (['blocked', 'punished'] as const).map((kind) => ({
      id: newId(),
      projectId: app.projectId,
      appId: app.id,
      name: names[kind],
      kind,
    })),
  );
}

export async function isActiveTeamMember(db: DbOrTx, projectId: string, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.projectId, projectId),
        eq(teamMembers.accountId, accountId),
        eq(teamMembers.status, 'active'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A unique-index violation (PostgreSQL 23505) anywhere in the error's cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') {
      return true;
    }
  }
  return false;
}

/** Merges service switches into `apps.options.services` in one statement, so parallel saves do not clash. */
export async function mergeAppServices(
  db: DbOrTx,
  projectId: string,
  appId: string,
  services: Partial<Record<string, boolean>>,
): Promise<AppRow | undefined> {
  const [row] = await db
    .update(apps)
    .set({
      options: sql`${apps.options} || jsonb_build_object('services', coalesce(${apps.options}->'services', '{}'::jsonb) || ${JSON.stringify(services)}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(apps.projectId, projectId), eq(apps.id, appId)))
    .returning();
  return row;
}

/** Merges fields into `apps.service_settings[service]` in one statement. */
export async function mergeServiceSettings(
  db: DbOrTx,
  projectId: string,
  appId: string,
  service: string,
  values: Record<string, unknown>,
): Promise<AppRow | undefined> {
  const [row] = await db
    .update(apps)
    .set({
      serviceSettings: sql`${apps.serviceSettings} || jsonb_build_object(${service}::text, coalesce(${apps.serviceSettings}->${service}::text, '{}'::jsonb) || ${JSON.stringify(values)}::jsonb)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(apps.projectId, projectId), eq(apps.id, appId)))
    .returning();
  return row;
}

/** What the public logo address needs: the app's pictures, and whether it (or its project) is archived. */
export async function findAppBrand(
  db: DbOrTx,
  appId: string,
): Promise<{ logoId: string | null; appIconId: string | null; archived: boolean } | undefined> {
  const [row] = await db
    .select({
      logoId: apps.logoId,
      appIconId: apps.appIconId,
      appArchived: apps.isArchive,
      projectArchived: projects.isArchive,
    })
    .from(apps)
    .innerJoin(projects, eq(projects.id, apps.projectId))
    .where(eq(apps.id, appId));
  return row
    ? { logoId: row.logoId, appIconId: row.appIconId, archived: row.appArchived || row.projectArchived }
    : undefined;
}
