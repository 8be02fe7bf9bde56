import { z } from 'zod';
import {
  cloudEntitiesResponseSchema,
  cloudEntityResponseSchema,
  cloudIdParamsSchema,
  cloudProjectParamsSchema,
  createFolderBodySchema,
  folderParamsSchema,
  idsBodySchema,
  kindMoveBodySchema,
  moveTargetParamsSchema,
  nameConflictsBodySchema,
  nameConflictsResponseSchema,
  renameFolderBodySchema,
  targetFolderParamsSchema,
  updateFileBodySchema,
} from '../../../contracts/cloud.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { CloudScopes } from './cloud.scopes.ts';
import type { LibraryService } from './library.service.ts';

const tags = ['cloud'];
const noContent = { 204: z.null() };

/** Changes to the library: folders, names, favourites, deletion, restore and moves (CLOUD-09…26). */
export function libraryEditRoutes(deps: { library: LibraryService; scopes: CloudScopes }) {
  const { library, scopes } = deps;
  const items = scopes.items();
  return [
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/cloud/folders',
      auth: 'session',
      scope: scopes.library(),
      ability: 'cloud:create_folder',
      summary: 'Create a folder in the caller’s My files',
      tags,
      schema: {
        params: cloudProjectParamsSchema,
        body: createFolderBodySchema,
        response: { 201: cloudEntityResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await library.createFolder(request.access, null, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/folders/:folderId',
      auth: 'session',
      scope: scopes.folder('folderId', { own: false }),
      ability: 'cloud:create_folder',
      summary: 'Create a folder inside a folder of the caller’s own tree (elsewhere FOLDER_CREATE_FORBIDDEN)',
      tags,
      schema: {
        params: folderParamsSchema,
        body: createFolderBodySchema,
        response: { 201: cloudEntityResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await library.createFolder(request.access.access, request.params.folderId, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/files/:id',
      auth: 'session',
      scope: scopes.file({ own: true }),
      ability: 'cloud:rename',
      summary: 'Rename a file, or set or reset its custom thumbnail (an image of the caller’s library)',
      tags,
      schema: {
        params: cloudIdParamsSchema,
        body: updateFileBodySchema,
        response: { 200: cloudEntityResponseSchema },
      },
      handler: async (request) => ({
        data: await library.updateFile(request.access, request.body),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/folders/:id',
      auth: 'session',
      scope: scopes.folder('id'),
      ability: 'cloud:rename',
      summary: 'Rename a folder (My files itself cannot be renamed)',
      tags,
      schema: {
        params: cloudIdParamsSchema,
        body: renameFolderBodySchema,
        response: { 200: cloudEntityResponseSchema },
      },
      handler: async (request) => ({
        data: await library.renameFolder(request.access, request.body),
      }),
    }),
    ...(['POST', 'DELETE'] as const).map((method) =>
      defineRoute({
        method,
        url: '/api/files/:id/favorite',
        auth: 'session',
        scope: scopes.file(),
        ability: 'cloud:favorite',
        summary:
          method === 'POST'
            ? 'Mark a file as the caller’s favourite (idempotent)'
            : 'Unmark a favourite (idempotent)',
        tags,
        schema: { params: cloudIdParamsSchema, response: noContent },
        handler: async (request, reply) => {
          await library.setFavorite(request.access, method === 'POST');
          return reply.status(204).send(null);
        },
      }),
    ),
    defineRoute({
      method: 'DELETE',
      url: '/api/files/:id/soft',
      auth: 'session',
      scope: scopes.ownItem('file'),
      ability: 'cloud:delete',
      summary: 'Delete a file softly: it goes to Removed',
      tags,
      schema: { params: cloudIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await library.softDelete(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/folders/:id/soft',
      auth: 'session',
      scope: scopes.ownItem('folder'),
      ability: 'cloud:delete',
      summary: 'Delete a folder softly: it goes to Removed, its content with it',
      tags,
      schema: { params: cloudIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await library.softDelete(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/cloud/delete/soft',
      auth: 'session',
      scope: items,
      ability: 'cloud:delete',
      summary: 'Delete files and folders softly (mixed ids of one library)',
      tags,
      schema: { body: idsBodySchema, response: noContent },
      handler: async (request, reply) => {
        await library.softDelete(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/files/:id',
      auth: 'session',
      scope: scopes.ownItem('file'),
      ability: 'cloud:delete',
      summary: 'Delete a file in Removed for good, bytes included (elsewhere NOT_IN_REMOVED)',
      tags,
      schema: { params: cloudIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await library.deleteForever(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/folders/:id',
      auth: 'session',
      scope: scopes.ownItem('folder'),
      ability: 'cloud:delete',
      summary: 'Delete a folder in Removed for good, with everything inside (elsewhere NOT_IN_REMOVED)',
      tags,
      schema: { params: cloudIdParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await library.deleteForever(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/cloud/delete',
      auth: 'session',
      scope: items,
      ability: 'cloud:delete',
      summary: 'Delete items in Removed for good (mixed ids; any item outside Removed: NOT_IN_REMOVED)',
      tags,
      schema: { body: idsBodySchema, response: noContent },
      handler: async (request, reply) => {
        await library.deleteForever(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/projects/:projectId/cloud/removed',
      auth: 'session',
      scope: scopes.library(),
      ability: 'cloud:delete',
      summary: 'Empty the caller’s Removed (the bin): everything in it is deleted for good, bytes included',
      tags,
      schema: { params: cloudProjectParamsSchema, response: noContent },
      handler: async (request, reply) => {
        await library.emptyRemoved(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/folders/:folderId/conflicts',
      auth: 'session',
      scope: scopes.folder('folderId'),
      ability: 'cloud:upload',
      summary:
        'Which of these file names the folder holds already (asked before uploading: replace, keep both or skip)',
      tags,
      schema: {
        params: folderParamsSchema,
        body: nameConflictsBodySchema,
        response: { 200: nameConflictsResponseSchema },
      },
      handler: async (request) => ({
        data: await library.nameConflicts(request.access, request.body.names),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/cloud/restore',
      auth: 'session',
      scope: items,
      ability: 'cloud:delete',
      summary: 'Bring items back from Removed to where they were (to My files when that folder is gone)',
      tags,
      schema: { body: idsBodySchema, response: { 200: cloudEntitiesResponseSchema } },
      handler: async (request) => ({
        data: await library.restore(request.access),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/cloud/move',
      auth: 'session',
      scope: items,
      ability: 'cloud:move',
      summary: 'Move files and folders (mixed ids) to My files',
      tags,
      schema: { body: idsBodySchema, response: { 200: cloudEntitiesResponseSchema } },
      handler: async (request) => ({
        data: await library.moveMany(request.access, null),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/cloud/move/:targetFolderId',
      auth: 'session',
      scope: items,
      ability: 'cloud:move',
      summary: 'Move files and folders (mixed ids; also the bulk move) into a folder (MOVE_TARGET_INVALID)',
      tags,
      schema: {
        params: targetFolderParamsSchema,
        body: idsBodySchema,
        response: { 200: cloudEntitiesResponseSchema },
      },
      handler: async (request) => ({
        data: await library.moveMany(request.access, request.params.targetFolderId),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/folders/move',
      auth: 'session',
      scope: items,
      ability: 'cloud:move',
      summary: 'Move folders or files to My files',
      tags,
      schema: { body: kindMoveBodySchema, response: { 200: cloudEntitiesResponseSchema } },
      handler: async (request) => ({
        data: await library.moveKinds(request.access, request.body, null),
      }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/folders/:targetId/move',
      auth: 'session',
      scope: items,
      ability: 'cloud:move',
      summary: 'Move folders or files into a folder (MOVE_TARGET_INVALID when not allowed)',
      tags,
      schema: {
        params: moveTargetParamsSchema,
        body: kindMoveBodySchema,
        response: { 200: cloudEntitiesResponseSchema },
      },
      handler: async (request) => ({
        data: await library.moveKinds(request.access, request.body, request.params.targetId),
      }),
    }),
  ];
}
