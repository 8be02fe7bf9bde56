import { Server as TusServer } from '@tus/server';
import type { DataStore, Locker, Upload } from '@tus/utils';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import { uploadLimitBytes } from '../../../contracts/upload-size.ts';
import { AppError } from '../../platform/errors.ts';
import type { CloudAccess } from './cloud.access.ts';
import { uploadLimits } from './upload-limits.ts';
import type { UploadRow } from './uploads.finish.ts';

/*
 * The adapter between Fastify and `@tus/server` (tus 1.0, DESIGN §7): the request has passed the session and
 * ability checks when it gets here and is handed over raw (the content-type parser left the body unread).
 */

const chunksPattern = /\/cloud\/files\/chunks\/([A-Za-z0-9_-]+)\/?$/;

/**
 * Thrown from tus hooks, stores and locks: the tus server writes `status_code` and `body` as the response.
 * (tus's own `ERRORS` are plain objects; this gives them a stack and keeps lint's only-throw-error.)
 */
export class TusError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
    options?: ErrorOptions,
  ) {
    super(body.trim(), options);
    this.name = 'TusError';
  }

  static of(error: { status_code: number; body: string }): TusError {
    return new TusError(error.status_code, error.body);
  }
}

function asTusError(error: unknown, logger: Logger): TusError {
  const known = error instanceof AppError ? error : undefined;
  if (!known) {
    logger.error({ err: error }, 'upload step failed');
  }
  const appError = known ?? new AppError(500, errorCodes.internal);
  return new TusError(appError.statusCode, JSON.stringify(appError.toBody()), { cause: error });
}

export type TusHooks = {
  onCreate(upload: Upload): Promise<void>;
  /** The last byte arrived: finish the upload and answer the new file. */
  onFinish(upload: Upload): Promise<{ fileId: string; entity: CloudEntity }>;
};

export function tusServerFor(
  access: CloudAccess,
  deps: { datastore: DataStore; locker: Locker; logger: Logger },
  hooks: TusHooks,
): TusServer {
  const { logger } = deps;
  return new TusServer({
    path: `/api/projects/${access.project.id}/cloud/files/chunks`,
    datastore: deps.datastore,
    locker: deps.locker,
    relativeLocation: true,
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    generateUrl: (_request, { id }) => `/api/projects/${access.project.id}/cloud/files/chunks/${id}`,
    getFileIdFromRequest: (request) => chunksPattern.exec(new URL(request.url).pathname)?.[1],
    onUploadCreate: async (_request, upload) => {
      try {
        await hooks.onCreate(upload);
      } catch (error) {
        throw asTusError(error, logger);
      }
      return {};
    },
    onUploadFinish: async (request, upload) => {
      try {
        const { fileId, entity } = await hooks.onFinish(upload);
        return {
          // An empty file is complete on creation: that answer stays 201, so tus adds the Location clients
          // need (tus-js-client fails a creation without it); the body carries the file all the same.
          status_code: request.method === 'POST' ? 201 : 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cloud-File-Id': fileId },
          body: JSON.stringify({ data: entity }),
        };
      } catch (error) {
        throw asTusError(error, logger);
      }
    },
    onResponseError: (_request, error) => {
      if (error instanceof Error && !('status_code' in error)) {
        logger.error({ err: error }, 'upload failed');
      }
      return undefined;
    },
  });
}

/** HEAD and PATCH of an upload that is a file already: the offset is the end, PATCH answers the entity. */
export async function answerFinished(
  reply: FastifyReply,
  method: string,
  row: UploadRow,
  entity: CloudEntity,
): Promise<void> {
  void reply
    .header('Tus-Resumable', '1.0.0')
    .header('Upload-Offset', String(row.size))
    .header('Upload-Length', String(row.size))
    .header('Cloud-File-Id', entity.id)
    .header('Cache-Control', 'no-store');
  if (method === 'HEAD') {
    await reply.status(200).send();
    return;
  }
  if (method === 'DELETE') {
    throw new AppError(409, errorCodes.conflict);
  }
  await reply.status(200).send({ data: entity });
}

/**
 * Protocol discovery (tus `OPTIONS`): version, the store's extensions, and the largest size any type may
 * have (strictly below the largest limit of spec §5; the limit of the file's own type applies on creation).
 */
export async function answerOptions(reply: FastifyReply, datastore: DataStore): Promise<void> {
  const largest = uploadLimitBytes(uploadLimits, 'application/x-unlisted');
  await reply
    .status(204)
    .header('Tus-Resumable', '1.0.0')
    .header('Tus-Version', '1.0.0')
    .header('Tus-Extension', datastore.extensions.join(','))
    .header('Tus-Max-Size', String(largest - 1))
    .send();
}
