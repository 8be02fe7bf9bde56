import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { Upload, type HttpRequest } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { cloudFiles, cloudUploads, projects } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { createLogger } from '../../platform/logger.ts';
import { signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createRequest, download, sha256, tusUpload } from '../../test/tus.ts';
import { createAppWithProfile, addProfile, createProjectFor } from '../../test/workspace.ts';
import { ensureRootFolder } from './cloud.access.ts';
import { bytesPerMegabyte, uploadLimitBytes } from '../../../contracts/upload-size.ts';
import { uploadLimits } from './upload-limits.ts';
import { createUploadService } from './uploads.service.ts';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.runtime.database.db;

async function owner() {
  const person = await signUp(server);
  const project = await createProjectFor(server, person.account);
  const root = await ensureRootFolder(db(), project.id, person.account.id);
  return { person, project, root, token: person.accessToken };
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe(`cloud uploads (${testDriver})`, () => {
  it('uploads a file through tus and answers the new file on the last request', async () => {
    const { project, root, token } = await owner();
    const bytes = randomBytes(700 * 1024);
    const result = await tusUpload(baseUrl, { projectId: project.id, token }, bytes, {
      filename: 'Bericht 2026.bin',
      filetype: 'application/octet-stream',
      folderId: root.id,
    });
    expect(result.status).toBe(200);
    const entity = result.entity!;
    expect(entity).toMatchObject({
      name: 'Bericht 2026.bin',
      isFolder: false,
      parentId: root.id,
      type: 'other',
      status: null,
      fileInfo: {
        size: bytes.length,
        mimeType: 'application/octet-stream',
        originalName: 'Bericht 2026.bin',
      },
    });
    const downloaded = await download(baseUrl, entity.url!);
    expect(downloaded.status).toBe(200);
    expect(sha256(downloaded.bytes)).toBe(sha256(bytes));
    // The upload's bytes left the tus store.
    const leftovers = await readdir(path.join(server.config.dataDir, 'uploads'));
    expect(leftovers.filter((name) => result.url?.endsWith(name.replace(/\.json$/, '')))).toEqual([]);
  });

  it('uploads an empty file: the creation completes it at once and answers the file', async () => {
    const { project, root, token } = await owner();
    const result = await tusUpload(baseUrl, { projectId: project.id, token }, Buffer.alloc(0), {
      filename: 'leer.txt',
      filetype: 'text/plain',
      folderId: root.id,
    });
    expect(result.status, result.body).toBe(201);
    expect(result.entity).toMatchObject({ name: 'leer.txt', parentId: root.id, fileInfo: { size: 0 } });
    const downloaded = await download(baseUrl, result.entity!.url!);
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes.length).toBe(0);
    const files = await db().select().from(cloudFiles).where(eq(cloudFiles.projectId, project.id));
    expect(files).toHaveLength(1);
  });

  it('sniffs the type from the bytes, not from the name or the declared type', async () => {
    const { project, root, token } = await owner();
    const result = await tusUpload(baseUrl, { projectId: project.id, token }, await png(), {
      filename: 'rechnung.pdf',
      filetype: 'application/pdf',
      folderId: root.id,
    });
    expect(result.entity).toMatchObject({
      type: 'image',
      fileInfo: { mimeType: 'image/png', width: 64, height: 48 },
    });
  });

  it('refuses guests (401) and people of another project (404)', async () => {
    const { project, root } = await owner();
    const anonymous = await createRequest(server, project.id, undefined, 10, {
      filename: 'a.txt',
      folderId: root.id,
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await owner();
    const foreign = await createRequest(server, project.id, stranger.token, 10, {
      filename: 'a.txt',
      folderId: root.id,
    });
    expect(foreign.statusCode).toBe(404);
    // Their own project, but the target folder is someone else's.
    const intoForeignFolder = await createRequest(server, stranger.project.id, stranger.token, 10, {
      filename: 'a.txt',
      folderId: root.id,
    });
    expect(intoForeignFolder.statusCode).toBe(400);
  });

  it('refuses bad metadata before any byte is stored', async () => {
    const { project, root, token } = await owner();
    const noFolder = await createRequest(server, project.id, token, 10, { filename: 'a.txt' });
    expect(noFolder.statusCode).toBe(400);
    expect(noFolder.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { 'metadata.folderId': expect.any(String) },
    });
    const noName = await createRequest(server, project.id, token, 10, { filename: '', folderId: root.id });
    expect(noName.statusCode).toBe(400);
    const badExtra = await createRequest(server, project.id, token, 10, {
      filename: 'a',
      folderId: root.id,
      extra: '[1]',
    });
    expect(badExtra.statusCode).toBe(400);
    const rows = await db().select().from(cloudUploads).where(eq(cloudUploads.projectId, project.id));
    expect(rows).toEqual([]);
  });

  it('checks the size limit of the declared type: limit − 1 passes, limit and limit + 1 do not', async () => {
    const { project, root, token } = await owner();
    const limit = uploadLimitBytes(uploadLimits, 'image/jpeg');
    const metadata = { filename: 'foto.jpg', filetype: 'image/jpeg', folderId: root.id };
    expect((await createRequest(server, project.id, token, limit - 1, metadata)).statusCode).toBe(201);
    const atLimit = await createRequest(server, project.id, token, limit, metadata);
    expect(atLimit.statusCode).toBe(413);
    expect(atLimit.json()).toMatchObject({ code: 'FILE_TOO_LARGE', details: { limitBytes: limit } });
    expect((await createRequest(server, project.id, token, limit + 1, metadata)).statusCode).toBe(413);
    // A type without its own limit gets the largest one.
    const largest = Math.max(...uploadLimits.map((entry) => Number(entry.limit) * bytesPerMegabyte));
    const zip = { filename: 'a.zip', filetype: 'application/zip', folderId: root.id };
    expect((await createRequest(server, project.id, token, largest - 1, zip)).statusCode).toBe(201);
    expect((await createRequest(server, project.id, token, largest, zip)).statusCode).toBe(413);
  });

  it('checks the limit again at the end, by the sniffed type, and keeps nothing of a refused file', async () => {
    const { project, root, token } = await owner();
    const imageLimit = uploadLimitBytes(uploadLimits, 'image/png');
    // Declared as a generic binary (largest limit), but the bytes are a PNG larger than the image limit.
    const bytes = Buffer.concat([await png(), Buffer.alloc(imageLimit)]);
    const result = await tusUpload(
      baseUrl,
      { projectId: project.id, token },
      bytes,
      {
        filename: 'gross.bin',
        filetype: 'application/octet-stream',
        folderId: root.id,
      },
      { chunkSize: 8 * bytesPerMegabyte },
    );
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await db().select().from(cloudFiles).where(eq(cloudFiles.projectId, project.id))).toEqual([]);
    expect(await db().select().from(cloudUploads).where(eq(cloudUploads.projectId, project.id))).toEqual([]);
  });

  it("enforces the project's storage quota (uploads running count too)", async () => {
    const { person, project, root, token } = await owner();
    await db().update(projects).set({ tariffId: 'starter' }).where(eq(projects.id, project.id));
    const limit = 10_240 * bytesPerMegabyte;
    // Files already stored: all but 1 MB of the starter quota.
    await db()
      .insert(cloudFiles)
      .values({
        id: newId(),
        projectId: project.id,
        ownerAccountId: person.account.id,
        folderId: root.id,
        name: 'gross.iso',
        originalName: 'gross.iso',
        mimeType: 'application/octet-stream',
        type: 'other',
        category: 'other',
        size: limit - bytesPerMegabyte,
        storageKey: `projects/${project.id}/files/x/original`,
      });
    const metadata = { filename: 'a.bin', folderId: root.id };
    const fits = await createRequest(server, project.id, token, 600 * 1024, metadata);
    expect(fits.statusCode).toBe(201);
    // The first upload holds its 600 KB: a second one of 600 KB no longer fits.
    const second = await createRequest(server, project.id, token, 600 * 1024, metadata);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'storageMb', limit: 10_240 },
    });
  });

  it('asks before taking a name the folder holds: refused without a choice, kept both, or replaced', async () => {
    const { project, root, token } = await owner();
    const target = { projectId: project.id, token };
    const first = await tusUpload(baseUrl, target, Buffer.from('eins'), {
      filename: 'sonnengruss.txt',
      folderId: root.id,
    });
    expect(first.status).toBe(200);
    // Without a choice the creation is refused before any byte is sent, naming the name "keep both" gives.
    const refused = await createRequest(server, project.id, token, 4, {
      filename: 'Sonnengruss.txt',
      folderId: root.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NAME_TAKEN',
      details: { name: 'sonnengruss.txt', kind: 'file', suggestion: 'Sonnengruss (2).txt' },
    });
    const badChoice = await createRequest(server, project.id, token, 4, {
      filename: 'sonnengruss.txt',
      folderId: root.id,
      conflict: 'overwrite',
    });
    expect(badChoice.statusCode).toBe(400);

    const both = await tusUpload(baseUrl, target, Buffer.from('zwei'), {
      filename: 'sonnengruss.txt',
      folderId: root.id,
      conflict: 'keep-both',
    });
    expect(both.entity).toMatchObject({
      name: 'sonnengruss (2).txt',
      fileInfo: { originalName: 'sonnengruss.txt' },
    });

    const replaced = await tusUpload(baseUrl, target, Buffer.from('drei'), {
      filename: 'sonnengruss.txt',
      folderId: root.id,
      conflict: 'replace',
    });
    expect(replaced.entity).toMatchObject({ name: 'sonnengruss.txt' });
    // The replaced file went to Removed (restorable for 30 days), not lost.
    const [old] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, first.entity!.id));
    expect(old).toMatchObject({ deletedAt: expect.any(Date), deletedVia: null });
    const live = await db().select().from(cloudFiles).where(eq(cloudFiles.projectId, project.id));
    expect(
      live
        .filter((row) => row.deletedAt === null)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['sonnengruss (2).txt', 'sonnengruss.txt']);
    // Hidden uploads (a crop used as thumbnail, an avatar) take no name in the folder.
    const hidden = await createRequest(server, project.id, token, 4, {
      filename: 'sonnengruss.txt',
      folderId: root.id,
      hideInCloud: 'true',
    });
    expect(hidden.statusCode).toBe(201);
  });

  it('holds app members to their own share of the storage; the team only to the project’s', async () => {
    const ownerPerson = await signUp(server);
    const { app, project } = await createAppWithProfile(server, ownerPerson.account, { as: 'owner' });
    await db().update(projects).set({ tariffId: 'starter' }).where(eq(projects.id, project.id));
    const member = await signUp(server);
    await addProfile(server, app, member.account, 'member');
    const memberRoot = await ensureRootFolder(db(), project.id, member.account.id);
    const ownerRoot = await ensureRootFolder(db(), project.id, ownerPerson.account.id);
    // Starter: 1 GB per member. The member keeps all but 100 KB of it.
    await db()
      .insert(cloudFiles)
      .values({
        id: newId(),
        projectId: project.id,
        ownerAccountId: member.account.id,
        folderId: memberRoot.id,
        name: 'gross.iso',
        originalName: 'gross.iso',
        mimeType: 'application/octet-stream',
        type: 'other',
        category: 'other',
        size: 1024 * bytesPerMegabyte - 100 * 1024,
        storageKey: `projects/${project.id}/files/m/original`,
      });
    const asMember = await server.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/cloud/files/chunks`,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(200 * 1024),
        'upload-metadata': `filename ${Buffer.from('a.bin').toString('base64')},folderId ${Buffer.from(memberRoot.id).toString('base64')}`,
        authorization: `Bearer ${member.accessToken}`,
        'x-app-id': app.id,
      },
    });
    expect(asMember.statusCode).toBe(409);
    expect(asMember.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { key: 'memberStorageMb', limit: 1024 },
    });
    // The owner is the project's team: only the project's 10 GB count.
    const asOwner = await createRequest(server, project.id, ownerPerson.accessToken, 200 * 1024, {
      filename: 'a.bin',
      folderId: ownerRoot.id,
    });
    expect(asOwner.statusCode).toBe(201);
  });

  it('resumes an interrupted upload after the web server restarts, without losing a byte', async () => {
    const { project, root, token } = await owner();
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    let uploadUrl = '';
    // First server: stop after the first chunks arrived.
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        endpoint: `${baseUrl}/api/projects/${project.id}/cloud/files/chunks`,
        headers: { authorization: `Bearer ${token}` },
        metadata: { filename: 'video-roh.bin', folderId: root.id },
        chunkSize: 512 * 1024,
        retryDelays: [],
        onChunkComplete: (_size, accepted) => {
          uploadUrl = upload.url ?? '';
          if (accepted >= 1024 * 1024) {
            void upload.abort().then(() => resolve());
          }
        },
        onError: reject,
      });
      upload.start();
    });
    expect(uploadUrl).toMatch(/\/cloud\/files\/chunks\/[A-Za-z0-9_-]+$/);

    // A new web server on the same database and data directory: nothing of the first one's memory survives.
    const restarted = await buildApp({
      ...server.runtime,
      config: server.config,
      logger: createLogger('silent'),
    });
    const restartedUrl = await restarted.listen({ host: '127.0.0.1', port: 0 });
    try {
      const resumedUrl = uploadUrl.replace(baseUrl, restartedUrl);
      const result = await tusUpload(
        baseUrl,
        { projectId: project.id, token, base: restartedUrl },
        bytes,
        {
          filename: 'video-roh.bin',
          folderId: root.id,
        },
        {
          uploadUrl: resumedUrl,
          onBeforeRequest: (request: HttpRequest) => {
            // The resumed upload must not start again from zero.
            if (request.getMethod() === 'POST') {
              throw new Error('the upload was created anew instead of resumed');
            }
          },
        },
      );
      expect(result.status).toBe(200);
      const downloaded = await download(baseUrl, result.entity!.url!);
      expect(sha256(downloaded.bytes)).toBe(sha256(bytes));
    } finally {
      await restarted.close();
    }
  });

  it('keeps uploads to their starter: another person cannot read or continue one', async () => {
    const first = await owner();
    const created = await createRequest(server, first.project.id, first.token, 100, {
      filename: 'a',
      folderId: first.root.id,
    });
    const location = created.headers.location as string;
    const other = await owner();
    const head = await server.app.inject({
      method: 'HEAD',
      url: location.replace(first.project.id, other.project.id),
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${other.token}` },
    });
    expect(head.statusCode).toBe(404);
    const direct = await server.app.inject({
      method: 'HEAD',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${other.token}` },
    });
    expect(direct.statusCode).toBe(404);
  });

  it('a member uploads into their own library through the app host', async () => {
    const ownerPerson = await signUp(server);
    const { app, project } = await createAppWithProfile(server, ownerPerson.account, { as: 'owner' });
    const member = await signUp(server);
    await addProfile(server, app, member.account, 'member');
    const root = await ensureRootFolder(db(), project.id, member.account.id);
    const result = await tusUpload(
      baseUrl,
      { projectId: project.id, token: member.accessToken },
      Buffer.from('Hallo Welt\n'),
      {
        filename: 'notiz.txt',
        filetype: 'text/plain',
        folderId: root.id,
      },
      { headers: { authorization: `Bearer ${member.accessToken}`, 'x-app-id': app.id } },
    );
    expect(result.status).toBe(200);
    expect(result.entity).toMatchObject({ name: 'notiz.txt', isOwn: true });
    // Without the app header the member has no project file rights.
    const serviceHost = await createRequest(server, project.id, member.accessToken, 10, {
      filename: 'a',
      folderId: root.id,
    });
    expect(serviceHost.statusCode).toBe(404);
  });

  it('deletes the bytes of a cancelled upload, and of abandoned ones after the expiry', async () => {
    const { project, root, token } = await owner();
    const created = await createRequest(server, project.id, token, 1000, {
      filename: 'a',
      folderId: root.id,
    });
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    const terminated = await server.app.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
    });
    expect(terminated.statusCode).toBe(204);
    const files = await readdir(path.join(server.config.dataDir, 'uploads'));
    expect(files.some((name) => name.startsWith(id))).toBe(false);

    const abandoned = await createRequest(server, project.id, token, 1000, {
      filename: 'b',
      folderId: root.id,
    });
    const abandonedId = (abandoned.headers.location as string).split('/').pop()!;
    await db()
      .update(cloudUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cloudUploads.id, abandonedId));
    const service = createUploadService({
      db: db(),
      storage: server.runtime.storage,
      jobs: server.runtime.jobs,
      sign: (url) => url,
      dataDir: server.config.dataDir,
      logger: createLogger('silent'),
    });
    expect(await service.expireAbandoned()).toBeGreaterThanOrEqual(1);
    const after = await readdir(path.join(server.config.dataDir, 'uploads'));
    expect(after.some((name) => name.startsWith(abandonedId))).toBe(false);
    expect(await db().select().from(cloudUploads).where(eq(cloudUploads.id, abandonedId))).toEqual([]);
  });
  it('answers tus protocol discovery (OPTIONS) on the upload addresses, without a session', async () => {
    const { project } = await owner();
    for (const url of [
      `/api/projects/${project.id}/cloud/files/chunks`,
      `/api/projects/${project.id}/cloud/files/chunks/abcdefgh1234`,
    ]) {
      const answer = await server.app.inject({ method: 'OPTIONS', url });
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['tus-version']).toBe('1.0.0');
      expect(String(answer.headers['tus-extension']).split(',')).toEqual(
        expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration']),
      );
      // The largest limit of any type (video), minus one: sizes must stay strictly below it.
      expect(answer.headers['tus-max-size']).toBe(String(uploadLimitBytes(uploadLimits, 'video/mp4') - 1));
    }
  });

  it('finishes on HEAD an upload whose finish was cut off after the bytes were moved', async () => {
    const { project, root, token } = await owner();
    const bytes = randomBytes(300 * 1024);
    const result = await tusUpload(baseUrl, { projectId: project.id, token }, bytes, {
      filename: 'abbruch.bin',
      folderId: root.id,
    });
    expect(result.status).toBe(200);
    const fileId = result.entity!.id;
    // The crash: the bytes are in storage, the file row never committed (the upload row lost its file).
    await db().delete(cloudFiles).where(eq(cloudFiles.id, fileId));
    const head = await server.app.inject({
      method: 'HEAD',
      url: new URL(result.url!).pathname,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    expect(head.headers['cloud-file-id']).toBe(fileId);
    const [row] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, fileId));
    expect(row).toMatchObject({ size: bytes.length, name: 'abbruch.bin' });
  });
});
