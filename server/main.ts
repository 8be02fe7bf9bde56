import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { projectRoot } from './platform/paths.ts';
import { openRuntime } from './runtime.ts';
import { workerJobs } from './worker.ts';

const roleArgument = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
const version = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version;

let config: Config;
try {
  config = loadConfig(roleArgument ? { ...process.env, ROLE: roleArgument } : process.env, version);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`${error.message}\nStart-up refused. See README.md "Configuration" and .env.example.`);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);

async function main(config: Config): Promise<void> {
  logger.info(
    {
      role: config.role,
      database: config.database.url ? 'postgres' : 'pglite',
      dataDir: config.dataDir,
      redis: Boolean(config.redisUrl),
      smtp: Boolean(config.mail.smtpUrl),
    },
    'starting',
  );
  const runtime = await openRuntime(config, logger);
  const runsWeb = config.role !== 'worker';
  const runsWorker = config.role !== 'web';

  if (runsWorker) {
    await runtime.jobs.work(
      workerJobs({
        db: runtime.database.db,
        mailer: runtime.mailer,
        jobs: runtime.jobs,
        storage: runtime.storage,
        dataDir: config.dataDir,
        logger,
      }),
    );
    logger.info('worker role: handling jobs');
  }
  const app = runsWeb ? await buildApp({ config, logger, ...runtime }) : undefined;
  if (app) {
    await app.listen({ host: config.host, port: config.port });
    logger.info(`web role: serving http://localhost:${config.port}`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5_000);
    force.unref();
    try {
      await app?.close();
      if (app && !(await app.inFlight.drain(config.shutdownTimeoutMs))) {
        logger.warn({ handlers: app.inFlight.count }, 'handlers still running at shutdown timeout');
      }
      await runtime.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main(config).catch((error: unknown) => {
  logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
  process.exit(1);
});
