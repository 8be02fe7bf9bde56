import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploadParts } from '../../db/schema/index.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { TusError } from './uploads.tus.ts';

type Part = { key: string; start: number; size: number };

/**
 * A tus store whose state every web instance reaches (issue 12): each PATCH's bytes become one object in
 * blob storage (`uploads/<id>/<start>-<random>`), the offset and the list of parts a row of `upload_parts`.
 *
 * A PATCH buffers its body in a local temporary file, stores it as one object and then moves the offset
 * forward in one conditional update (`where offset = start`): a request cut off before that update left no
 * trace but an orphan object (deleted), and of two requests that race at the same offset only one counts —
 * the lock prevents that race, this makes it harmless should a lock ever be lost. Parts are joined into one
 * file when the upload finishes. Unlike `@tus/s3-store` it needs nothing but PutObject, GetObject and
 * DeleteObject, so any S3-compatible store (and the local driver) holds the parts.
 */
export class UploadPartStore extends DataStore {
  constructor(private readonly deps: { db: Db; storage: BlobStorage; expirationMs: number }) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= new Date().toISOString();
    await this.deps.db.insert(uploadParts).values({
      id: upload.id,
      size: upload.size ?? null,
      offset: 0,
      metadata: upload.metadata ?? null,
      createdAt: new Date(upload.creation_date),
    });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    return new Upload({
      id,
      size: row.size ?? undefined,
      offset: row.offset,
      metadata: row.metadata ?? undefined,
      creation_date: row.createdAt.toISOString(),
      storage: { type: 'parts', path: `uploads/${id}` },
    });
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const scratch = await mkdtemp(path.join(tmpdir(), 'tus-part-'));
    try {
      const file = path.join(scratch, 'part');
      await pipeline(readable, createWriteStream(file));
      const { size } = await stat(file);
      if (size === 0) {
        return offset;
      }
      const part: Part = { key: `uploads/${id}/${offset}-${randomUUID()}`, start: offset, size };
      await this.deps.storage.putFile(part.key, file, 'application/octet-stream');
      const moved = await this.deps.db
        .update(uploadParts)
        .set({
          offset: offset + size,
          parts: sql`${uploadParts.parts} || ${JSON.stringify([part])}::jsonb`,
        })
        .where(and(eq(uploadParts.id, id), eq(uploadParts.offset, offset)))
        .returning({ offset: uploadParts.offset });
      if (moved.length === 0) {
        await this.deps.storage.remove([part.key]);
        throw TusError.of(ERRORS.INVALID_OFFSET);
      }
      return offset + size;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  override async remove(id: string): Promise<void> {
    const row = await this.row(id);
    await this.deps.storage.remove(row.parts.map((part) => part.key));
    await this.deps.db.delete(uploadParts).where(eq(uploadParts.id, id));
  }

  override async deleteExpired(): Promise<number> {
    const cutoff = new Date(Date.now() - this.deps.expirationMs);
    const expired = await this.deps.db
      .select({ id: uploadParts.id })
      .from(uploadParts)
      .where(lt(uploadParts.createdAt, cutoff));
    for (const { id } of expired) {
      await this.remove(id).catch(() => undefined);
    }
    return expired.length;
  }

  override getExpiration(): number {
    return this.deps.expirationMs;
  }

  /** Bytes received so far, or null when the store holds no such upload. */
  async receivedBytes(id: string): Promise<number | null> {
    const [row] = await this.deps.db
      .select({ offset: uploadParts.offset })
      .from(uploadParts)
      .where(eq(uploadParts.id, id));
    return row ? row.offset : null;
  }

  /** Joins the parts, in order, into `toPath`. */
  async assemble(id: string, toPath: string): Promise<void> {
    const row = await this.row(id);
    const parts = [...row.parts].sort((a, b) => a.start - b.start);
    const out = createWriteStream(toPath);
    try {
      let expected = 0;
      for (const part of parts) {
        if (part.start !== expected) {
          throw new Error(`upload ${id}: part at ${part.start}, expected ${expected}`);
        }
        await pipeline(await this.deps.storage.read(part.key), out, { end: false });
        expected += part.size;
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  }

  private async row(id: string) {
    const [row] = await this.deps.db.select().from(uploadParts).where(eq(uploadParts.id, id));
    if (!row) {
      throw TusError.of(ERRORS.FILE_NOT_FOUND);
    }
    return row;
  }
}
