import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { projectRoot } from '../platform/paths.ts';

/*
 * Test support for the scale-out test: real server processes (`node --import tsx server/main.ts`, as in
 * production but without a build) and a small round-robin HTTP proxy in front of the web ones.
 */

export type LogLine = { msg?: string; port?: number; req?: { method?: string; url?: string } };

export type ServerProcess = {
  role: 'web' | 'worker';
  /** The port a web process took (PORT=0); 0 for a worker. */
  port: number;
  /** Every JSON log line so far. */
  lines: LogLine[];
  /** Resolves with the first log line (already seen or still to come) that matches. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGKILL: the process dies where it stands, as on a crash or a lost machine. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
};

/** Starts one process with exactly `env` (plus PATH and HOME) and a DATA_DIR of its own. */
export async function startServerProcess(
  role: 'web' | 'worker',
  env: Record<string, string>,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `gemeinde-${role}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      ROLE: role,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  const output: string[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  createInterface({ input: child.stderr }).on('line', (text) => output.push(text));
  createInterface({ input: child.stdout }).on('line', (text) => {
    output.push(text);
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return;
    }
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });

  function waitForLine(match: (line: LogLine) => boolean, timeoutMs = 30_000): Promise<LogLine> {
    const seen = lines.find(match);
    if (seen) {
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve: (line: LogLine) => (clearTimeout(timer), resolve(line)) };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`${role} process: no such log line within ${timeoutMs} ms:\n${output.join('\n')}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then((code) => {
        if (waiters.delete(waiter)) {
          clearTimeout(timer);
          reject(new Error(`${role} process exited (${code}) before the log line:\n${output.join('\n')}`));
        }
      });
    });
  }

  const cleanUp = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
    }
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  // Generous: loading the TypeScript sources through tsx takes a while on a busy machine.
  const ready = await waitForLine(
    (line) =>
      role === 'web'
        ? line.msg?.startsWith('web role: serving') === true
        : line.msg === 'worker role: handling jobs',
    120_000,
  ).catch(async (error: unknown) => {
    await cleanUp('SIGKILL');
    throw error;
  });
  return {
    role,
    port: ready.port ?? 0,
    lines,
    waitForLine,
    kill: () => cleanUp('SIGKILL'),
    stop: () => cleanUp('SIGTERM'),
  };
}

export type RoundRobinProxy = {
  url: string;
  /** Which upstream port served each request, in order. */
  served: { method: string; url: string; port: number }[];
  /** The ports requests go to from now on, in turn. */
  setTargets(ports: number[]): void;
  close(): Promise<void>;
};

/** A load balancer in miniature: each request goes to the next target; bodies stream both ways. */
export async function startRoundRobinProxy(ports: number[]): Promise<RoundRobinProxy> {
  let targets = [...ports];
  let next = 0;
  const served: RoundRobinProxy['served'] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const port = targets[next++ % targets.length]!;
    served.push({ method: incoming.method ?? '', url: incoming.url ?? '', port });
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          // As a real proxy does; a test may name the client's address itself.
          'x-forwarded-for': incoming.headers['x-forwarded-for'] ?? incoming.socket.remoteAddress ?? '',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    setTargets(ports) {
      targets = [...ports];
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
