import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { cloudFiles, type CloudVariants } from '../../db/schema/index.ts';
import { JobStoppedError, type JobDefinition, type Jobs } from '../../platform/jobs.ts';
import { cloudQueues } from './cloud.queues.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { decodedAudioMs, extractPoster, probeMedia, transcodeToMp4 } from './media/ffmpeg.ts';
import type { MediaLimits } from './media/media-limits.ts';
import { canMakeImageDerivatives, derivableMimeTypes, makeImageDerivatives } from './media/image.ts';
import type { FileProcessingJob } from './uploads.service.ts';

/*
 * File processing (`cloud.process`, DESIGN §7): images get their webp thumbnails and dimensions, videos a
 * poster, thumbnails and an H.264 mp4 with `encodeProgress` while it runs, audio its duration.
 *
 * Crash safety: each run works in its own scratch directory (wiped first, so a killed run leaves nothing
 * behind that matters), writes every derived file under a fixed key (storage writes are atomic), and
 * records the result in ONE update at the end. A run killed half-way is retried by pg-boss (the job expires)
 * and simply does it all again; a duplicate run of a finished file returns at once.
 *
 * A file the tools reject (corrupt, not really a video, over its time limit) is marked `error` at once; other
 * failures (storage unreachable) are retried and mark the file `error` only on the last attempt. When the job
 * stops (expired, cancelled, worker shutdown) its signal kills ffmpeg; a cancelled job marks the file `error`,
 * the others are retried like any failure.
 */

const retryLimit = cloudQueues['cloud.process'].retryLimit;
/** A file in `process` whose job has not reported for this long is queued again (`cloud.recover`). */
const staleAfterMs = 10 * 60 * 1000;

type FileRow = typeof cloudFiles.$inferSelect;

/** The tools refused the input: retrying will not help. */
class MediaRejected extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'MediaRejected';
  }
}

/** Runs a media tool; its failure rejects the file, unless the job itself was stopped meanwhile. */
async function tool<T>(run: () => Promise<T>, jobSignal: AbortSignal | undefined): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw jobSignal?.aborted ? error : new MediaRejected(error);
  }
}

const variantKey = (file: FileRow, name: string) => `projects/${file.projectId}/files/${file.id}/${name}`;

function isDone(file: FileRow): boolean {
  if (file.status === 'error') {
    return true;
  }
  switch (file.type) {
    case 'video':
      return file.status !== 'process';
    case 'image':
      // Uploads wait in `process` for their thumbnails; older rows may have none and no status.
      return (
        file.status !== 'process' && (!canMakeImageDerivatives(file.mimeType) || Boolean(file.variants.tile))
      );
    case 'audio':
      return file.durationMs !== null;
    case 'other':
      return true;
  }
}

