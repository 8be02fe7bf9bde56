import { randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readRssMb } from './load.ts';
import type { MeasuredValue, MeasurementContext } from './types.ts';

/*
 * Issue 17's delivery budgets: every member of the chat app connected with their own socket (the clients in a
 * process of their own, bench/lib/chat-socket-clients.ts); the group chats' moderators send 200 messages a second
 * in all for 10 s (round robin over the 100 groups), and the time from just before each send until each other
 * member's socket heard the message is taken (p95 ≤ 100 ms); then the channel's writer posts to its 1,000 members
 * five times (p95 ≤ 150 ms). A delivery that never came counts as an error.
 *
 * With Redis (`BENCH_REDIS_URL`) a second web instance (B) is started: the members of 10 groups connect a second
 * device to it, and messages sent through the first (A) are timed until B's sockets heard them (reported).
 */

const clientsScript = fileURLToPath(new URL('./chat-socket-clients.ts', import.meta.url));

export type ChatLoad = {
  appId: string;
  /** Account ids of members 1..n (index n − 1), each connected. */
  memberAccountIds: string[];
  /** `memberNumbers`: the members (1-based numbers, index n − 1 in `memberAccountIds`), the writer among them. */
  groups: { chatId: string; writer: number; members: number; memberNumbers: number[] }[];
  channel: { chatId: string; writer: number; members: number };
  messagesPerSecond: number;
  seconds: number;
  channelRounds: number;
};

type Heard = [clientId: string, memberIndex: number, at: number][];
type ClientMessage =
  | { type: 'connected'; connected: number; failed: number; seconds: number }
  | { type: 'collected'; heard: Heard };

function nextMessage<T extends ClientMessage['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<ClientMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`chat socket clients: no ${type} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: ClientMessage) => {
      if (message.type === type) {
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(message as Extract<ClientMessage, { type: T }>);
      }
    };
    child.on('message', onMessage);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The latency of every delivery of `sent` (not to its writer), and how many deliveries never came. */
function deliveries(
  heard: Heard,
  sent: Map<string, { at: number; writer: number; recipients: number }>,
): { latencies: number[]; missed: number } {
  const latencies: number[] = [];
  for (const [clientId, index, at] of heard) {
    const message = sent.get(clientId);
    if (message && index !== message.writer - 1) {
      latencies.push(at - message.at);
    }
  }
  const expected = [...sent.values()].reduce((sum, message) => sum + message.recipients, 0);
  return { latencies: latencies.sort((a, b) => a - b), missed: Math.max(0, expected - latencies.length) };
}

type Send = (
  sent: Map<string, unknown>,
  chatId: string,
  writer: number,
  body: string,
  clientId: string,
) => Promise<void>;

/** Groups whose members connect a second device to instance B, messages sent through A per group. */
const peerGroups = 10;
const peerRounds = 10;

/**
 * Instance B with the members of `peerGroups` groups connected to it: each group's writer sends `peerRounds`
 * messages through A (10 a second in all), timed until every member's socket on B heard them.
 */
async function measureAcrossInstances(
  load: ChatLoad,
  context: MeasurementContext,
  tokens: string[],
  send: Send,
): Promise<MeasuredValue[]> {
  const peer = await context.startPeer!();
  const groups = load.groups.slice(0, peerGroups);
  const numbers = [...new Set(groups.flatMap((group) => group.memberNumbers))];
  const child = fork(clientsScript, [peer.baseUrl, load.appId], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    child.send({ type: 'open', tokens: numbers.map((number) => tokens[number - 1]!) });
    const connected = await nextMessage(child, 'connected', 120_000);
    context.log(`  ${connected.connected} member sockets connected to the second instance`);
    const sent = new Map<string, { at: number; writer: number; recipients: number }>();
    for (let round = 0; round < peerRounds; round += 1) {
      for (const group of groups) {
        const clientId = randomUUID();
        sent.set(clientId, { at: Date.now(), writer: group.writer, recipients: group.members - 1 });
        await send(sent, group.chatId, group.writer, `<p>Über B ${round}</p>`, clientId);
        await settle(100);
      }
    }
    await settle(2_000);
    child.send({ type: 'collect' });
    // The clients number their sockets in the order of the tokens they were given: back to member numbers.
    const heard: Heard = (await nextMessage(child, 'collected', 60_000)).heard.map(
      ([clientId, index, at]) => [clientId, numbers[index]! - 1, at],
    );
    const across = deliveries(heard, sent);
    return [
      {
        name: 'chat: two instances, message on A → members on B, p95',
        value: percentile(across.latencies, 0.95),
        unit: 'ms',
        budget: null,
        errors: across.missed + connected.failed,
        details: {
          sockets: connected.connected,
          messages: sent.size,
          deliveries: across.latencies.length,
          missed: across.missed,
          p50: percentile(across.latencies, 0.5),
          max: across.latencies.at(-1) ?? null,
        },
      },
    ];
  } finally {
    if (child.connected) {
      child.send({ type: 'close' });
    }
    await exited;
    await peer.stop();
  }
}

