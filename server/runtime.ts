import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { connectWithRetry, type Database, type DatabaseOptions } from './db/client.ts';
import { createTokenService, type TokenService } from './platform/auth.ts';
import { features } from './features.ts';
import { queuesOf } from './platform/features.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { connectRedis } from './platform/redis.ts';
import { getOrCreateSecret } from './platform/secrets.ts';
import { createUrlSigner, type UrlSigner } from './platform/storage/signed-url.ts';
import { createStorage, type BlobStorage } from './platform/storage/storage.ts';

/** Everything a web or worker process holds open: database, job queue, Redis, token keys, SMTP pool. */
export type Runtime = {
  database: Database;
  jobs: Jobs;
  redis: Redis | undefined;
  /** The realtime gateway: emits to rooms on every instance; the web role lets people connect to it. */
  realtime: Realtime;
  tokens: TokenService;
  /** Server-side key of the hashes of one-time codes (never leaves the database and memory). */
  codePepper: string;
  mailer: Mailer;
  /** The cloud library's bytes (local disk or S3). */
  storage: BlobStorage;
  /** Signs blob addresses (`/api/cloud/blobs/…?exp&sig`); the key is shared by every web instance. */
  urlSigner: UrlSigner;
  close(): Promise<void>;
};

export async function openRuntime(
  config: Config,
  logger: Logger,
  options: { dataDir?: string; pgliteStart?: DatabaseOptions['pgliteStart'] } = {},
): Promise<Runtime> {
  const database = await connectWithRetry(
    {
      url: config.database.url,
      dataDir: options.dataDir ?? config.dataDir,
      pgliteStart: options.pgliteStart,
      poolMax: config.database.poolMax,
      retries: config.database.connectRetries,
      retryDelayMs: config.database.connectRetryDelayMs,
    },
    logger,
  );
  try {
    await database.migrate();
    const secret = config.jwtSecret ?? (await getOrCreateSecret(database.db, 'jwt-access'));
    const codePepper = await getOrCreateSecret(database.db, 'auth-code-pepper');
    const urlSigner = createUrlSigner(await getOrCreateSecret(database.db, 'blob-url'));
    // pg-boss installs its schema on first start; two instances doing that at once fail (issue 12).
    const jobs = await database.exclusively(() =>
      createJobs({
        database,
        queues: queuesOf(features),
        logger,
        pollingIntervalSeconds: database.driver === 'pglite' ? 1 : 2,
        stopTimeoutMs: config.shutdownTimeoutMs,
      }),
    );
    const redis = connectRedis(config.redisUrl, logger);
    const realtime = createRealtime({ redis, logger });
    const mailer = createMailer({ db: database.db, jobs, config: config.mail, logger });
    return {
      database,
      jobs,
      redis,
      realtime,
      tokens: createTokenService(secret),
      codePepper,
      mailer,
      storage: createStorage(config.storage),
      urlSigner,
      async close() {
        await jobs.stop();
        // After the jobs: a delivery still running needs the transport.
        mailer.close();
        await realtime.close();
        await redis?.quit().catch(() => undefined);
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