export function cloudProcessJob(deps: {
  db: Db;
  storage: BlobStorage;
  dataDir: string;
  logger: Logger;
  /** How often a conversion writes its progress (the library polls it). */
  progressEveryMs?: number;
  /** ffmpeg's time limits (media/media-limits.ts `defaultMediaLimits`); tests make them small. */
  mediaLimits?: Partial<MediaLimits>;
  /** Told once a file is done (processed, or marked `error`): other features show it too. */
  fileProcessed?: (fileId: string) => Promise<void>;
}): JobDefinition<FileProcessingJob> {
  const { db, storage, logger, mediaLimits: limits } = deps;
  const progressEveryMs = deps.progressEveryMs ?? 1000;

  async function storeDerivatives(file: FileRow, files: Record<string, string>): Promise<CloudVariants> {
    const variants: CloudVariants = {};
    for (const [name, localPath] of Object.entries(files) as [keyof CloudVariants, string][]) {
      const key = variantKey(file, name === 'video' ? 'video.mp4' : `${name}.webp`);
      await storage.putFile(key, localPath, name === 'video' ? 'video/mp4' : 'image/webp');
      variants[name] = key;
    }
    return variants;
  }

  async function processImage(file: FileRow, input: string, work: string): Promise<Partial<FileRow>> {
    const derived = await tool(() => makeImageDerivatives(input, path.join(work, 'derived')), undefined);
    const variants = await storeDerivatives(file, derived.files);
    return {
      width: derived.width,
      height: derived.height,
      variants: { ...file.variants, ...variants },
      status: null,
      encodeProgress: null,
    };
  }

  async function processAudio(input: string, signal?: AbortSignal): Promise<Partial<FileRow>> {
    const probe = await tool(() => probeMedia(input, { signal, limits }), signal);
    // A browser's recording states no length in its header: decoding it tells.
    const durationMs =
      probe.durationMs ?? (await tool(() => decodedAudioMs(input, { signal, limits }), signal));
    return { durationMs: durationMs ?? 0 };
  }

  async function processVideo(
    file: FileRow,
    input: string,
    work: string,
    signal?: AbortSignal,
  ): Promise<Partial<FileRow>> {
    const probe = await tool(() => probeMedia(input, { signal, limits }), signal);
    if (!probe.hasVideo) {
      throw new MediaRejected(new Error('no video stream'));
    }
    const poster = path.join(work, 'poster.jpg');
    const atMs = Math.min(1000, Math.floor((probe.durationMs ?? 0) / 10));
    await tool(() => extractPoster(input, poster, { atMs, signal, limits }), signal);
    const derived = await tool(() => makeImageDerivatives(poster, path.join(work, 'derived')), signal);
    let lastWrite = 0;
    let lastPercent = -1;
    const output = path.join(work, 'video.mp4');
    await tool(
      () =>
        transcodeToMp4(input, output, {
          durationMs: probe.durationMs,
          signal,
          limits,
          onProgress: async (percent) => {
            const now = Date.now();
            const rounded = Math.min(99, Math.max(0, Math.floor(percent)));
            if (rounded === lastPercent || now - lastWrite < progressEveryMs) {
              return;
            }
            lastWrite = now;
            lastPercent = rounded;
            await db
              .update(cloudFiles)
              .set({ encodeProgress: rounded, processingHeartbeatAt: new Date() })
              .where(eq(cloudFiles.id, file.id));
          },
        }),
      signal,
    );
    const variants = await storeDerivatives(file, { ...derived.files, video: output });
    return {
      width: probe.width ?? derived.width,
      height: probe.height ?? derived.height,
      durationMs: probe.durationMs,
      variants: { ...file.variants, ...variants },
      status: null,
      encodeProgress: null,
    };
  }

  async function markError(fileId: string): Promise<void> {
    await db
      .update(cloudFiles)
      .set({ status: 'error', encodeProgress: null, processingHeartbeatAt: null })
      .where(eq(cloudFiles.id, fileId));
  }

  return {
    name: 'cloud.process',
    handler: async ({ fileId }, job) => {
      const [file] = await db.select().from(cloudFiles).where(eq(cloudFiles.id, fileId));
      if (!file || isDone(file)) {
        return;
      }
      const work = path.join(deps.dataDir, 'processing', file.id);
      await rm(work, { recursive: true, force: true });
      await mkdir(work, { recursive: true });
      try {
        await db
          .update(cloudFiles)
          .set({ processingHeartbeatAt: new Date() })
          .where(eq(cloudFiles.id, file.id));
        const input = path.join(work, 'input');
        await storage.download(file.storageKey, input);
        const changes =
          file.type === 'video'
            ? await processVideo(file, input, work, job.signal)
            : file.type === 'audio'
              ? await processAudio(input, job.signal)
              : await processImage(file, input, work);
        // The file may have been deleted for good meanwhile: then there is no row to update (and the
        // derived files it left are removed with the file's prefix by deleteForever's key list).
        await db
          .update(cloudFiles)
          .set({ ...changes, processingHeartbeatAt: null })
          .where(eq(cloudFiles.id, file.id));
      } catch (error) {
        const cancelled = error instanceof JobStoppedError && error.why === 'cancelled';
        if (error instanceof MediaRejected || cancelled || job.retryCount >= retryLimit) {
          logger.warn({ err: error, fileId }, 'file processing failed; file marked as error');
          await markError(file.id);
          await deps.fileProcessed?.(file.id);
          return;
        }
        throw error;
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      await deps.fileProcessed?.(file.id);
    },
  };
}

/**
 * Queues processing again for files whose job was lost (a crash between the upload's commit and the send)
 * or stopped reporting (a killed worker, until pg-boss expires its job). The queue is `stately`, so a file
 * whose job is still waiting is not queued twice.
 */
export function cloudRecoverJob(deps: { db: Db; jobs: Jobs }): JobDefinition<Record<string, never>> {
  return {
    name: 'cloud.recover',
    cron: '*/10 * * * *',
    handler: async () => {
      const staleBefore = new Date(Date.now() - staleAfterMs);
      const stale = or(
        and(isNull(cloudFiles.processingHeartbeatAt), lt(cloudFiles.createdAt, staleBefore)),
        lt(cloudFiles.processingHeartbeatAt, staleBefore),
      );
      const rows = await deps.db
        .select({ id: cloudFiles.id })
        .from(cloudFiles)
        .where(
          and(
            stale,
            or(
              eq(cloudFiles.status, 'process'),
              and(
                isNull(cloudFiles.status),
                eq(cloudFiles.type, 'image'),
                inArray(cloudFiles.mimeType, [...derivableMimeTypes]),
                sql`${cloudFiles.variants} = '{}'::jsonb`,
              ),
            ),
          ),
        )
        .limit(1000);
      for (const row of rows) {
        await deps.jobs.send<FileProcessingJob>(
          'cloud.process',
          { fileId: row.id },
          { singletonKey: row.id },
        );
      }
    },
  };
}
