import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { errorCodes } from '../../../contracts/errors.ts';
import type { DbOrTx } from '../../db/client.ts';
import { apps, contacts, projects, teamMembers } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { tariffById, withinLimit, type CountedLimitKey } from './tariffs.ts';

/**
 * Usage of the counted tariff limits. Apps: not archived; contacts: every person the project knows; team
 * members: pending and active (an invitation holds a seat); domains: none until own domains exist.
 */
export async function countUsage(db: DbOrTx, projectId: string, key: CountedLimitKey): Promise<number> {
  switch (key) {
    case 'apps': {
      const [row] = await db
        .select({ n: count() })
        .from(apps)
        .where(and(eq(apps.projectId, projectId), eq(apps.isArchive, false)));
      return row?.n ?? 0;
    }
    case 'contacts': {
      const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.projectId, projectId));
      return row?.n ?? 0;
    }
    case 'teamMembers': {
      const [row] = await db
        .select({ n: count() })
        .from(teamMembers)
        .where(and(eq(teamMembers.projectId, projectId), ne(teamMembers.status, 'inactive')));
      return row?.n ?? 0;
    }
    case 'domains':
      return 0;
  }
}

export type UsageCounts = Record<CountedLimitKey, number>;

/**
 * `countUsage` for many projects at once (the projects list), with the same rules: one grouped query per
 * counted key instead of one per project and key.
 */
export async function countUsageByProject(
  db: DbOrTx,
  projectIds: readonly string[],
): Promise<Map<string, UsageCounts>> {
  const result = new Map<string, UsageCounts>(
    projectIds.map((id) => [id, { apps: 0, contacts: 0, domains: 0, teamMembers: 0 }]),
  );
  if (projectIds.length === 0) {
    return result;
  }
  const ids = [...projectIds];
  const [appRows, contactRows, teamRows] = await Promise.all([
    db
      .select({ projectId: apps.projectId, n: count() })
      .from(apps)
      .where(and(inArray(apps.projectId, ids), eq(apps.isArchive, false)))
      .groupBy(apps.projectId),
    db
      .select({ projectId: contacts.projectId, n: count() })
      .from(contacts)
      .where(inArray(contacts.projectId, ids))
      .groupBy(contacts.projectId),
    db
      .select({ projectId: teamMembers.projectId, n: count() })
      .from(teamMembers)
      .where(and(inArray(teamMembers.projectId, ids), ne(teamMembers.status, 'inactive')))
      .groupBy(teamMembers.projectId),
  ]);
  for (const [key, rows] of [
    ['apps', appRows],
    ['contacts', contactRows],
    ['teamMembers', teamRows],
  ] as const) {
    for (const row of rows) {
      const counts = result.get(row.projectId);
      if (counts) {
        counts[key] = row.n;
      }
    }
  }
  return result;
}

/**
 * Throws 409 QUOTA_EXCEEDED (`details: {key, limit, used}`) when adding `adding` more of `key` would pass the
 * project's tariff limit. Call inside the transaction that adds them.
 */
export async function assertWithinQuota(
  db: DbOrTx,
  projectId: string,
  key: CountedLimitKey,
  adding = 1,
): Promise<void> {
  const [project] = await db
    .select({ tariffId: projects.tariffId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) {
    return;
  }
  const limit = tariffById(project.tariffId).limits[key];
  if (limit === -1) {
    return;
  }
  const used = await countUsage(db, projectId, key);
  if (!withinLimit(limit, used, adding)) {
    throw new AppError(409, errorCodes.quotaExceeded, { details: { key, limit, used } });
  }
}
