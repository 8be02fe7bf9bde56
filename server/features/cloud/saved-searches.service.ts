import { cloudLimits, type SavedSearch, type savedSearchBodySchema } from '../../../contracts/cloud.ts';
import type { z } from 'zod';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CloudAccess } from './cloud.access.ts';
import type { SavedSearchAccess } from './cloud.scopes.ts';
import * as repo from './saved-searches.repo.ts';

type SavedSearchBody = z.output<typeof savedSearchBodySchema>;

const present = (row: repo.SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  createdAt: row.createdAt.toISOString(),
});

/** The filter panel's saved searches: per person and project, at most `cloudLimits.savedSearches`. */
export function createSavedSearchService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listSearches(access: CloudAccess): Promise<SavedSearch[]> {
      return (await repo.listSavedSearches(db, access.project.id, access.accountId)).map(present);
    },

    async createSearch(access: CloudAccess, input: SavedSearchBody) {
      const used = await repo.countSavedSearches(db, access.project.id, access.accountId);
      if (used >= cloudLimits.savedSearches) {
        throw conflict(errorCodes.quotaExceeded, {
          key: 'cloudSavedSearches',
          limit: cloudLimits.savedSearches,
          used,
        });
      }
      const row = await repo.insertSavedSearch(db, {
        id: newId(),
        projectId: access.project.id,
        accountId: access.accountId,
        name: input.name.trim(),
        filters: input.filters,
      });
      return present(row);
    },

    async deleteSearch({ searchId }: SavedSearchAccess): Promise<void> {
      await repo.deleteSavedSearch(db, searchId);
    },
  };
}
