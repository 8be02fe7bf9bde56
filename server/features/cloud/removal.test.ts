import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFavorites, cloudFiles, cloudFolders } from '../../db/schema/index.ts';
import {
  insertCloudFile,
  insertCloudFolder,
  insertFavorite,
  putBlob,
  rootFolderOf,
} from '../../test/cloud.ts';
import { apiCaller, signedInTestAccount, type ApiMethod } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createProjectFor } from '../../test/workspace.ts';
import { BlobRemovalError, deleteForever, purgeRemoved } from './removal.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;
const storage = () => server.runtime.storage;
const call = apiCaller(() => server);

async function library() {
  const account = await signedInTestAccount(server);
  const project = await createProjectFor(server, account);
  const me = { projectId: project.id, ownerAccountId: account.id };
  return { token: account.token, project, me, root: await rootFolderOf(db(), me) };
}

/** A file with real bytes: the original and two derived images. */
async function storedFile(
  me: { projectId: string; ownerAccountId: string },
  values: { folderId?: string; deletedAt?: Date; deletedVia?: string } = {},
) {
  const base = `projects/${me.projectId}/files/${crypto.randomUUID()}`;
  const keys = { original: `${base}/original`, tile: `${base}/tile.webp`, preview: `${base}/preview.webp` };
  for (const key of Object.values(keys)) {
    await putBlob(storage(), key);
  }
  const file = await insertCloudFile(db(), {
    ...me,
    ...values,
    storageKey: keys.original,
    variants: { tile: keys.tile, preview: keys.preview },
  });
  return { file, keys: Object.values(keys) };
}

const stored = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => storage().stat(key)))).filter(Boolean).length;

describe(`cloud permanent deletion (${testDriver})`, () => {
  it('deletes only what lies in Removed', async () => {
    const { token, me } = await library();
    const folder = await insertCloudFolder(db(), { ...me });
    const { file, keys } = await storedFile(me, { folderId: folder.id });
    const inside = await insertCloudFile(db(), {
      ...me,
      folderId: folder.id,
      deletedAt: new Date(),
      deletedVia: folder.id,
    });
    for (const [method, url, payload] of [
      ['DELETE', `/api/files/${file.id}`],
      ['DELETE', `/api/folders/${folder.id}`],
      ['PATCH', '/api/cloud/delete', { ids: [file.id] }],
      // Deleted through its folder: not in Removed on its own.
      ['PATCH', '/api/cloud/delete', { ids: [inside.id] }],
    ] as [ApiMethod, string, object?][]) {
      const response = await call(method, url, token, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json().code).toBe('NOT_IN_REMOVED');
    }
    expect(await stored(keys)).toBe(3);
    const root = await rootFolderOf(db(), me);
    expect((await call('DELETE', `/api/folders/${root.id}`, token)).statusCode).toBe(403);
  });

  it('removes the rows with everything inside, then the bytes', async () => {
    const { token, me, project } = await library();
    const folder = await insertCloudFolder(db(), { ...me, name: 'Ordner' });
    const inner = await insertCloudFolder(db(), { ...me, parentId: folder.id });
    const deep = await storedFile(me, { folderId: inner.id });
    const single = await storedFile(me);
    const kept = await storedFile(me);
    await insertFavorite(db(), { fileId: deep.file.id, accountId: me.ownerAccountId, projectId: project.id });
    await call('DELETE', `/api/folders/${folder.id}/soft`, token);
    await call('DELETE', `/api/files/${single.file.id}/soft`, token);

    expect((await call('DELETE', `/api/folders/${folder.id}`, token)).statusCode).toBe(204);
    expect(
      await db()
        .select()
        .from(cloudFolders)
        .where(inArray(cloudFolders.id, [folder.id, inner.id])),
    ).toEqual([]);
    expect(await db().select().from(cloudFiles).where(eq(cloudFiles.id, deep.file.id))).toEqual([]);
    expect(await db().select().from(cloudFavorites).where(eq(cloudFavorites.fileId, deep.file.id))).toEqual(
      [],
    );
    expect(await stored(deep.keys)).toBe(0);

    expect((await call('PATCH', '/api/cloud/delete', token, { ids: [single.file.id] })).statusCode).toBe(204);
    expect(await stored(single.keys)).toBe(0);
    expect(await stored(kept.keys)).toBe(3);
    // Deleted is gone: a second time finds nothing.
    expect((await call('DELETE', `/api/files/${single.file.id}`, token)).statusCode).toBe(404);
  });

  it('purges what was removed before the cut-off, with its content and bytes', async () => {
    const { me } = await library();
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    const lately = new Date(Date.now() - 86_400_000);
    const oldFolder = await insertCloudFolder(db(), { ...me, deletedAt: longAgo });
    const inOld = await storedFile(me, {
      folderId: oldFolder.id,
      deletedAt: longAgo,
      deletedVia: oldFolder.id,
    });
    const oldFiles = [];
    for (let index = 0; index < 3; index++) {
      oldFiles.push(await storedFile(me, { deletedAt: longAgo }));
    }
    const recent = await storedFile(me, { deletedAt: lately });
    const live = await storedFile(me);

    const counts = await purgeRemoved(db(), storage(), {
      olderThan: new Date(Date.now() - 30 * 86_400_000),
      batchSize: 2,
    });
    // Other tests' libraries share the database: count at least ours.
    expect(counts.files).toBeGreaterThanOrEqual(4);
    expect(counts.folders).toBeGreaterThanOrEqual(1);
    expect(await stored([...inOld.keys, ...oldFiles.flatMap((item) => item.keys)])).toBe(0);
    expect(await db().select().from(cloudFolders).where(eq(cloudFolders.id, oldFolder.id))).toEqual([]);
    expect(await stored(recent.keys)).toBe(3);
    expect(await stored(live.keys)).toBe(3);
    const left = await db()
      .select({ id: cloudFiles.id })
      .from(cloudFiles)
      .where(inArray(cloudFiles.id, [recent.file.id, live.file.id, inOld.file.id]));
    expect(left.map((row) => row.id).sort()).toEqual([recent.file.id, live.file.id].sort());
  });

  it('keeps the rows deleted and names the blobs it could not remove', async () => {
    const { me } = await library();
    const { file } = await storedFile(me, { deletedAt: new Date() });
    // A directory where the original should be: the local driver cannot remove it as a file.
    const config = server.config.storage;
    if (config.driver !== 'local') {
      throw new Error('the test server stores files locally');
    }
    const blocker = `projects/${me.projectId}/files/blocker/original`;
    await mkdir(path.join(config.root, blocker), { recursive: true });
    await writeFile(path.join(config.root, blocker, 'inside'), 'x');
    await db().update(cloudFiles).set({ storageKey: blocker }).where(eq(cloudFiles.id, file.id));

    const failure = await deleteForever(db(), storage(), { fileIds: [file.id], folderIds: [] }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BlobRemovalError);
    expect((failure as BlobRemovalError).keys).toContain(blocker);
    expect(await db().select().from(cloudFiles).where(eq(cloudFiles.id, file.id))).toEqual([]);
  });
});