export async function measureChatDelivery(
  load: ChatLoad,
  context: MeasurementContext,
): Promise<MeasuredValue[]> {
  const tokens = await Promise.all(
    load.memberAccountIds.map(async (id) => (await context.authorization(id)).slice('Bearer '.length)),
  );
  const writers = new Map<number, string>();
  for (const writer of [...load.groups.map((group) => group.writer), load.channel.writer]) {
    writers.set(writer, `Bearer ${tokens[writer - 1]!}`);
  }
  const rssBefore = await readRssMb(context.serverPid);
  const child = fork(clientsScript, [context.baseUrl, load.appId], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let failedSends = 0;
  // A send that failed delivered nothing: it is counted as failed, not as its members' missed deliveries.
  const failure = (sent: Map<string, unknown>, clientId: string, what: string) => {
    sent.delete(clientId);
    failedSends += 1;
    if (failedSends <= 3) {
      context.log(`  a message failed: ${what.slice(0, 200)}`);
    }
  };
  const send: Send = async (sent, chatId, writer, body, clientId) => {
    try {
      const response = await fetch(`${context.baseUrl}/api/chats/${chatId}/messages`, {
        method: 'POST',
        headers: { authorization: writers.get(writer)!, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, body }),
      });
      if (response.status !== 201) {
        failure(sent, clientId, `${response.status} ${await response.text()}`);
      }
    } catch (error) {
      failure(sent, clientId, String(error));
    }
  };
  try {
    child.send({ type: 'open', tokens });
    const connected = await nextMessage(child, 'connected', 300_000);
    context.log(`  ${connected.connected} member sockets connected in ${connected.seconds.toFixed(1)} s`);
    const rssWith = await readRssMb(context.serverPid);

    // Groups: `messagesPerSecond` in all, sent in ticks of 50 ms, round robin over the groups.
    const groupSent = new Map<string, { at: number; writer: number; recipients: number }>();
    const perTick = Math.max(1, Math.round(load.messagesPerSecond / 20));
    const ticks = load.seconds * 20;
    const pending: Promise<void>[] = [];
    const startedAt = Date.now();
    for (let tick = 0; tick < ticks; tick += 1) {
      for (let index = 0; index < perTick; index += 1) {
        const group = load.groups[(tick * perTick + index) % load.groups.length]!;
        const clientId = randomUUID();
        groupSent.set(clientId, { at: Date.now(), writer: group.writer, recipients: group.members - 1 });
        pending.push(
          send(groupSent, group.chatId, group.writer, `<p>Nachricht ${tick}.${index}</p>`, clientId),
        );
      }
      const next = startedAt + (tick + 1) * 50;
      await settle(Math.max(0, next - Date.now()));
    }
    await Promise.all(pending);
    const sentSeconds = (Date.now() - startedAt) / 1000;
    await settle(2_000);
    child.send({ type: 'collect' });
    const groups = deliveries((await nextMessage(child, 'collected', 60_000)).heard, groupSent);

    // The channel: one message at a time to its members.
    const channelSent = new Map<string, { at: number; writer: number; recipients: number }>();
    for (let round = 0; round < load.channelRounds; round += 1) {
      const clientId = randomUUID();
      channelSent.set(clientId, {
        at: Date.now(),
        writer: load.channel.writer,
        recipients: load.channel.members - 1,
      });
      await send(
        channelSent,
        load.channel.chatId,
        load.channel.writer,
        `<p>Neuigkeit ${round + 1}</p>`,
        clientId,
      );
      await settle(1_000);
    }
    child.send({ type: 'collect' });
    const channel = deliveries((await nextMessage(child, 'collected', 60_000)).heard, channelSent);
    const acrossInstances = context.startPeer
      ? await measureAcrossInstances(load, context, tokens, send)
      : [];

    return [
      ...acrossInstances,
      {
        name: 'chat: member sockets connected',
        value: connected.connected,
        unit: 'sockets',
        budget: { min: load.memberAccountIds.length },
        errors: connected.failed,
        details: { seconds: connected.seconds },
      },
      {
        name: 'chat: server RSS with the sockets',
        value: rssWith ?? Number.NaN,
        unit: 'MB',
        budget: null,
        details: { before: rssBefore },
      },
      {
        name: `chat: group message → members, p95 (${load.messagesPerSecond}/s)`,
        value: percentile(groups.latencies, 0.95),
        unit: 'ms',
        budget: { max: 100 },
        errors: groups.missed + failedSends,
        details: {
          messages: groupSent.size,
          sentPerSecond: Math.round(groupSent.size / sentSeconds),
          deliveries: groups.latencies.length,
          missed: groups.missed,
          failedSends,
          p50: percentile(groups.latencies, 0.5),
          p99: percentile(groups.latencies, 0.99),
        },
      },
      {
        name: 'chat: channel message → 1,000 members, p95',
        value: percentile(channel.latencies, 0.95),
        unit: 'ms',
        budget: { max: 150 },
        errors: channel.missed,
        details: {
          rounds: load.channelRounds,
          deliveries: channel.latencies.length,
          p50: percentile(channel.latencies, 0.5),
          max: channel.latencies.at(-1) ?? null,
        },
      },
    ];
  } finally {
    if (child.connected) {
      child.send({ type: 'close' });
    }
    await exited;
  }
}
