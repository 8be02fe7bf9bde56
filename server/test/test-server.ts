import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import pino, { type DestinationStream } from 'pino';
import { createLogger, loggerOptions } from '../platform/logger.ts';
import { newId } from '../platform/ids.ts';
import type { RouteDefinition } from '../platform/routes.ts';
import type { DatabaseOptions } from '../db/client.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import type { FeatureContext } from '../platform/features.ts';
import { pgliteTemplateVariable, postgresTemplateVariable } from './global-setup.ts';
import { createScratchDatabase } from './scratch-database.ts';

export type TestServer = {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** What the worker role's jobs need, from this server's runtime (optionally with another mailer). */
  workerDeps(overrides?: Partial<FeatureContext>): FeatureContext;
  /** An access token for an account id (made up unless given); identity issue replaces it with real sign-in. */
  tokenFor(accountId?: string): Promise<{ accountId: string; authorization: string }>;
  close(): Promise<void>;
};

/** The driver under test: PGlite in memory, or a scratch PostgreSQL database when TEST_DATABASE_URL is set. */
export const testDriver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

// How every in-memory server of this test file starts: from the migrated data directory the run's global
// set-up wrote, with PGlite's WebAssembly compiled once.
let pgliteStart: Promise<DatabaseOptions['pgliteStart']> | undefined;
const loadPgliteStart = () => {
  pgliteStart ??= (async () => {
    const file = process.env[pgliteTemplateVariable];
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
    const [template, wasm, bundle] = await Promise.all([
      file ? readFile(file) : undefined,
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'pglite.data')),
    ]);
    return {
      ...(template ? { loadDataDir: new Blob([template]) } : {}),
      pgliteWasmModule: await WebAssembly.compile(wasm),
      fsBundle: new Blob([bundle]),
    };
  })();
  return pgliteStart;
};

export async function createTestServer(
  options: {
    env?: Record<string, string>;
    extraRoutes?: RouteDefinition<never, never>[];
    /** Where the server's JSON log lines go (tests that check what is logged); default per LOG_LEVEL. */
    logStream?: DestinationStream;
    /** Told when a request passed its route's declared checks, just before the handler (the route matrix). */
    onAuthorized?: AppDeps['onAuthorized'];
    /** Serve this web build (with `env: { SERVE_WEB: 'true' }`): the page previews' tests. */
    webRoot?: string;
  } = {},
): Promise<TestServer> {
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL, {
        template: process.env[postgresTemplateVariable],
      })
    : undefined;
  // Files of the cloud library and uploads in progress: a directory of this server's own.
  const dataDir = options.env?.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'gemeinde-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SERVE_WEB: 'false',
    DB_CONNECT_RETRIES: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const logger = options.logStream
    ? pino(loggerOptions(config.logLevel), options.logStream)
    : createLogger(config.logLevel);
  const runtime = await openRuntime(config, logger, {
    dataDir: 'memory://',
    pgliteStart: scratch ? undefined : await loadPgliteStart(),
  });
  const app = await buildApp({
    config,
    logger,
    ...runtime,
    extraRoutes: options.extraRoutes,
    onAuthorized: options.onAuthorized,
    webRoot: options.webRoot,
  });
  await app.ready();
  return {
    app,
    runtime,
    config,
    workerDeps: (overrides = {}) => ({ ...runtime, config, logger, db: runtime.database.db, ...overrides }),
    async tokenFor(accountId = newId()) {
      const token = await runtime.tokens.signAccessToken({ accountId, sessionId: null });
      return { accountId, authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await runtime.close();
      await scratch?.drop();
      if (dataDir) {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The file's one server, started before its tests and closed after them. */
export function useTestServer(options?: Parameters<typeof createTestServer>[0]): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => server!;
}
