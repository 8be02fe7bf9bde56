import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/**
 * The queues that exist, explicitly listed. A job name not in this list is a type error.
 * Data shapes are declared next to the handler that consumes them.
 */
export const queueNames = [
  'mail.deliver',
  'tasks.kill-stale',
  'members.import',
  'cloud.process',
  'cloud.recover',
  'cloud.purge',
  'cloud.uploads-expire',
] as const;
export type QueueName = (typeof queueNames)[number];

/**
 * Retry policy per queue, applied when the queue is created, so a job sent before any worker ever ran
 * already carries it. Handlers must be safe to run again.
 */
export const queuePolicies: Record<
  QueueName,
  {
    retryLimit: number;
    retryDelaySeconds: number;
    /** How long a job may run before pg-boss counts it as failed (and retries it); default 15 minutes. */
    expireInSeconds?: number;
    /** `stately`: at most one queued and one running job per singletonKey (re-sending is harmless). */
    policy?: 'standard' | 'stately';
  }
> = {
  'mail.deliver': { retryLimit: 5, retryDelaySeconds: 30 },
  'tasks.kill-stale': { retryLimit: 0, retryDelaySeconds: 60 },
  // A crashed import runs again: its one transaction either committed (the task says so) or left nothing.
  'members.import': { retryLimit: 2, retryDelaySeconds: 30 },
  // A long video conversion runs for hours on a small machine.
  'cloud.process': { retryLimit: 3, retryDelaySeconds: 30, expireInSeconds: 6 * 3600, policy: 'stately' },
  'cloud.recover': { retryLimit: 0, retryDelaySeconds: 60 },
  'cloud.purge': { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3600 },
  'cloud.uploads-expire': { retryLimit: 2, retryDelaySeconds: 300 },
};

/** Why a running job's `signal` aborted; the handler should stop its work (kill child processes) and throw. */
export class JobStoppedError extends Error {
  constructor(readonly why: 'cancelled' | 'expired' | 'shutdown') {
    super(why === 'shutdown' ? 'job stopped: the worker is shutting down' : `job ${why}`);
    this.name = 'JobStoppedError';
  }
}

/** How long `stop()` waits for handlers it aborted to clean up. */
const abortGraceMs = 2_000;

export type JobHandler<Data> = (
  data: Data,
  job: {
    id: string;
    retryCount: number;
    /**
     * Aborts when the job expires (its queue's `expireInSeconds`), is cancelled or otherwise no longer active
     * in pg-boss, or the worker stops; pg-boss itself only stops waiting for the handler. Absent when a test
     * calls the handler directly.
     */
    signal?: AbortSignal;
  },
) => Promise<void>;
export type JobDefinition<Data = never> = {
  name: QueueName;
  handler: JobHandler<Data>;
  /** Runs on this cron schedule (UTC) as well as when sent. */
  cron?: string;
};

export type Jobs = {
  send<Data extends object>(
    name: QueueName,
    data: Data,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Starts handling the given queues (worker role). */
  work(definitions: readonly JobDefinition<never>[]): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
};

export type JobsOptions = {
  database: Database;
  logger: Logger;
  /** The embedded mode polls often enough that a sign-in code arrives within a second. */
  pollingIntervalSeconds?: number;
  stopTimeoutMs: number;
  /** How often a running job's state is read, to notice a cancellation (default 10 s). */
  activeCheckIntervalMs?: number;
};

/** pg-boss on our own connection: node-postgres pool, or PGlite through the executeSql adapter. */
export async function createJobs(options: JobsOptions): Promise<Jobs> {
  const { database, logger } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.sql.query(text, values) },
    schema: 'pgboss',
    // Maintenance and cron only where a worker runs; supervising twice is harmless but wasteful.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const name of queueNames) {
    const { retryLimit, retryDelaySeconds, expireInSeconds, policy: queuePolicy } = queuePolicies[name];
    const policy = {
      name,
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      ...(expireInSeconds ? { expireInSeconds } : {}),
      ...(queuePolicy ? { policy: queuePolicy } : {}),
    };
    await boss.createQueue(name, policy);
    await boss.updateQueue(name, policy);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const activeCheckIntervalMs = options.activeCheckIntervalMs ?? 10_000;
  /** Running handlers: their abort controllers, aborted when the worker stops, and when each one ended. */
  const running = new Map<AbortController, Promise<void>>();

  /** A signal for one running job: expiry by timer, cancellation by reading its state now and then. */
  function watchJob(name: QueueName, job: { id: string; expireInSeconds: number }) {
    const controller = new AbortController();
    const stop = (why: JobStoppedError['why']) => controller.abort(new JobStoppedError(why));
    const expiry = setTimeout(() => stop('expired'), job.expireInSeconds * 1000);
    const check = setInterval(() => {
      boss.getJobById(name, job.id).then(
        (current) => {
          if (current?.state !== 'active') {
            stop(current?.state === 'failed' || current?.state === 'retry' ? 'expired' : 'cancelled');
          }
        },
        (error: unknown) => logger.warn({ err: error, jobId: job.id }, 'could not read the job state'),
      );
    }, activeCheckIntervalMs);
    let ended: () => void = () => undefined;
    running.set(
      controller,
      new Promise<void>((resolve) => {
        ended = resolve;
      }),
    );
    return {
      signal: controller.signal,
      done() {
        clearTimeout(expiry);
        clearInterval(check);
        running.delete(controller);
        ended();
      },
    };
  }

  return {
    boss,
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    async work(definitions) {
      for (const definition of definitions) {
        await boss.work<object>(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              const log = logger.child({ job: definition.name, jobId: job.id, retry: job.retryCount });
              const started = performance.now();
              const watch = watchJob(definition.name, job);
              try {
                await (definition.handler as JobHandler<object>)(job.data, {
                  id: job.id,
                  retryCount: job.retryCount,
                  signal: watch.signal,
                });
                log.debug({ ms: Math.round(performance.now() - started) }, 'job done');
              } catch (error) {
                log.warn({ err: error }, 'job failed; pg-boss retries it');
                throw error;
              } finally {
                watch.done();
              }
            }
          },
        );
        if (definition.cron) {
          await boss.schedule(definition.name, definition.cron, {});
        }
      }
    },
    async stop() {
      // graceful: active jobs finish (up to the timeout); unfinished ones are retried by the next worker.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs });
      // pg-boss has failed what still runs (the next worker retries it); stop it here, so no ffmpeg outlives us.
      const ending = [...running].map(([controller, ended]) => {
        controller.abort(new JobStoppedError('shutdown'));
        return ended;
      });
      // Their clean-up (scratch files, a status update) still needs the database, which closes next; a
      // handler that ignores its signal is not waited for long.
      await Promise.race([Promise.all(ending), delay(abortGraceMs, undefined, { ref: false })]);
    },
  };
}
