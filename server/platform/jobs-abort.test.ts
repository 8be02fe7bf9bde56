import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { createJobs, type Jobs } from './jobs.ts';

/*
 * A running handler learns through its signal that pg-boss no longer waits for it (cancelled, expired) or that
 * the worker stops, so it can kill what it started (ffmpeg, see features/cloud/processing.job.ts).
 */

const queue = 'test.long-running';
const testUrl = process.env.TEST_DATABASE_URL;
let scratch: { url: string; drop(): Promise<void> } | undefined;
let database: Database;
let jobs: Jobs;
/** Per job key: resolves with the handler's signal once it runs, and with why it was stopped. */
const runs = new Map<string, { started: Promise<AbortSignal>; stopped: Promise<unknown> }>();

function expectRun(key: string) {
  let started: (signal: AbortSignal) => void = () => undefined;
  let stopped: (reason: unknown) => void = () => undefined;
  const run = {
    started: new Promise<AbortSignal>((resolve) => {
      started = resolve;
    }),
    stopped: new Promise<unknown>((resolve) => {
      stopped = resolve;
    }),
    start: (signal: AbortSignal) => started(signal),
    stop: (reason: unknown) => stopped(reason),
  };
  runs.set(key, run);
  return run;
}

beforeAll(async () => {
  scratch = testUrl ? await createScratchDatabase(testUrl) : undefined;
  database = await openDatabase({ url: scratch?.url, dataDir: 'memory://', poolMax: 2 });
  jobs = await createJobs({
    database,
    queues: { [queue]: { retryLimit: 0, retryDelaySeconds: 60 } },
    logger: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
    stopTimeoutMs: 1000,
    activeCheckIntervalMs: 50,
  });
  await jobs.work([
    {
      name: queue,
      // Works until told to stop, like a long conversion.
      handler: async (data: { key: string }, job) => {
        const run = runs.get(data.key) as ReturnType<typeof expectRun>;
        const signal = job.signal!;
        run.start(signal);
        await new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            run.stop(signal.reason);
            reject(signal.reason as Error);
          });
        });
      },
    },
  ]);
}, 60_000);

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await scratch?.drop();
});

describe(`a running job's signal (${testUrl ? 'postgres' : 'pglite'})`, () => {
  it('aborts when the job is cancelled', async () => {
    const run = expectRun('cancel');
    const id = await jobs.send(queue, { key: 'cancel' });
    const signal = await run.started;
    expect(signal.aborted).toBe(false);
    await jobs.boss.cancel(queue, id!);
    expect(await run.stopped).toMatchObject({ name: 'JobStoppedError', why: 'cancelled' });
  });

  it('aborts when the job expires', async () => {
    const run = expectRun('expire');
    await jobs.boss.send(queue, { key: 'expire' }, { expireInSeconds: 1 });
    await run.started;
    expect(await run.stopped).toMatchObject({ name: 'JobStoppedError', why: 'expired' });
  });

  it('aborts what still runs when the worker stops', async () => {
    const run = expectRun('shutdown');
    await jobs.send(queue, { key: 'shutdown' });
    await run.started;
    await jobs.stop();
    expect(await run.stopped).toMatchObject({ name: 'JobStoppedError', why: 'shutdown' });
  });
});
