import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { InstanceConflictError, registerInstance, type InstanceRegistration } from './platform/instances.ts';
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
  let instance: InstanceRegistration | undefined;
  if (runtime.database.driver === 'postgres') {
    try {
      instance = await registerInstance({
        db: runtime.database.db,
        role: config.role,
        storage: config.storage,
        dataDir: config.dataDir,
        redis: Boolean(config.redisUrl),
        logger,
      });
    } catch (error) {
      await runtime.close();
      throw error;
    }
  }
  const runsWeb = config.role !== 'worker';
  const runsWorker = config.role !== 'web';

  if (runsWorker) {
    await runtime.jobs.work(
      workerJobs({ ...runtime, config, logger, db: runtime.database.db }),
    );
    logger.info('worker role: handling jobs');
  }
  const app = runsWeb ? await buildApp({ config, logger, ...runtime }) : undefined;
  if (app) {
    await app.listen({ host: config.host, port: config.port });
    // PORT=0 picks a free port: say which (the two-instance test reads this line).
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port }, `web role: serving http://localhost:${port}`);
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
      await instance?.stop().catch(() => undefined);
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
  if (error instanceof InstanceConflictError) {
    logger.fatal(`start-up refused: ${error.message}`);
    process.exit(1);
  }
  logger.fatal({ err: error }, `start-up failed: ${(error as Error).message}`);
  process.exit(1);
});
