import { z } from 'zod';
import {
  cloudEntityResponseSchema,
  cloudIdParamsSchema,
  cloudProjectParamsSchema,
} from '../../../contracts/cloud.ts';
import { defineRoute } from '../../platform/routes.ts';
import { blobVariantValues } from './cloud.presenter.ts';
import type { CloudScopes } from './cloud.scopes.ts';
import type { FileService } from './files.service.ts';
import type { UploadService } from './uploads.service.ts';

const tags = ['cloud'];

const uploadParamsSchema = cloudProjectParamsSchema.extend({
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
const blobParamsSchema = z.object({ fileId: z.uuid(), variant: z.enum(blobVariantValues) });
const blobQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
  download: z.enum(['1', 'true']).optional(),
});
// tus answers are written by the tus server itself (the request is hijacked); these document them.
const tusResponses = { 200: cloudEntityResponseSchema, 201: z.null(), 204: z.null() };

/** Uploads (tus), the bytes behind signed addresses, and the single-file calls around them. */
export function fileRoutes(deps: { uploads: UploadService; files: FileService; scopes: CloudScopes }) {
  const { uploads, files, scopes } = deps;
  const fileScope = scopes.file();
  const library = scopes.library();
  return [
    defineRoute({
      method: 'POST',
      url: '/api/projects/:projectId/cloud/files/chunks',
      auth: 'session',
      scope: library,
      ability: 'cloud:upload',
      summary:
        'Create a resumable upload (tus 1.0; Upload-Metadata: filename, filetype, folderId, hideInCloud, source, extra)',
      tags,
      schema: { params: cloudProjectParamsSchema, response: tusResponses },
      handler: async (request, reply) => uploads.handle(request.access, request, reply, request.params),
    }),
    ...(['HEAD', 'PATCH', 'DELETE'] as const).map((method) =>
      defineRoute({
        method,
        url: '/api/projects/:projectId/cloud/files/chunks/:uploadId',
        auth: 'session',
        scope: library,
        ability: 'cloud:upload',
        summary:
          method === 'HEAD'
            ? 'The offset of a resumable upload (tus); a finished upload names its file in Cloud-File-Id'
            : method === 'PATCH'
              ? 'Append bytes to an upload (tus); the last request answers with the new file'
              : 'Cancel an upload and delete its bytes (tus termination)',
        tags,
        schema: { params: uploadParamsSchema, response: tusResponses },
        handler: async (request, reply) => uploads.handle(request.access, request, reply, request.params),
      }),
    ),
    // tus protocol discovery: says nothing about any upload, so it needs no session (clients ask first).
    ...(['', '/:uploadId'] as const).map((suffix) =>
      defineRoute({
        method: 'OPTIONS',
        url: `/api/projects/:projectId/cloud/files/chunks${suffix}`,
        auth: 'public',
        ability: 'public',
        summary: 'tus protocol discovery: Tus-Version, Tus-Extension, Tus-Max-Size',
        tags,
        schema: {
          params: suffix ? uploadParamsSchema : cloudProjectParamsSchema,
          response: { 204: z.null() },
        },
        handler: async (_request, reply) => uploads.options(reply),
      }),
    ),
    defineRoute({
      method: 'GET',
      url: '/api/cloud/blobs/:fileId/:variant',
      // The signature in the address is the permission: it was issued to someone allowed to see the file.
      auth: 'public',
      ability: 'public',
      summary:
        'The bytes of a file or of a derived image, behind a signed, expiring address (Range supported)',
      tags,
      schema: {
        params: blobParamsSchema,
        querystring: blobQuerySchema,
        response: { 200: z.unknown(), 206: z.unknown(), 416: z.unknown() },
      },
      handler: async (request, reply) =>
        files.sendBlob(request, reply, {
          ...request.params,
          ...request.query,
          path: request.url.split('?')[0]!,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/files/:id',
      auth: 'session',
      scope: fileScope,
      ability: 'cloud:view',
      summary: 'One file (the library polls files in processing until they are ready)',
      tags,
      schema: { params: cloudIdParamsSchema, response: { 200: cloudEntityResponseSchema } },
      handler: async (request) => ({ data: await files.get(request.access) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/files/:id/open',
      auth: 'session',
      scope: fileScope,
      ability: 'cloud:view',
      summary: 'Record that the caller opened a file (the fast-access folder lists recently opened files)',
      tags,
      schema: { params: cloudIdParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await files.markOpened(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/files/:id/download',
      auth: 'session',
      scope: fileScope,
      ability: 'cloud:view',
      summary: 'Download a file (videos too): 302 to a short-lived signed address of the original (GAPS 12)',
      tags,
      schema: { params: cloudIdParamsSchema, response: { 302: z.null() } },
      handler: async (request, reply) => {
        const location = await files.downloadUrl(request.access);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    }),
  ];
}
