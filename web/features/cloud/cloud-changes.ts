import { z } from 'zod';
import {
  cloudEntitiesResponseSchema,
  cloudEntityResponseSchema,
  nameConflictsResponseSchema,
  savedSearchResponseSchema,
  type CloudEntity,
  type NameConflict,
} from '../../../contracts/cloud';
import { api } from '../../api/client';
import { cloudHeaders, type CloudScope } from './cloud-scope';
import { nameBatches } from './upload-conflicts';

/* The library's changes (spec §7 "Cloud"): folders, names, thumbnails, deletion, moves, favourites, searches. */

const entity = (answer: { data: CloudEntity }) => answer.data;
const entities = (answer: { data: CloudEntity[] }) => answer.data;

/** Spec §6: folders are created in My files (`parentId` null: its root) or inside one of its folders. */
export function createFolder(scope: CloudScope, parentId: string | null, name: string): Promise<CloudEntity> {
  const path = parentId ? `/folders/${parentId}` : `/projects/${scope.projectId}/cloud/folders`;
  return api
    .post(path, { body: { name }, schema: cloudEntityResponseSchema, headers: cloudHeaders(scope) })
    .then(entity);
}

export function renameItem(scope: CloudScope, item: Pick<CloudEntity, 'id' | 'isFolder'>, name: string) {
  return api
    .patch(`/${item.isFolder ? 'folders' : 'files'}/${item.id}`, {
      body: { name },
      schema: cloudEntityResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entity);
}

/** A custom thumbnail (an image of the library) for a file, or back to the generated one. */
export function setThumbnail(scope: CloudScope, fileId: string, thumbId: string | null) {
  return api
    .patch(`/files/${fileId}`, {
      body: thumbId ? { thumbId } : { resetThumbnail: true },
      schema: cloudEntityResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entity);
}

/** Spec §4 "Delete": live items go to Removed; items in Removed are deleted for good. */
export function deleteItems(scope: CloudScope, ids: readonly string[], permanently: boolean): Promise<void> {
  return api
    .patch(permanently ? '/cloud/delete' : '/cloud/delete/soft', {
      body: { ids },
      headers: cloudHeaders(scope),
    })
    .then(() => undefined);
}

export function restoreItems(scope: CloudScope, ids: readonly string[]): Promise<CloudEntity[]> {
  return api
    .patch('/cloud/restore', {
      body: { ids },
      schema: cloudEntitiesResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entities);
}

/** GAPS 11: mixed moves go to `cloud/move/{target}` (`cloud/move` = My files). */
export function moveItems(
  scope: CloudScope,
  ids: readonly string[],
  targetFolderId: string | null,
): Promise<CloudEntity[]> {
  return api
    .patch(targetFolderId ? `/cloud/move/${targetFolderId}` : '/cloud/move', {
      body: { ids },
      schema: cloudEntitiesResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then(entities);
}

export function setFavorite(scope: CloudScope, fileId: string, favorite: boolean): Promise<void> {
  const path = `/files/${fileId}/favorite`;
  const options = { headers: cloudHeaders(scope) };
  return (favorite ? api.post(path, options) : api.delete(path, options)).then(() => undefined);
}

/** The names of `names` the folder holds already (asked before uploading), in batches the server accepts. */
export async function findNameConflicts(
  scope: CloudScope,
  folderId: string,
  names: readonly string[],
): Promise<NameConflict[]> {
  const answers = await Promise.all(
    nameBatches([...new Set(names)]).map((batch) =>
      api.post(`/folders/${folderId}/conflicts`, {
        body: { names: batch },
        schema: nameConflictsResponseSchema,
        headers: cloudHeaders(scope),
      }),
    ),
  );
  return answers.flatMap((answer) => answer.data);
}

/** Empties the person's Removed for good. */
export function emptyRemoved(scope: CloudScope): Promise<void> {
  return api
    .delete(`/projects/${scope.projectId}/cloud/removed`, { headers: cloudHeaders(scope) })
    .then(() => undefined);
}

/**
 * Waits until a new file has left `process` (an image's thumbnails exist): a crop becomes a thumbnail only
 * once it is ready. Asks once a second, at most `attempts` times; answers the file as it is then.
 */
export async function whenProcessed(
  scope: CloudScope,
  file: CloudEntity,
  attempts = 60,
): Promise<CloudEntity> {
  let current = file;
  for (let attempt = 0; current.status === 'process' && attempt < attempts; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    current = await api
      .get(`/files/${file.id}`, { schema: cloudEntityResponseSchema, headers: cloudHeaders(scope) })
      .then(entity);
  }
  return current;
}

/** Records an opening for the fast-access pseudo-folder; failures do not matter to the person. */
export function recordOpening(scope: CloudScope, fileId: string): void {
  void api.post(`/files/${fileId}/open`, { headers: cloudHeaders(scope) }).catch(() => undefined);
}

export type SavedSearchFilters = {
  search?: string;
  ext?: string[];
  dateFrom?: string;
  dateTo?: string;
};

export function saveSearch(scope: CloudScope, name: string, filters: SavedSearchFilters) {
  return api
    .post(`/projects/${scope.projectId}/cloud/searches`, {
      body: { name, filters },
      schema: savedSearchResponseSchema,
      headers: cloudHeaders(scope),
    })
    .then((answer) => answer.data);
}

export function deleteSavedSearch(scope: CloudScope, id: string): Promise<void> {
  return api.delete(`/cloud/searches/${id}`, { headers: cloudHeaders(scope) }).then(() => undefined);
}

/** The error details of a refused move (409 MOVE_TARGET_INVALID). */
export const moveRefusalSchema = z.object({
  reason: z.enum(['into_itself', 'already_there', 'name_taken']),
  ids: z.array(z.string()),
  names: z.array(z.string()).optional(),
});
