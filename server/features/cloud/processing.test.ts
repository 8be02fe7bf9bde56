import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import { cloudFiles } from '../../db/schema/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { startS3TestServer } from '../../platform/storage/s3-test-server.ts';
import { signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { download, tusUpload } from '../../test/tus.ts';
import { createProjectFor } from '../../test/workspace.ts';
import { ensureRootFolder } from './cloud.access.ts';
import { cloudProcessJob } from './processing.job.ts';

const run = promisify(execFile);

let server: TestServer;
let baseUrl: string;
let fixtures: string;
let processFile: (fileId: string, retryCount?: number) => Promise<void>;
/** The files the job told the worker's listeners of (other features show them: the chat). */
const told: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
  fixtures = await mkdtemp(path.join(tmpdir(), 'cloud-processing-'));
  const job = cloudProcessJob({
    db: server.runtime.database.db,
    storage: server.runtime.storage,
    dataDir: server.config.dataDir,
    logger: createLogger('silent'),
    progressEveryMs: 50,
    fileProcessed: async (fileId) => {
      told.push(fileId);
    },
  });
  // The job as the worker runs it, called directly so each test waits for exactly its own file.
  processFile = (fileId, retryCount = 0) => job.handler({ fileId }, { id: 'test', retryCount });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(fixtures, { recursive: true, force: true });
});

const db = () => server.runtime.database.db;

