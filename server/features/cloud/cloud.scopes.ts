import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { sharesChatFile } from '../chat/public.ts';
import { paramOf } from '../workspace/public.ts';
import { appIdOf, loadCloudAccess, type CloudAccess } from './cloud.access.ts';
import { fileAbilities, folderAbilities, prefixedCloud } from './cloud.policy.ts';
import type { CloudFileRow } from './cloud.presenter.ts';
import { loadOwnItems, requireKinds, type OwnItems } from './library.items.ts';
import * as repo from './library.repo.ts';
import { findSavedSearch } from './saved-searches.repo.ts';

/*
 * The cloud's route scopes. The library is a project's (`:projectId`) as seen from the service host or, with
 * the `x-app-id` header, from an app; items (files, folders, saved searches, the ids of a bulk call) decide
 * the library by their project. Someone else's item answers 404, like a missing one.
 */

/** `sharedInChat`: someone else's file the caller sees because a chat of theirs shares it (read only). */
export type FileScopeAccess = { access: CloudAccess; file: CloudFileRow; sharedInChat: boolean };
export type FolderScopeAccess = { access: CloudAccess; folderId: string; mine: boolean };
export type SavedSearchAccess = { access: CloudAccess; searchId: string };

const cloudAccessFor = (db: Db, request: FastifyRequest, projectId: string) =>
  loadCloudAccess(db, request.actor, projectId, appIdOf(request.headers));

export type CloudScopes = ReturnType<typeof createCloudScopes>;

export function createCloudScopes(db: Db) {
  // A folder's project and owner never change: where a folder belongs is kept for ten minutes, so a repeated
  // folder page costs the access check and the list (the folder page's budget).
  const folderHomes = createAnswerCache<{ projectId: string; ownerAccountId: string }>({
    maxEntries: 20_000,
    ttlMs: 600_000,
  });

  return {
    /** The caller's library in the project of `:projectId`. */
    library(): RouteScope<CloudAccess> {
      return {
        label: 'cloud(:projectId)',
        subjects: ['cloud'],
        resolve: (request) => cloudAccessFor(db, request, paramOf(request, 'projectId')),
        abilities: (access) => prefixedCloud(access.can),
      };
    },

    /**
     * A file the caller may see: their own, or for reading anyone's (file managers of the project) or one a
     * chat of theirs shares with them (app members; a live file only: Removed is its owner's business).
     * `own: true`: someone else's file is 404 (changes).
     */
    file(options: { own?: boolean } = {}): RouteScope<FileScopeAccess> {
      return {
        label: `cloud-file(:id${options.own ? ', own' : ''})`,
        subjects: ['cloud'],
        async resolve(request) {
          const file = await repo.findFile(db, paramOf(request, 'id'));
          if (!file) {
            throw notFound();
          }
          const access = await cloudAccessFor(db, request, file.projectId);
          const mine = file.ownerAccountId === access.accountId;
          if (options.own && !mine) {
            throw notFound();
          }
          const sharedInChat =
            !mine &&
            !access.canSeeOthers &&
            access.profileId !== null &&
            file.deletedAt === null &&
            (await sharesChatFile(db, file.id, access.profileId));
          if (fileAbilities(access, file, sharedInChat).length === 0) {
            throw notFound();
          }
          return { access, file, sharedInChat };
        },
        abilities: ({ access, file, sharedInChat }) =>
          prefixedCloud(fileAbilities(access, file, sharedInChat)),
      };
    },

    /**
     * A folder of `param`. `own: true` (the default): someone else's folder is 404. `own: false` leaves that
     * rule to the service (creating a folder inside someone else's answers its own refusal).
     */
    folder(param: string, options: { own?: boolean } = {}): RouteScope<FolderScopeAccess> {
      const own = options.own ?? true;
      return {
        label: `cloud-folder(:${param}${own ? '' : ', any owner'})`,
        subjects: ['cloud'],
        async resolve(request) {
          const folderId = paramOf(request, param);
          const home = await folderHomes.getOrLoad(folderId, async () => {
            const row = await repo.findFolder(db, folderId);
            if (!row) {
              throw notFound();
            }
            return { projectId: row.projectId, ownerAccountId: row.ownerAccountId };
          });
          const access = await cloudAccessFor(db, request, home.projectId);
          const mine = home.ownerAccountId === access.accountId;
          if (own && !mine) {
            throw notFound();
          }
          return { access, folderId, mine };
        },
        abilities: ({ access, mine }) => prefixedCloud(folderAbilities(access, mine)),
      };
    },

    /** The caller's own items among a bulk call's ids (`ids`, or `folderIds` and `fileIds`); all or 404. */
    items(): RouteScope<OwnItems> {
      return {
        label: 'cloud-items(body ids)',
        subjects: ['cloud'],
        resolve(request) {
          const body = request.body as { ids?: string[]; folderIds?: string[]; fileIds?: string[] };
          const ids = body.ids ?? [...(body.folderIds ?? []), ...(body.fileIds ?? [])];
          return loadOwnItems(db, (projectId) => cloudAccessFor(db, request, projectId), ids);
        },
        abilities: ({ access }) => prefixedCloud(access.can),
      };
    },

    /** One own item of `:id` for the single-item deletes: a file or a folder as the address says, or 404. */
    ownItem(kind: 'file' | 'folder'): RouteScope<OwnItems> {
      return {
        label: `cloud-${kind}(:id, own)`,
        subjects: ['cloud'],
        async resolve(request) {
          const id = paramOf(request, 'id');
          const items = await loadOwnItems(db, (projectId) => cloudAccessFor(db, request, projectId), [id]);
          return requireKinds(items, kind === 'file' ? { fileIds: [id] } : { folderIds: [id] });
        },
        abilities: ({ access }) => prefixedCloud(access.can),
      };
    },

    /** One of the caller's saved searches. */
    savedSearch(): RouteScope<SavedSearchAccess> {
      return {
        label: 'cloud-search(:id)',
        subjects: ['cloud'],
        async resolve(request) {
          const row = await findSavedSearch(db, paramOf(request, 'id'));
          if (!row) {
            throw notFound();
          }
          const access = await cloudAccessFor(db, request, row.projectId);
          if (row.accountId !== access.accountId) {
            throw notFound();
          }
          return { access, searchId: row.id };
        },
        abilities: ({ access }) => prefixedCloud(access.can),
      };
    },
  };
}
