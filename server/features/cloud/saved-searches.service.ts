import { and, count, desc, eq } from 'drizzle-orm';
import { cloudLimits, type SavedSearch, type savedSearchBodySchema } from '../../../contracts/cloud.ts';
import type { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cloudSavedSearches } from '../../db/schema/index.ts';
import { conflict } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CloudAccess } from './cloud.access.ts';
import type { SavedSearchAccess } from './cloud.scopes.ts';

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
    async listSearches(access: CloudAccess): Promise<SavedSearch[]> {
      const rows = await db
        .select()
        .from(cloudSavedSearches)
        .where(ofPerson(access.project.id, access.accountId))
        .orderBy(desc(cloudSavedSearches.createdAt), desc(cloudSavedSearches.id));
      return rows.map(present);
    },

    async createSearch(access: CloudAccess, input: SavedSearchBody) {
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

    async deleteSearch({ searchId }: SavedSearchAccess): Promise<void> {
      await db.delete(cloudSavedSearches).where(eq(cloudSavedSearches.id, searchId));
    },
  };
}