async function uploader() {
  const person = await signUp(server);
  const project = await createProjectFor(server, person.account);
  const root = await ensureRootFolder(db(), project.id, person.account.id);
  return {
    async upload(bytes: Buffer, filename: string, filetype = ''): Promise<CloudEntity> {
      const result = await tusUpload(
        baseUrl,
        { projectId: project.id, token: person.accessToken },
        bytes,
        { filename, filetype, folderId: root.id },
        { chunkSize: 4 * 1024 * 1024 },
      );
      if (result.status !== 200 || !result.entity) {
        throw new Error(`upload answered ${result.status}: ${result.body}`);
      }
      return result.entity;
    },
    async get(fileId: string): Promise<CloudEntity> {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}`,
        headers: { authorization: `Bearer ${person.accessToken}` },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: CloudEntity }>().data;
    },
    token: person.accessToken,
  };
}

async function makeVideo(name: string, seconds: number): Promise<Buffer> {
  const output = path.join(fixtures, name);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-shortest',
    output,
  ]);
  return readFile(output);
}

describe(`cloud file processing (${testDriver})`, () => {
  it('makes webp thumbnails of an image in the sizes the library shows', async () => {
    const person = await uploader();
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const uploaded = await person.upload(jpeg, 'urlaub.jpg', 'image/jpeg');
    // In `process` until its thumbnails exist, so the library polls it and swaps the icon for the picture.
    expect(uploaded).toMatchObject({
      type: 'image',
      status: 'process',
      encodeProgress: null,
      thumbnails: null,
    });
    expect(uploaded.fileInfo).toMatchObject({ width: 1200, height: 800 });

    await processFile(uploaded.id);
    const ready = await person.get(uploaded.id);
    expect(ready).toMatchObject({ status: null, encodeProgress: null });
    expect(ready.thumbnails).not.toBeNull();
    expect(ready.url).not.toBeNull();
    const sizes: Record<string, [number, number]> = {
      tile: [320, 320],
      table: [80, 80],
      preview: [1200, 800],
    };
    for (const [name, [width, height]] of Object.entries(sizes)) {
      const url = ready.thumbnails![name as 'tile' | 'table' | 'preview'];
      const fetched = await download(baseUrl, url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(fetched.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('converts a video to H.264 mp4 with progress, a poster and a streamable address', async () => {
    const person = await uploader();
    const uploaded = await person.upload(await makeVideo('clip.avi', 12), 'clip.avi', 'video/x-msvideo');
    expect(uploaded).toMatchObject({ type: 'video', status: 'process', encodeProgress: 0, url: null });

    const seen: number[] = [];
    const watcher = setInterval(() => {
      void db()
        .select({ progress: cloudFiles.encodeProgress })
        .from(cloudFiles)
        .where(eq(cloudFiles.id, uploaded.id))
        .then(([row]) => {
          if (row?.progress !== null && row?.progress !== undefined) {
            seen.push(row.progress);
          }
        });
    }, 50);
    await processFile(uploaded.id);
    clearInterval(watcher);

    const ready = await person.get(uploaded.id);
    expect(ready).toMatchObject({
      status: null,
      encodeProgress: null,
      fileInfo: { width: 320, height: 240 },
    });
    expect(ready.durationMs).toBeGreaterThan(11_500);
    expect(ready.thumbnails).not.toBeNull();
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(seen.every((value) => value >= 0 && value <= 100)).toBe(true);

    // Streams and seeks: a range request answers 206 with exactly those bytes.
    const full = await download(baseUrl, ready.url!);
    expect(full.headers.get('content-type')).toBe('video/mp4');
    const probed = path.join(fixtures, 'converted.mp4');
    await writeFile(probed, full.bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      probed,
    ]);
    expect(stdout.trim()).toBe('h264');
    const ranged = await fetch(`${baseUrl}${ready.url!}`, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${full.bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(full.bytes.subarray(100, 200));
  }, 60_000);

  it('marks a corrupt video as error without retrying', async () => {
    const person = await uploader();
    const video = await makeVideo('broken.mp4', 2);
    // The head says mp4, the rest is gone: ffmpeg cannot read it.
    const truncated = Buffer.concat([video.subarray(0, 64), Buffer.alloc(4096, 7)]);
    const uploaded = await person.upload(truncated, 'kaputt.mp4', 'video/mp4');
    expect(uploaded).toMatchObject({ type: 'video', status: 'process' });
    await processFile(uploaded.id, 0);
    expect(await person.get(uploaded.id)).toMatchObject({ status: 'error', encodeProgress: null, url: null });
    // Given up on: the features that show the file hear of it too.
    expect(told).toContain(uploaded.id);
  }, 30_000);

  it('a run killed half-way leaves nothing that the next run trips over', async () => {
    const person = await uploader();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#00ff0080' } })
      .png()
      .toBuffer();
    const uploaded = await person.upload(png, 'logo.png', 'image/png');
    // What a killed run leaves: its scratch directory with a half-written output.
    const scratch = path.join(server.config.dataDir, 'processing', uploaded.id);
    await mkdir(path.join(scratch, 'derived'), { recursive: true });
    await writeFile(path.join(scratch, 'derived', 'tile.webp.part'), 'half');
    await processFile(uploaded.id, 1);
    const ready = await person.get(uploaded.id);
    expect(ready.thumbnails).not.toBeNull();
    const processing = await readdir(path.join(server.config.dataDir, 'processing'));
    expect(processing).not.toContain(uploaded.id);
    // A second (duplicate) run of a finished file changes nothing.
    const before = await db().select().from(cloudFiles).where(eq(cloudFiles.id, uploaded.id));
    await processFile(uploaded.id);
    expect(await db().select().from(cloudFiles).where(eq(cloudFiles.id, uploaded.id))).toEqual(before);
  });

  it('reads the duration of audio', async () => {
    const person = await uploader();
    const output = path.join(fixtures, 'ton.mp3');
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', output]);
    const uploaded = await person.upload(await readFile(output), 'ton.mp3', 'audio/mpeg');
    expect(uploaded).toMatchObject({ type: 'audio', status: null });
    expect(told).not.toContain(uploaded.id);
    await processFile(uploaded.id);
    const ready = await person.get(uploaded.id);
    expect(ready.durationMs).toBeGreaterThan(2900);
    expect(ready.durationMs).toBeLessThan(3200);
    expect(told.filter((id) => id === uploaded.id)).toHaveLength(1);
  });

  it('takes a browser’s voice recording (WebM with sound only, no length in its header) as audio', async () => {
    const person = await uploader();
    // Written to a pipe, as MediaRecorder streams it: no duration and no cues in the file.
    const { stdout } = await promisify(execFile)(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=330:duration=2',
        '-c:a',
        'libopus',
        '-f',
        'webm',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024 },
    );
    const uploaded = await person.upload(stdout, 'sprachnachricht.webm', 'audio/webm');
    expect(uploaded).toMatchObject({ type: 'audio', fileInfo: { mimeType: 'audio/webm' } });
    await processFile(uploaded.id);
    const ready = await person.get(uploaded.id);
    expect(ready.durationMs).toBeGreaterThan(1900);
    expect(ready.durationMs).toBeLessThan(2200);
    // An mp4 with a picture stays a video.
    const video = await person.upload(await makeVideo('film.mp4', 1), 'film.mp4', 'video/mp4');
    expect(video.type).toBe('video');
  });
});

describe(`signed blob addresses (${testDriver})`, () => {
  it('serves nothing for a tampered, foreign or expired address', async () => {
    const person = await uploader();
    const uploaded = await person.upload(Buffer.from('geheim'), 'geheim.txt', 'text/plain');
    const url = new URL(uploaded.url!, baseUrl);
    expect((await fetch(url)).status).toBe(200);
    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`);
    expect((await fetch(tampered)).status).toBe(404);
    const expired = new URL(url);
    expired.searchParams.set('exp', String(Math.floor(Date.now() / 1000) - 10));
    expect((await fetch(expired)).status).toBe(404);
    const unsigned = new URL(url.pathname, baseUrl);
    expect((await fetch(unsigned)).status).toBe(404);
    // The same signature on another file's path.
    const other = await person.upload(Buffer.from('anders'), 'anders.txt', 'text/plain');
    const swapped = new URL(url);
    swapped.pathname = new URL(other.url!, baseUrl).pathname;
    expect((await fetch(swapped)).status).toBe(404);
  });

  it('never serves SVG or HTML inline', async () => {
    const person = await uploader();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const uploaded = await person.upload(svg, 'bild.svg', 'image/svg+xml');
    const response = await fetch(new URL(uploaded.url!, baseUrl));
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await person.upload(
      Buffer.from('<!doctype html><html><body>x</body></html>'),
      'seite.html',
      'text/html',
    );
    const page = await fetch(new URL(html.url!, baseUrl));
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('downloads through GET /files/{id}/download for the owner only', async () => {
    const person = await uploader();
    const uploaded = await person.upload(Buffer.from('inhalt'), 'datei.txt', 'text/plain');
    const redirect = await server.app.inject({
      method: 'GET',
      url: `/api/files/${uploaded.id}/download`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(redirect.statusCode).toBe(302);
    const target = await fetch(new URL(redirect.headers.location as string, baseUrl));
    expect(target.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(await target.text()).toBe('inhalt');
    const stranger = await uploader();
    const foreign = await server.app.inject({
      method: 'GET',
      url: `/api/files/${uploaded.id}/download`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/files/${uploaded.id}/download` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`cloud library on the S3 driver (${testDriver})`, () => {
  it('uploads, processes and streams a file kept in S3', async () => {
    const s3 = await startS3TestServer('cloud-e2e');
    const s3Server = await createTestServer({
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.config.endpoint!,
        S3_REGION: s3.config.region,
        S3_BUCKET: s3.config.bucket,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const url = await s3Server.app.listen({ host: '127.0.0.1', port: 0 });
      const person = await signUp(s3Server);
      const project = await createProjectFor(s3Server, person.account);
      const root = await ensureRootFolder(s3Server.runtime.database.db, project.id, person.account.id);
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa3366' } })
        .jpeg()
        .toBuffer();
      const result = await tusUpload(url, { projectId: project.id, token: person.accessToken }, jpeg, {
        filename: 'foto.jpg',
        filetype: 'image/jpeg',
        folderId: root.id,
      });
      expect(result.status).toBe(200);
      const entity = result.entity!;
      expect(s3.requests.some((request) => request.startsWith('PUT /cloud-e2e/projects/'))).toBe(true);

      const job = cloudProcessJob({
        db: s3Server.runtime.database.db,
        storage: s3Server.runtime.storage,
        dataDir: s3Server.config.dataDir,
        logger: createLogger('silent'),
      });
      await job.handler({ fileId: entity.id }, { id: 'test', retryCount: 0 });

      const file = await s3Server.app.inject({
        method: 'GET',
        url: `/api/files/${entity.id}`,
        headers: { authorization: `Bearer ${person.accessToken}` },
      });
      const ready = file.json<{ data: CloudEntity }>().data;
      const ranged = await fetch(`${url}${ready.url!}`, { headers: { range: 'bytes=0-9' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(jpeg.subarray(0, 10));
      const tile = await download(url, file.json<{ data: CloudEntity }>().data.thumbnails!.tile);
      expect((await sharp(tile.bytes).metadata()).width).toBe(320);
    } finally {
      await s3Server.close();
      await s3.close();
    }
  }, 60_000);
});

describe(`single-file calls (${testDriver})`, () => {
  it('GET /files/{id} and POST /files/{id}/open: guests, strangers, bad ids and the owner', async () => {
    const person = await uploader();
    const stranger = await uploader();
    const uploaded = await person.upload(Buffer.from('notiz'), 'notiz.txt', 'text/plain');
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/open'],
      ['GET', '/download'],
    ] as const) {
      const url = `/api/files/${uploaded.id}${suffix}`;
      expect((await server.app.inject({ method, url })).statusCode).toBe(401);
      const foreign = await server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(foreign.statusCode).toBe(404);
      const bad = await server.app.inject({
        method,
        url: `/api/files/not-a-file${suffix}`,
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(bad.statusCode).toBe(400);
    }
    const opened = await server.app.inject({
      method: 'POST',
      url: `/api/files/${uploaded.id}/open`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(opened.statusCode).toBe(204);
    const [row] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, uploaded.id));
    expect(row?.lastOpenedAt).toBeInstanceOf(Date);
    expect(row?.openCount).toBe(1);
    await server.app.inject({
      method: 'POST',
      url: `/api/files/${uploaded.id}/open`,
      headers: { authorization: `Bearer ${person.token}` },
    });
    const [again] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, uploaded.id));
    expect(again?.openCount).toBe(2);
  });
});
