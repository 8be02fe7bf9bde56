import { and, asc, count, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { defaultMemberTagValues, type DefaultMemberTag } from '../../../contracts/enums.ts';
import type { DbOrTx } from '../../db/client.ts';
import { profileTags, profiles, tags } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { containsPattern } from '../../db/like.ts';

export type TagRow = typeof tags.$inferSelect;
export type TagWithCount = TagRow & { profilesCount: number };

/** Colours the default tags start with. */
const defaultTagColors: Record<DefaultMemberTag, string> = { blocked: '#e03131', punished: '#f08c00' };

/**
 * Gives the app its two default tags (`blocked`, `punished`) unless it has them, and answers them. Idempotent
 * and safe under concurrency (the unique indexes decide, losers do nothing). Call it before reading or
 * assigning the default tags of an app; the tags screen calls it before listing and creating.
 */
export async function ensureDefaultTags(
  db: DbOrTx,
  app: { id: string; projectId: string },
): Promise<Record<DefaultMemberTag, TagRow>> {
  let found = await findDefaultTags(db, app.id);
  // Rarely an own tag holds a default tag's name already (e.g. imported before the tags screen was opened):
  // the second round names the default tag apart; the client shows default tags by `kind` anyway.
  for (const round of [0, 1]) {
    const missing = defaultMemberTagValues.filter((kind) => !found[kind]);
    if (missing.length === 0) {
      break;
    }
    await db
      .insert(tags)
      .values(
        missing.map((kind) => ({
          id: newId(),
          projectId: app.projectId,
          appId: app.id,
          name: round === 0 ? kind : `${kind}-${newId().slice(-6)}`,
          color: defaultTagColors[kind],
          kind,
        })),
      )
      .onConflictDoNothing();
    found = await findDefaultTags(db, app.id);
  }
  if (!found.blocked || !found.punished) {
    throw new Error(`app ${app.id}: the default tags could not be created`);
  }
  return { blocked: found.blocked, punished: found.punished };
}

async function findDefaultTags(
  db: DbOrTx,
  appId: string,
): Promise<Partial<Record<DefaultMemberTag, TagRow>>> {
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.appId, appId), inArray(tags.kind, [...defaultMemberTagValues])));
  const found: Partial<Record<DefaultMemberTag, TagRow>> = {};
  for (const row of rows) {
    if (row.kind) {
      found[row.kind] = row;
    }
  }
  return found;
}

/** Live profiles per tag of one app, to join onto the tags. */
function profileCounts(db: DbOrTx, appId: string) {
  return db
    .select({ tagId: profileTags.tagId, n: sql<number>`count(*)::int`.as('n') })
    .from(profileTags)
    .innerJoin(profiles, and(eq(profiles.id, profileTags.profileId), isNull(profiles.deletedAt)))
    .where(eq(profileTags.appId, appId))
    .groupBy(profileTags.tagId)
    .as('profile_counts');
}

/** Tags of one app with their live member counts. */
function selectTagsWithCounts(db: DbOrTx, appId: string) {
  const counts = profileCounts(db, appId);
  return db
    .select({ tag: tags, profilesCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(tags)
    .leftJoin(counts, eq(counts.tagId, tags.id));
}

export type TagFilter = {
  search?: string | undefined;
  tagIds?: string[] | undefined;
  /** Exact names, case-insensitive. */
  names?: string[] | undefined;
};

function filterCondition(appId: string, filter: TagFilter): SQL | undefined {
  return and(
    eq(tags.appId, appId),
    filter.search ? ilike(tags.name, containsPattern(filter.search)) : undefined,
    filter.tagIds ? inArray(tags.id, filter.tagIds) : undefined,
    filter.names
      ? inArray(
          sql`lower(${tags.name})`,
          filter.names.map((name) => name.toLowerCase()),
        )
      : undefined,
  );
}

/** One page of an app's tags: the default tags first, then by name. */
export async function listTags(
  db: DbOrTx,
  appId: string,
  filter: TagFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TagWithCount[]; total: number }> {
  if (filter.tagIds?.length === 0 || filter.names?.length === 0) {
    return { rows: [], total: 0 };
  }
  const where = filterCondition(appId, filter);
  const rows = await selectTagsWithCounts(db, appId)
    .where(where)
    .orderBy(sql`${tags.kind} is null`, asc(sql`lower(${tags.name})`), asc(tags.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(tags).where(where);
  return {
    rows: rows.map((row) => ({ ...row.tag, profilesCount: row.profilesCount })),
    total: total?.n ?? 0,
  };
}

export async function findTagById(db: DbOrTx, id: string): Promise<TagRow | undefined> {
  const [row] = await db.select().from(tags).where(eq(tags.id, id));
  return row;
}

export async function findTagWithCount(
  db: DbOrTx,
  appId: string,
  id: string,
): Promise<TagWithCount | undefined> {
  const [row] = await selectTagsWithCounts(db, appId).where(and(eq(tags.appId, appId), eq(tags.id, id)));
  return row ? { ...row.tag, profilesCount: row.profilesCount } : undefined;
}

/** Whether another tag of the app already has this name (case-insensitive). */
export async function isTagNameTaken(
  db: DbOrTx,
  appId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.appId, appId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? sql`${tags.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertTag(db: DbOrTx, values: typeof tags.$inferInsert): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

/** Own tags only: the default tags never change through here. */
export async function updateOwnTag(
  db: DbOrTx,
  appId: string,
  id: string,
  values: Partial<Pick<TagRow, 'name' | 'color'>>,
): Promise<TagRow | undefined> {
  const [row] = await db
    .update(tags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tags.appId, appId), eq(tags.id, id), isNull(tags.kind)))
    .returning();
  return row;
}

/** Deletes an own tag; its profile assignments go with it (foreign key cascade). */
export async function deleteOwnTag(db: DbOrTx, appId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.appId, appId), eq(tags.id, id), isNull(tags.kind)))
    .returning({ id: tags.id });
  return rows.length === 1;
}

/** The ids among `ids` that are own (not default) tags of the app. */
export async function findOwnTagIds(db: DbOrTx, appId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.appId, appId), inArray(tags.id, [...ids]), isNull(tags.kind)));
  return rows.map((row) => row.id);
}

/** Gives a profile tags of its app; tags it already has stay as they are. */
export async function addProfileTags(
  db: DbOrTx,
  profile: { id: string; projectId: string; appId: string },
  tagIds: readonly string[],
): Promise<void> {
  if (tagIds.length === 0) {
    return;
  }
  await db
    .insert(profileTags)
    .values(
      tagIds.map((tagId) => ({
        projectId: profile.projectId,
        appId: profile.appId,
        profileId: profile.id,
        tagId,
      })),
    )
    .onConflictDoNothing();
}

/** A unique index refused the row (PostgreSQL 23505), also when drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      return true;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
