import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  cloudListSchema,
  cloudPathSchema,
  cloudProjectParamsSchema,
  cloudIdParamsSchema,
  cloudStorageSchema,
  cloudTreeSchema,
  fileListQuerySchema,
  folderContentQuerySchema,
  folderParamsSchema,
  mimeTypesSchema,
  realFolderQuerySchema,
  savedSearchBodySchema,
  savedSearchListSchema,
  savedSearchResponseSchema,
  uploadLimitsSchema,
} from '../../../contracts/cloud.ts';
import { defineRoute } from '../../platform/routes.ts';
import { libraryEditRoutes } from './library-edits.routes.ts';
import type { CloudScopes } from './cloud.scopes.ts';
import type { LibraryService } from './library.service.ts';
import { mimeTypeCatalogue } from './media/sniff.ts';
import { uploadLimits } from './upload-limits.ts';

const tags = ['cloud'];

/** The lists come as finished JSON (the response schema already applied): sent as they are. */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

/** The cloud library's calls (CLOUD-01…26 but the upload and the bytes, which files.routes.ts serves). */
export function libraryRoutes(deps: { library: LibraryService; scopes: CloudScopes }) {
  const { library, scopes } = deps;
  const cloud = scopes.library();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/cloud/upload/limits',
      auth: 'session',
      ability: 'authenticated',
      summary: 'Upload size limits per type in megabytes (a type no entry names gets the largest)',
      tags,
      schema: { response: { 200: uploadLimitsSchema } },
      handler: async () => ({ data: [...uploadLimits] }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/cloud/mime-types',
      auth: 'session',
      ability: 'authenticated',
      summary: 'The file types the library knows, with their extensions (the filter panel’s type chips)',
      tags,
      schema: { response: { 200: mimeTypesSchema } },
      handler: async () => ({ data: mimeTypeCatalogue() }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/cloud/folders/content',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'My files and the pseudo-folders latest, fast_access and removed (folders first, then files)',
      tags,
      schema: {
        params: cloudProjectParamsSchema,
        querystring: folderContentQuerySchema,
        response: { 200: cloudListSchema },
      },
      handler: async (request, reply) =>
        sendJson(reply, await library.folderContent(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/cloud/files',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'The typed pseudo-folders: photo, video, document, audio, favorite, messages',
      tags,
      schema: {
        params: cloudProjectParamsSchema,
        querystring: fileListQuerySchema,
        response: { 200: cloudListSchema },
      },
      handler: async (request, reply) => sendJson(reply, await library.files(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/folders/:folderId/content',
      auth: 'session',
      scope: scopes.folder('folderId'),
      ability: 'cloud:view',
      summary:
        'A folder of the caller’s library (folders first, then files); with filters, the whole library',
      tags,
      schema: {
        params: folderParamsSchema,
        querystring: realFolderQuerySchema,
        response: { 200: cloudListSchema },
      },
      handler: async (request, reply) => sendJson(reply, await library.folder(request.access, request.query)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/folders/:folderId/path',
      auth: 'session',
      scope: scopes.folder('folderId'),
      ability: 'cloud:view',
      summary: 'The folder’s ancestors from My files down to the folder itself (the breadcrumb)',
      tags,
      schema: { params: folderParamsSchema, response: { 200: cloudPathSchema } },
      handler: async (request) => ({
        data: await library.path(request.access),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/cloud/tree',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'The caller’s My files with every folder below it (the move dialog)',
      tags,
      schema: { params: cloudProjectParamsSchema, response: { 200: cloudTreeSchema } },
      handler: async (request) => ({
        data: await library.tree(request.access),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/cloud/storage',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'Storage the project’s files take (Removed included) and the tariff’s limit (-1 = unlimited)',
      tags,
      schema: { params: cloudProjectParamsSchema, response: { 200: cloudStorageSchema } },
      handler: async (request) => ({
        data: await library.storage(request.access),
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/projects/:projectId/cloud/searches',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'The caller’s saved searches of the filter panel (newest first)',
      tags,
      schema: { params: cloudProjectParamsSchema, response: { 200: savedSearchListSchema } },
      handler: async (request) => ({
        data: await library.listSearches(request.access),
      }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/cloud/searches',
      auth: 'session',
      scope: cloud,
      ability: 'cloud:view',
      summary: 'Save the filter panel’s filters under a name (at most 50 per person)',
      tags,
      schema: {
        params: cloudProjectParamsSchema,
        body: savedSearchBodySchema,
        response: { 201: savedSearchResponseSchema },
      },
      handler: async (request, reply) => {
        const data = await library.createSearch(request.access, request.body);
        return reply.status(201).send({ data });
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/cloud/searches/:id',
      auth: 'session',
      scope: scopes.savedSearch(),
      ability: 'cloud:view',
      summary: 'Delete one of the caller’s saved searches',
      tags,
      schema: { params: cloudIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await library.deleteSearch(request.access);
        return reply.status(204).send(null);
      },
    }),
    ...libraryEditRoutes(deps),
  ];
}
