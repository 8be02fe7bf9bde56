import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';

/**
 * A queue's retry policy, applied when the queue is created, so a job sent before any worker ever ran already
 * carries it. Handlers must be safe to run again. Features declare their queues in their manifests
 * (platform/features.ts); the platform declares only its own (mail delivery).
 */
export type QueuePolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long a job may run before pg-boss counts it as failed (and retries it); default 15 minutes. */
  expireInSeconds?: number;
  /** `stately`: at most one queued and one running job per singletonKey (re-sending is harmless). */
  policy?: 'standard' | 'stately';
};

export type QueueName = string;

/** The platform's own queues. */
export const platformQueues = {
  'mail.deliver': { retryLimit: 5, retryDelaySeconds: 30 },
} satisfies Record<string, QueuePolicy>;

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
  /** Every queue of the deployment (the features' and the platform's), by name. */
  queues: Record<string, QueuePolicy>;
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
  // pg-boss records a job's end (complete, fail) without awaiting it; `stop` waits for those statements, so a
  // handler stopped at shutdown is recorded before the database closes, not rejected against a closed pool.
  const statements = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        const statement = database.sql.query(text, values);
        statements.add(statement);
        const forget = () => statements.delete(statement);
        statement.then(forget, forget);
        return statement;
      },
    },
    schema: 'pgboss',
    // Maintenance and cron only where a worker runs; supervising twice is harmless but wasteful.
    supervise: true,
    schedule: true,
    migrate: true,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const queues: Record<string, QueuePolicy> = { ...platformQueues, ...options.queues };
  for (const [name, queue] of Object.entries(queues)) {
    const { retryLimit, retryDelaySeconds, expireInSeconds, policy: queuePolicy } = queue;
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
      if (!(name in queues)) {
        throw new Error(`no feature declares the queue ${name}`);
      }
      return boss.send(name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
    },
    async work(definitions) {
      for (const definition of definitions) {
        if (!(definition.name in queues)) {
          throw new Error(`job ${definition.name} handles a queue no feature declares`);
        }
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
      const grace = delay(abortGraceMs, undefined, { ref: false });
      await Promise.race([Promise.all(ending), grace]);
      // The stopped handlers' rejections reach pg-boss a few ticks later, which then fails their jobs.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.race([Promise.allSettled([...statements]), grace]);
    },
  };
}
