import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTokenService } from '../../server/platform/auth.ts';
import type { ScenarioContext } from './types.ts';

export type ServerOptions = {
  root: string;
  databaseUrl: string;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string;
  /** Serve the built web app (default true); a comparison's servers run without (an old checkout has no web/dist). */
  serveWeb?: boolean;
};

export type RunningServer = {
  pid: number;
  baseUrl: string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
};

type BuildLib = { isStale(output: string, sources: string[]): boolean };
type BuildServer = { buildServer(): Promise<void> };

/** Rebuilds dist/server/main.mjs when a source is newer, with the same check `npm start` uses. */
export async function buildServerIfStale(root: string): Promise<boolean> {
  const at = (...parts: string[]) => path.join(root, ...parts);
  // Loaded by URL: the scripts are plain .mjs without type declarations.
  const lib = (await import(pathToFileURL(at('scripts/build-lib.mjs')).href)) as BuildLib;
  if (!lib.isStale(at('dist/server/main.mjs'), [at('server'), at('contracts'), at('package.json')])) {
    return false;
  }
  const builder = (await import(pathToFileURL(at('scripts/build-server.mjs')).href)) as BuildServer;
  await builder.buildServer();
  return true;
}

/** Rebuilds web/dist when a source is newer (the same check `npm start` uses), for the page-load measurements. */
export async function buildWebIfStale(root: string): Promise<boolean> {
  const at = (...parts: string[]) => path.join(root, ...parts);
  const lib = (await import(pathToFileURL(at('scripts/build-lib.mjs')).href)) as BuildLib;
  if (!lib.isStale(at('web/dist/index.html'), [at('web'), at('contracts')])) {
    return false;
  }
  const result = spawnSync(
    process.execPath,
    [
      at('node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      at('web/vite.config.ts'),
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    throw new Error('the web build failed');
  }
  return true;
}

const tokenTtlSeconds = 24 * 60 * 60;

/** Signs access tokens with the servers' secret, valid for the whole run. */
export function scenarioContext(jwtSecret: string): ScenarioContext {
  const tokens = createTokenService(jwtSecret);
  return {
    authorization: async (accountId) =>
      `Bearer ${await tokens.signAccessToken({ accountId, sessionId: null }, tokenTtlSeconds)}`,
  };
}

export function randomSecret(length = 48): string {
  return randomBytes(length).toString('base64url').slice(0, length);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const maxForwardedLines = 100;

/** Starts `node dist/server/main.mjs` (web role only) and waits until /api/health answers 200. */
export async function startServer(
  options: ServerOptions,
  onSpawn: (server: RunningServer) => void,
): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    // A clean environment: nothing from the caller's DATABASE_URL, REDIS_URL etc. leaks into the run.
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: process.env.TZ,
    NODE_ENV: 'production',
    ROLE: 'web',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    DB_CONNECT_RETRIES: '0',
    LOG_LEVEL: 'warn',
    // The built web app is served too, for the page-load measurements; the API scenarios never touch it.
    SERVE_WEB: options.serveWeb === false ? 'false' : 'true',
    SERVICE_HOST: `127.0.0.1:${port}`,
    PUBLIC_DOMAIN: `app.localhost:${port}`,
    // As behind the production load balancer: the client address comes from X-Forwarded-For, so a scenario can
    // speak for many clients (per-IP rate limits such as the refresh-token route's 60 a minute) from 127.0.0.1.
    TRUST_PROXY: 'true',
    JWT_SECRET: options.jwtSecret,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  };
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(options.root, 'dist/server/main.mjs')], {
    cwd: options.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) {
    throw new Error('could not start the server process');
  }
  forwardOutput(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: RunningServer = {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: (graceMs = 10_000) => stopProcess(child, exited, graceMs),
  };
  onSpawn(server);
  await waitForHealth(server.baseUrl, exited, 60_000);
  return server;
}

function forwardOutput(child: ChildProcess): void {
  let lines = 0;
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) {
        continue;
      }
      lines++;
      if (lines <= maxForwardedLines) {
        process.stderr.write(`[server] ${line}\n`);
      } else if (lines === maxForwardedLines + 1) {
        process.stderr.write(`[server] … further output suppressed\n`);
      }
    }
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
}

async function waitForHealth(
  baseUrl: string,
  exited: Promise<number | null>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited with code ${String(exitCode)} before it was healthy`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return;
      }
      last = `status ${response.status}: ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s (${last})`);
}

async function stopProcess(
  child: ChildProcess,
  exited: Promise<number | null>,
  graceMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const killed = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), graceMs);
    }),
  ]);
  clearTimeout(timer);
  if (killed) {
    console.error(`server did not stop within ${graceMs / 1000} s; sending SIGKILL`);
    child.kill('SIGKILL');
    await exited;
  }
}
