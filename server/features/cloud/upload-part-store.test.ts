import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { uploadParts } from '../../db/schema/index.ts';
import { createLocalStorage } from '../../platform/storage/local.ts';
import { createScratchDatabase } from '../../test/scratch-database.ts';
import { testDriver } from '../../test/test-server.ts';
import { UploadPartStore } from './upload-part-store.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
let root: string;
let store: UploadPartStore;
const storage = () => createLocalStorage(path.join(root, 'cloud'));

beforeAll(async () => {
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  drop = scratch ? () => scratch.drop() : undefined;
  database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolMax: 4 });
  await database.migrate();
  root = await mkdtemp(path.join(tmpdir(), 'part-store-'));
  store = new UploadPartStore({ db: database.db, storage: storage(), expirationMs: 3600_000 });
});
afterAll(async () => {
  await database?.close();
  await drop?.();
  await rm(root, { recursive: true, force: true });
});

const newUpload = async (size: number) =>
  store.create(
    new Upload({ id: randomBytes(16).toString('hex'), size, offset: 0, metadata: { filename: 'a' } }),
  );

describe(`the upload part store (${testDriver})`, () => {
  it('keeps each PATCH as one part and joins them in order', async () => {
    const bytes = randomBytes(300_000);
    const upload = await newUpload(bytes.length);
    expect(await store.write(Readable.from([bytes.subarray(0, 100_000)]), upload.id, 0)).toBe(100_000);
    expect(await store.write(Readable.from([bytes.subarray(100_000)]), upload.id, 100_000)).toBe(300_000);
    expect(await store.getUpload(upload.id)).toMatchObject({
      offset: 300_000,
      size: 300_000,
      metadata: { filename: 'a' },
    });
    const joined = path.join(root, 'joined');
    await store.assemble(upload.id, joined);
    expect((await readFile(joined)).equals(bytes)).toBe(true);
  });

  it("counts only one of two writes at the same offset, and deletes the loser's bytes", async () => {
    const upload = await newUpload(20);
    const results = await Promise.allSettled([
      store.write(Readable.from([Buffer.alloc(10, 1)]), upload.id, 0),
      store.write(Readable.from([Buffer.alloc(10, 2)]), upload.id, 0),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ status_code: 409 });
    const [row] = await database.db.select().from(uploadParts).where(eq(uploadParts.id, upload.id));
    expect(row).toMatchObject({ offset: 10 });
    expect(row!.parts).toHaveLength(1);
    const keys = row!.parts.map((part) => part.key);
    expect(await storage().stat(keys[0]!)).toEqual({ size: 10 });
    // The losing write's object is gone: one object is left for the upload.
    expect(await readdir(path.join(root, 'cloud', 'uploads', upload.id))).toHaveLength(1);
  });

  it('removes the parts and the row of a removed or expired upload', async () => {
    const upload = await newUpload(10);
    await store.write(Readable.from([Buffer.alloc(10, 3)]), upload.id, 0);
    const [row] = await database.db.select().from(uploadParts).where(eq(uploadParts.id, upload.id));
    await database.db
      .update(uploadParts)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(uploadParts.id, upload.id));
    expect(await store.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await storage().stat(row!.parts[0]!.key)).toBeNull();
    await expect(store.getUpload(upload.id)).rejects.toMatchObject({ status_code: 404 });
    expect(await store.receivedBytes(upload.id)).toBeNull();
  });
});
