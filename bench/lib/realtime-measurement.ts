import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { readRssMb } from './load.ts';
import type { MeasuredValue, MeasurementContext } from './types.ts';

/*
 * Issue 16's gateway budget: 5,000 sockets connected to one web instance (the clients in a process of their
 * own, bench/lib/socket-clients.ts), the server's memory for them, how fast an event reaches them after the
 * action that causes it, and a read of the app's counters against /api/health's rate while they are connected.
 * With Redis (`BENCH_REDIS_URL`), a second web instance is started as well: sockets on it hear what was done
 * through the first.
 */

const clientsScript = fileURLToPath(new URL('./socket-clients.ts', import.meta.url));

type ClientMessage =
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'listening' }
  | { type: 'heard'; times: number[] };

export type RealtimeLoad = {
  sockets: number;
  appId: string;
  /** Whose token every socket carries (one member with many open tabs: the same rooms for all). */
  listenerAccountId: string;
  /** The action: publishes a post and resolves when its answer arrived. */
  act(authorization: (accountId: string) => Promise<string>): Promise<void>;
  /** Something that notifies the listening member (a mention): its badge must reach every socket. */
  notify(authorization: (accountId: string) => Promise<string>): Promise<void>;
  /** Rounds of `notify`, one after the other. */
  notifyRounds: number;
  /** The listening member's notification badge, measured against `/api/health` (budget: ≥ 80 %). */
  badgePath: string;
  /** The community's new-post counters of the member (reported, no budget). */
  countersPath: string;
  /** Sockets on the second instance (with Redis). */
  peerSockets: number;
};

function nextMessage<T extends ClientMessage['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<ClientMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`socket clients: no ${type} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: ClientMessage) => {
      if (message.type === type) {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message as Extract<ClientMessage, { type: T }>);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`socket clients exited (${String(code)})`)));
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  duration = 5,
): Promise<number> {
  const result = await autocannon({ url, headers, connections: 50, duration });
  return result.requests.average;
}

/**
 * A read's rate against `/api/health`'s, in alternating rounds (health first, then the read first, …) of 3 s
 * each: the machine's speed drifts by a third within minutes, and two runs one after the other measured that
 * drift as much as the read. The median of the rounds' ratios, and the mean rates.
 */
