import { execFile } from 'node:child_process';
import { access, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFiles } from '../../db/schema/index.ts';
import { JobStoppedError } from '../../platform/jobs.ts';
import { insertCloudFile } from '../../test/cloud.ts';
import { signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createProjectFor } from '../../test/workspace.ts';
import { ffmpegProcessesWith } from './media/ffmpeg-processes.ts';
import type { MediaLimits } from './media/media-limits.ts';
import { cloudProcessJob } from './processing.job.ts';

/*
 * The processing job against inputs that would hold a worker: each run must end with ffmpeg killed, nothing
 * left in the scratch directory, and the file in the state the next step expects.
 */

const run = promisify(execFile);
let server: TestServer;
let fixtures: string;
/** 400 s of small video, declared as such. */
let honest: string;
/** The same bytes, declaring 0.1 s: decoding runs far longer than the duration promises. */
let lying: string;

beforeAll(async () => {
  server = await createTestServer();
  fixtures = await mkdtemp(path.join(tmpdir(), 'processing-limits-'));
  const loop = path.join(fixtures, 'loop.mkv');
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-c:v', 'mpeg4', '-q:v', '20', loop],
  ]);
  honest = path.join(fixtures, 'honest.mkv');
  // Copying the packets 200 times is cheap; converting them is not.
  await run('ffmpeg', ['-v', 'error', '-stream_loop', '199', '-i', loop, '-c', 'copy', honest]);
  lying = path.join(fixtures, 'lying.mkv');
  await writeFile(lying, withDeclaredDuration(await readFile(honest), 100));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(fixtures, { recursive: true, force: true });
});

/** Rewrites the Matroska segment's Duration (an 8-byte float, in milliseconds at the default timescale). */
function withDeclaredDuration(mkv: Buffer, ms: number): Buffer {
  const copy = Buffer.from(mkv);
  const at = copy.subarray(0, 4096).indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) {
    throw new Error('no 8-byte Duration element in the segment info');
  }
  copy.writeDoubleBE(ms, at + 3);
  return copy;
}

const db = () => server.runtime.database.db;

/** A video row in `process` whose original is `source`, as an upload leaves it. */
async function videoFile(source: string): Promise<string> {
  const person = await signUp(server);
  const project = await createProjectFor(server, person.account);
  const file = await insertCloudFile(db(), {
    projectId: project.id,
    ownerAccountId: person.account.id,
    name: 'clip.mkv',
    mimeType: 'video/matroska',
    type: 'video',
    status: 'process',
  });
  // The local driver moves what it stores: give it a copy.
  const copy = path.join(fixtures, `${file.id}.mkv`);
  await copyFile(source, copy);
  await server.runtime.storage.putFile(file.storageKey, copy, 'video/matroska');
  return file.id;
}

function processingJob(limits: Partial<MediaLimits>) {
  const warnings: { err?: { type?: string; limitMs?: number; message?: string } }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  const job = cloudProcessJob({
    db: db(),
    storage: server.runtime.storage,
    dataDir: server.config.dataDir,
    logger,
    progressEveryMs: 0,
    mediaLimits: limits,
  });
  return { job, warnings };
}

async function fileRow(fileId: string) {
  const [row] = await db().select().from(cloudFiles).where(eq(cloudFiles.id, fileId));
  return row!;
}

/** Nothing of the run is left: no ffmpeg on its scratch files, no scratch directory. */
async function expectCleanedUp(fileId: string): Promise<void> {
  const scratch = path.join(server.config.dataDir, 'processing', fileId);
  expect(ffmpegProcessesWith(scratch)).toEqual([]);
  await expect(access(scratch)).rejects.toThrow();
}

/** Resolves once the file's conversion has reported progress: ffmpeg is running then. */
async function conversionRunning(fileId: string): Promise<void> {
  for (;;) {
    const row = await fileRow(fileId);
    if ((row.encodeProgress ?? 0) > 0) {
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe(`processing limits (${testDriver})`, () => {
  it('kills a conversion that runs past what its declared duration allows, and marks the file error', async () => {
    const limits = { transcodeBaseMs: 2000, transcodeTimePerMediaTime: 1 };
    const { job, warnings } = processingJob(limits);
    const fileId = await videoFile(lying);
    await job.handler({ fileId }, { id: 'test', retryCount: 0 });

    expect(await fileRow(fileId)).toMatchObject({ status: 'error', encodeProgress: null, variants: {} });
    // Killed by the limit of base + factor × 0.1 s (or the base alone, if no progress came before it).
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.err).toMatchObject({ type: 'MediaRejected' });
    expect(warnings[0]!.err!.message).toMatch(/^ffmpeg timed out after (2000|2100) ms/);
    await expectCleanedUp(fileId);
  }, 60_000);

  it('converts an honest short video under the same limits', async () => {
    const { job } = processingJob({ transcodeBaseMs: 2000, transcodeTimePerMediaTime: 1 });
    const short = path.join(fixtures, 'short.mkv');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', honest, '-t', '2', '-c', 'copy', short]);
    const fileId = await videoFile(short);
    await job.handler({ fileId }, { id: 'test', retryCount: 0 });
    expect(await fileRow(fileId)).toMatchObject({ status: null, width: 320, height: 240 });
    await expectCleanedUp(fileId);
  }, 60_000);

  // Cancelled: nobody wants the result, so the file is done with. Shutdown: the job fails, and the next worker
  // retries it.
  it.each([
    ['cancelled', 'completed', 'error'],
    ['shutdown', 'JobStoppedError', 'process'],
  ] as const)(
    'a job stopped by %s kills ffmpeg at once; the job ends %s, the file in %s',
    async (why, outcome, status) => {
      const { job } = processingJob({});
      const fileId = await videoFile(honest);
      const controller = new AbortController();
      const handling = job.handler({ fileId }, { id: 'test', retryCount: 0, signal: controller.signal });
      await conversionRunning(fileId);
      controller.abort(new JobStoppedError(why));
      expect(
        await handling.then(
          () => 'completed',
          (error: Error) => error.name,
        ),
      ).toBe(outcome);
      expect(await fileRow(fileId)).toMatchObject({ status });
      await expectCleanedUp(fileId);
    },
    60_000,
  );
});
