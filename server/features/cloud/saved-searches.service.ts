import { and, count, desc, eq } from 'drizzle-orm';
import { cloudLimits, type SavedSearch, type savedSearchBodySchema } from '../../../contracts/cloud.ts';
import type { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cloudSavedSearches } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { appIdOf, loadCloudAccess, requireCloud } from './cloud.access.ts';
import { loadProjectCloud, type Headers } from './library.items.ts';

type SavedSearchRow = typeof cloudSavedSearches.$inferSelect;
type SavedSearchBody = z.output<typeof savedSearchBodySchema>;

const present = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  createdAt: row.createdAt.toISOString(),
});

const ofPerson = (projectId: string, accountId: string) =>
  and(eq(cloudSavedSearches.projectId, projectId), eq(cloudSavedSearches.accountId, accountId));

async function countOf(db: DbOrTx, projectId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cloudSavedSearches)
    .where(ofPerson(projectId, accountId));
  return row?.n ?? 0;
}

/** The filter panel's saved searches: per person and project, at most `cloudLimits.savedSearches`. */
export function createSavedSearchService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listSearches(actor: Actor, headers: Headers, projectId: string): Promise<SavedSearch[]> {
      const access = await loadProjectCloud(db, actor, headers, projectId);
      const rows = await db
        .select()
        .from(cloudSavedSearches)
        .where(ofPerson(access.project.id, access.accountId))
        .orderBy(desc(cloudSavedSearches.createdAt), desc(cloudSavedSearches.id));
      return rows.map(present);
    },

    async createSearch(actor: Actor, headers: Headers, projectId: string, input: SavedSearchBody) {
      const access = await loadProjectCloud(db, actor, headers, projectId);
      const used = await countOf(db, access.project.id, access.accountId);
      if (used >= cloudLimits.savedSearches) {
        throw conflict(errorCodes.quotaExceeded, {
          key: 'cloudSavedSearches',
          limit: cloudLimits.savedSearches,
          used,
        });
      }
      const [row] = await db
        .insert(cloudSavedSearches)
        .values({
          id: newId(),
          projectId: access.project.id,
          accountId: access.accountId,
          name: input.name.trim(),
          filters: input.filters,
        })
        .returning();
      return present(row!);
    },

    async deleteSearch(actor: Actor, headers: Headers, id: string): Promise<void> {
      const [row] = await db.select().from(cloudSavedSearches).where(eq(cloudSavedSearches.id, id));
      if (!row) {
        throw notFound();
      }
      const access = await loadCloudAccess(db, actor, row.projectId, appIdOf(headers));
      requireCloud(access, 'view');
      if (row.accountId !== access.accountId) {
        throw notFound();
      }
      await db.delete(cloudSavedSearches).where(eq(cloudSavedSearches.id, row.id));
    },
  };
}
