import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { Db } from '../../db/client.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { UploadPartStore } from './upload-part-store.ts';

/**
 * Where an upload's bytes wait until it finishes, chosen by the storage driver (docs/DECISIONS.md):
 * - local: `@tus/file-store` under DATA_DIR/uploads (one file per upload, offsets in `<id>.json`); several
 *   instances then need the same DATA_DIR, which start-up checks (`platform/instances.ts`).
 * - s3: `UploadPartStore`, parts in the bucket and the offset in PostgreSQL, reached by every instance.
 */
export type UploadStaging = {
  kind: 'files' | 'parts';
  datastore: DataStore;
  /** Bytes received so far, or null when the store holds no such upload (never created, or finished). */
  receivedBytes(uploadId: string): Promise<number | null>;
  /** A local file with all the bytes (storage's putFile consumes it); `release` removes what is left. */
  materialize(uploadId: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Forgets an upload whose bytes moved into blob storage. */
  forget(uploadId: string): Promise<void>;
};

export function createUploadStaging(deps: {
  db: Db;
  storage: BlobStorage;
  dataDir: string;
  expiryMs: number;
}): UploadStaging {
  return deps.storage.driver === 's3' ? partStaging(deps) : fileStaging(deps);
}

function fileStaging(deps: { dataDir: string; expiryMs: number }): UploadStaging {
  const directory = path.join(deps.dataDir, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: deps.expiryMs });
  const pathOf = (uploadId: string) => path.join(directory, uploadId);
  return {
    kind: 'files',
    datastore,
    async receivedBytes(uploadId) {
      const local = await stat(pathOf(uploadId)).catch(() => null);
      return local ? local.size : null;
    },
    async materialize(uploadId) {
      return { path: pathOf(uploadId), release: async () => undefined };
    },
    async forget(uploadId) {
      await datastore.configstore.delete(uploadId);
    },
  };
}

function partStaging(deps: { db: Db; storage: BlobStorage; expiryMs: number }): UploadStaging {
  const datastore = new UploadPartStore({ db: deps.db, storage: deps.storage, expirationMs: deps.expiryMs });
  return {
    kind: 'parts',
    datastore,
    receivedBytes: (uploadId) => datastore.receivedBytes(uploadId),
    async materialize(uploadId) {
      const scratch = await mkdtemp(path.join(tmpdir(), 'cloud-upload-'));
      const release = () => rm(scratch, { recursive: true, force: true });
      const file = path.join(scratch, 'bytes');
      try {
        await datastore.assemble(uploadId, file);
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },
    forget: (uploadId) => datastore.remove(uploadId),
  };
}