async function againstHealth(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  rounds = 4,
): Promise<{ ratio: number; perSecond: number; healthPerSecond: number; ratios: number[] }> {
  const ratios: number[] = [];
  let read = 0;
  let health = 0;
  const measureHealth = () => requestsPerSecond(`${baseUrl}/api/health`, {}, 3);
  const measureRead = () => requestsPerSecond(`${baseUrl}${path}`, headers, 3);
  for (let round = 0; round < rounds; round += 1) {
    let healthRate: number;
    let readRate: number;
    if (round % 2 === 0) {
      healthRate = await measureHealth();
      readRate = await measureRead();
    } else {
      readRate = await measureRead();
      healthRate = await measureHealth();
    }
    ratios.push(readRate / healthRate);
    read += readRate / rounds;
    health += healthRate / rounds;
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const middle = sorted.length / 2;
  const ratio =
    sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  return { ratio, perSecond: read, healthPerSecond: health, ratios };
}

function openClients(baseUrl: string, appId: string, token: string, count: number): ChildProcess {
  return fork(clientsScript, [baseUrl, appId, token, String(count)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function closeClients(child: ChildProcess): Promise<void> {
  if (child.connected) {
    child.send({ type: 'close' });
  }
  await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
}

/** Rounds of `action`: the time from just before each until each socket heard `counters` (with `key`). */
async function hearRounds(
  child: ChildProcess,
  sockets: number,
  rounds: number,
  key: string | undefined,
  action: () => Promise<void>,
): Promise<{ times: number[]; missed: number }> {
  const times: number[] = [];
  let missed = 0;
  for (let round = 0; round < rounds; round += 1) {
    child.send({ type: 'listen', event: 'counters', ...(key ? { key } : {}), timeoutMs: 10_000 });
    await nextMessage(child, 'listening', 10_000);
    const heard = nextMessage(child, 'heard', 20_000);
    const startedAt = Date.now();
    await action();
    const answer = await heard;
    times.push(...answer.times.map((time) => time - startedAt));
    missed += sockets - answer.times.length;
  }
  return { times: times.sort((a, b) => a - b), missed };
}

/**
 * Two web instances with Redis: sockets on the second (B) hear a post published and a mention made through the
 * first (A), where the context's requests go.
 */
async function measureAcrossInstances(
  load: RealtimeLoad,
  context: MeasurementContext,
  token: string,
): Promise<MeasuredValue[]> {
  if (!context.startPeer) {
    return [];
  }
  const peer = await context.startPeer();
  const child = openClients(peer.baseUrl, load.appId, token, load.peerSockets);
  try {
    const connected = await nextMessage(child, 'connected', 180_000);
    context.log(`  ${connected.connected} sockets connected to the second instance`);
    const authorize = (accountId: string) => context.authorization(accountId);
    const posts = await hearRounds(child, connected.connected, 3, undefined, () => load.act(authorize));
    const badges = await hearRounds(child, connected.connected, load.notifyRounds, 'notifications', () =>
      load.notify(authorize),
    );
    const value = (name: string, heard: { times: number[]; missed: number }): MeasuredValue => ({
      name,
      value: percentile(heard.times, 0.95),
      unit: 'ms',
      budget: null,
      errors: heard.missed + connected.failed,
      details: {
        sockets: connected.connected,
        p50: percentile(heard.times, 0.5),
        max: heard.times.at(-1) ?? null,
      },
    });
    return [
      value('two instances: post on A → counters on B, p95', posts),
      value('two instances: mention on A → badge on B, p95', badges),
    ];
  } finally {
    await closeClients(child);
    await peer.stop();
  }
}

export async function measureRealtime(
  load: RealtimeLoad,
  context: MeasurementContext,
): Promise<MeasuredValue[]> {
  const token = (await context.authorization(load.listenerAccountId)).slice('Bearer '.length);
  const rssBefore = await readRssMb(context.serverPid);
  const child = openClients(context.baseUrl, load.appId, token, load.sockets);
  const values: MeasuredValue[] = [];
  try {
    const connected = await nextMessage(child, 'connected', 180_000);
    context.log(`  ${connected.connected} sockets connected in ${connected.seconds.toFixed(1)} s`);
    const rssWith = await readRssMb(context.serverPid);

    child.send({ type: 'listen', event: 'counters', timeoutMs: 10_000 });
    await nextMessage(child, 'listening', 10_000);
    const heard = nextMessage(child, 'heard', 20_000);
    const actedAt = Date.now();
    await load.act((accountId) => context.authorization(accountId));
    const { times } = await heard;
    const latencies = times.map((time) => time - actedAt).sort((a, b) => a - b);

    // Notifications: each round, every socket of the member must hear its new badge.
    const { times: notified, missed } = await hearRounds(
      child,
      connected.connected,
      load.notifyRounds,
      'notifications',
      () => load.notify((accountId) => context.authorization(accountId)),
    );

    const authorization = await context.authorization(load.listenerAccountId);
    const badge = await againstHealth(context.baseUrl, load.badgePath, { authorization });
    const counters = await againstHealth(context.baseUrl, load.countersPath, { authorization }, 2);

    const perSocketKb =
      rssBefore !== null && rssWith !== null && connected.connected > 0
        ? ((rssWith - rssBefore) * 1024) / connected.connected
        : Number.NaN;
    values.push(
      {
        name: 'sockets connected to one web instance',
        value: connected.connected,
        unit: 'sockets',
        budget: { min: load.sockets },
        errors: connected.failed,
        details: { seconds: connected.seconds },
      },
      {
        name: 'server RSS with the sockets',
        value: rssWith ?? Number.NaN,
        unit: 'MB',
        budget: null,
        details: { before: rssBefore, perSocketKb: Math.round(perSocketKb * 10) / 10 },
      },
      {
        name: 'memory per socket',
        value: perSocketKb,
        unit: 'KB',
        budget: null,
      },
      {
        name: 'post published → every socket heard counters, p95',
        value: percentile(latencies, 0.95),
        unit: 'ms',
        budget: { max: 1_000 },
        errors: connected.connected - times.length,
        details: {
          heard: times.length,
          p50: percentile(latencies, 0.5),
          max: latencies.at(-1) ?? null,
        },
      },
      {
        name: 'mention → the member’s badge on every socket, p95',
        value: percentile(notified, 0.95),
        unit: 'ms',
        budget: { max: 1_000 },
        errors: missed,
        details: { rounds: load.notifyRounds, p50: percentile(notified, 0.5), max: notified.at(-1) ?? null },
      },
      {
        name: 'notification badge read against /api/health with the sockets',
        value: badge.ratio,
        unit: '× health',
        budget: { min: 0.8 },
        details: {
          badgePerSecond: Math.round(badge.perSecond),
          healthPerSecond: Math.round(badge.healthPerSecond),
          roundRatios: badge.ratios.map((ratio) => ratio.toFixed(2)).join(' '),
        },
      },
      {
        name: 'new-post counters read against /api/health with the sockets',
        value: counters.ratio,
        unit: '× health',
        budget: null,
        details: {
          countersPerSecond: Math.round(counters.perSecond),
          healthPerSecond: Math.round(counters.healthPerSecond),
        },
      },
    );
  } finally {
    await closeClients(child);
  }
  return [...values, ...(await measureAcrossInstances(load, context, token))];
}
