import { execFile } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudEntity } from '../contracts/cloud.ts';
import { projectRoot } from './platform/paths.ts';
import { s3Environment, startS3TestServer, type S3TestServer } from './platform/storage/s3-test-server.ts';
import {
  startRoundRobinProxy,
  startServerProcess,
  type RoundRobinProxy,
  type ServerProcess,
} from './test/cluster.ts';
import { createScratchDatabase } from './test/scratch-database.ts';
import { sha256, tusUpload } from './test/tus.ts';

/*
 * Issue 12: the product as N instances on PostgreSQL + Redis + S3. Two web processes and a worker, started
 * as in production with the variables deploy/compose.yaml sets, behind a round-robin proxy; each process
 * has a DATA_DIR of its own, so nothing may depend on a shared disk.
 */

const needs = !process.env.TEST_DATABASE_URL || !process.env.REDIS_URL;
const title = needs
  ? 'two web instances and a worker (skipped: needs TEST_DATABASE_URL and REDIS_URL)'
  : 'two web instances and a worker behind a round-robin proxy';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let s3: S3TestServer;
const web: ServerProcess[] = [];
let worker: ServerProcess | undefined;
let proxy: RoundRobinProxy;
let database: pg.Client;
let fixtures: string;
/** What every process of the cluster was started with (a later instance gets the same). */
let clusterEnv: Record<string, string>;

/** What every process gets (plus ROLE and DATA_DIR): the variables deploy/compose.yaml sets, too. */
function clusterEnvironment(databaseUrl: string, redisUrl: string, s3Env: Record<string, string>) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    SERVE_WEB: 'false',
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SERVICE_HOST: 'localhost:3000',
    PUBLIC_DOMAIN: 'app.localhost:3000',
    PUBLIC_PROTOCOL: 'https',
    // Unset (empty): sign-in codes stay in the outbox, where the test reads them.
    SMTP_URL: '',
    MAIL_FROM: 'Gemeinde <no-reply@example.org>',
    // STORAGE_DRIVER=s3 and S3_*: the bucket on loopback.
    ...s3Env,
  };
}

beforeAll(async () => {
  if (needs) {
    return;
  }
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  s3 = await startS3TestServer('cluster-files');
  const env = clusterEnvironment(scratch.url, process.env.REDIS_URL!, s3.env);
  clusterEnv = env;
  // All three at once on a fresh database: the migrations' advisory lock lets every one come up.
  [web[0], web[1], worker] = await Promise.all([
    startServerProcess('web', env),
    startServerProcess('web', env),
    startServerProcess('worker', env),
  ]);
  proxy = await startRoundRobinProxy(web.map((instance) => instance.port));
  database = new pg.Client({ connectionString: scratch.url });
  await database.connect();
  fixtures = await mkdtemp(path.join(tmpdir(), 'scale-out-'));
}, 150_000);

afterAll(async () => {
  await Promise.all([...web, ...(worker ? [worker] : [])].map((instance) => instance.stop().catch(() => {})));
  await proxy?.close();
  await database?.end();
  await s3?.close();
  await scratch?.drop();
  if (fixtures) {
    await rm(fixtures, { recursive: true, force: true });
  }
});

const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function call<T>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'x-forwarded-for': options.ip ?? clientIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

/** Signs up through the proxy (the code comes from the outbox) and makes a project with its "My files". */
async function person() {
  const email = `cluster-${randomBytes(6).toString('hex')}@example.org`;
  const sent = await call(proxy.url, 'POST', '/api/signup/send-code', {
    body: { login: email, type: 'email' },
  });
  expect(sent.status).toBe(200);
  const mail = await database.query<{ text: string }>(
    'select text from mail_outbox where to_address = $1 order by created_at desc limit 1',
    [email],
  );
  const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text ?? '')?.[1];
  const signedUp = await call<{ accessToken: string }>(proxy.url, 'POST', '/api/signup', {
    body: { login: email, type: 'email', code, firstName: 'Clara', lastName: 'Cluster', isRemember: true },
  });
  expect(signedUp.status).toBe(200);
  const token = signedUp.json.accessToken;
  const project = await call<{ data: { id: string } }>(proxy.url, 'POST', '/api/projects', {
    token,
    body: { name: 'Verteilt' },
  });
  expect(project.status).toBe(201);
  const projectId = project.json.data.id;
  const root = await call<{ meta: { rootId: string } }>(
    proxy.url,
    'GET',
    `/api/projects/${projectId}/cloud/folders/content`,
    { token },
  );
  return { email, token, projectId, rootId: root.json.meta.rootId };
}

describe.skipIf(needs)(title, () => {
  it('takes an upload whose PATCH requests alternate between the instances, byte for byte', async () => {
    const owner = await person();
    const bytes = randomBytes(5 * 256 * 1024 + 4321);
    const before = proxy.served.length;
    const result = await tusUpload(proxy.url, { projectId: owner.projectId, token: owner.token }, bytes, {
      filename: 'verteilt.bin',
      folderId: owner.rootId,
    });
    expect(result.status).toBe(200);
    const patches = proxy.served.slice(before).filter((request) => request.method === 'PATCH');
    expect(patches).toHaveLength(6);
    expect(new Set(patches.map((request) => request.port))).toEqual(
      new Set(web.map((instance) => instance.port)),
    );
    // Consecutive PATCHes of the one upload landed on different instances.
    expect(patches.every((request, index) => index === 0 || request.port !== patches[index - 1]!.port)).toBe(
      true,
    );
    const downloaded = await fetch(`${proxy.url}${result.entity!.url!}`);
    expect(sha256(Buffer.from(await downloaded.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('counts sign-in attempts of one login across both instances', async () => {
    const login = `nobody-${randomBytes(6).toString('hex')}@example.org`;
    const before = proxy.served.length;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      // Another address each time: only the per-login count can stop the seventh.
      const answer = await call(proxy.url, 'POST', '/api/auth/by-password', {
        body: { login, type: 'email', password: 'falsches-passwort' },
      });
      statuses.push(answer.status);
    }
    expect(new Set(proxy.served.slice(before).map((request) => request.port)).size).toBe(2);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it('converts a video uploaded through one instance in the worker and serves it through the other', async () => {
    const owner = await person();
    const video = path.join(fixtures, 'clip.avi');
    await promisify(execFile)('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=25'],
      ...['-c:v', 'mpeg4', video],
    ]);
    const [first, second] = web as [ServerProcess, ServerProcess];
    const uploaded = await tusUpload(
      `http://127.0.0.1:${first.port}`,
      { projectId: owner.projectId, token: owner.token },
      await readFile(video),
      { filename: 'clip.avi', filetype: 'video/x-msvideo', folderId: owner.rootId },
      { chunkSize: 10 * 1024 * 1024 },
    );
    expect(uploaded.entity).toMatchObject({ type: 'video', status: 'process' });
    const other = `http://127.0.0.1:${second.port}`;
    const file = () =>
      call<{ data: CloudEntity }>(other, 'GET', `/api/files/${uploaded.entity!.id}`, { token: owner.token });
    await expect
      .poll(async () => (await file()).json.data.status, { timeout: 40_000, interval: 250 })
      .toBeNull();
    const ready = (await file()).json.data;
    const served = await fetch(`${other}${ready.url!}`);
    expect(served.status).toBe(200);
    const head = Buffer.from(await served.arrayBuffer()).subarray(0, 12);
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 60_000);

  it('carries realtime events from one web instance and from the worker to a socket on the other', async () => {
    const owner = await person();
    const [first, second] = web as [ServerProcess, ServerProcess];
    const at = (instance: ServerProcess) => `http://127.0.0.1:${instance.port}`;
    const app = await call<{ data: { id: string } }>(
      at(first),
      'POST',
      `/api/projects/${owner.projectId}/apps`,
      { token: owner.token, body: { name: 'Verteilt', slug: `verteilt-${randomBytes(4).toString('hex')}` } },
    );
    expect(app.status).toBe(201);
    const appId = app.json.data.id;
    const group = await call<{ data: { id: string } }>(
      at(first),
      'POST',
      `/api/apps/${appId}/community/groups`,
      {
        token: owner.token,
        body: { name: 'Alle' },
      },
    );
    expect(group.status).toBe(201);
    const space = await call<{ data: { id: string } }>(
      at(first),
      'POST',
      `/api/groups/${group.json.data.id}/spaces`,
      { token: owner.token, body: { name: 'Neuigkeiten', access: 'open' } },
    );
    expect(space.status).toBe(201);

    // The socket listens on the second instance only.
    const socket = io(at(second), {
      path: '/ws',
      transports: ['websocket'],
      auth: { token: owner.token, appId },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const heard: unknown[] = [];
      const heardCount = (count: number) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (heard.length >= count) {
              socket.off('counters', check);
              resolve();
            }
          };
          socket.on('counters', check);
          check();
        });
      socket.on('counters', (payload: unknown) => heard.push(payload));

      // Published through the first instance.
      const posted = await call(at(first), 'POST', `/api/spaces/${space.json.data.id}/posts`, {
        token: owner.token,
        body: { name: 'Von Instanz A', body: '<p>Hallo B</p>' },
      });
      expect(posted.status).toBe(201);
      await heardCount(1);

      // Scheduled through the first instance, published by the worker's job a moment later.
      const scheduled = await call(at(first), 'POST', `/api/spaces/${space.json.data.id}/posts`, {
        token: owner.token,
        body: {
          name: 'Vom Worker',
          body: '<p>Geplant</p>',
          publishAt: new Date(Date.now() + 1_500).toISOString(),
        },
      });
      expect(scheduled.status).toBe(201);
      await heardCount(2);
      expect(heard).toEqual([{ posts: true }, { posts: true }]);
    } finally {
      socket.disconnect();
    }
  }, 30_000);

  it('loses nothing when the instance taking an upload dies mid-request and the other one resumes it', async () => {
    const owner = await person();
    const bytes = randomBytes(3 * 256 * 1024);
    const chunk = 256 * 1024;
    const [doomed, survivor] = web as [ServerProcess, ServerProcess];
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${owner.token}` };
    const direct = (instance: ServerProcess) => `http://127.0.0.1:${instance.port}`;
    const metadata = `filename ${Buffer.from('absturz.bin').toString('base64')},folderId ${Buffer.from(owner.rootId).toString('base64')}`;
    const created = await fetch(`${direct(doomed)}/api/projects/${owner.projectId}/cloud/files/chunks`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const first = await fetch(`${direct(doomed)}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, chunk),
    });
    expect(first.headers.get('upload-offset')).toBe(String(chunk));

    // The second chunk: half of it is on the wire when the instance dies.
    const cut = new Promise<void>((resolve) => {
      const patch = httpRequest(`${direct(doomed)}${location}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(chunk),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk),
        },
      });
      patch.on('error', () => resolve());
      patch.on('response', () => resolve());
      patch.write(bytes.subarray(chunk, chunk + chunk / 2));
    });
    const patchesSeen = () =>
      doomed.lines.filter((seen) => seen.req?.method === 'PATCH' && seen.req.url === location);
    await doomed.waitForLine(() => patchesSeen().length >= 2);
    await doomed.kill();
    await cut;
    proxy.setTargets([survivor.port]);

    // The client asks where to go on, through the load balancer, and sends the rest.
    const head = await fetch(`${proxy.url}${location}`, { method: 'HEAD', headers: tus });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(chunk);
    const rest = await fetch(`${proxy.url}${location}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(offset),
    });
    expect(rest.status).toBe(200);
    const entity = ((await rest.json()) as { data: CloudEntity }).data;
    const downloaded = await fetch(`${proxy.url}${entity.url!}`);
    expect(sha256(Buffer.from(await downloaded.arrayBuffer()))).toBe(sha256(bytes));
  }, 40_000);

  it('loses no chat message when the instance a member is connected to dies: they catch up on the other', async () => {
    const owner = await person();
    // The upload test above killed the first instance; a third one joins the survivor.
    const survivor = web[1]!;
    const doomed = await startServerProcess('web', clusterEnv);
    web.push(doomed);
    const at = (instance: ServerProcess) => `http://127.0.0.1:${instance.port}`;
    const app = await call<{ data: { id: string } }>(
      at(survivor),
      'POST',
      `/api/projects/${owner.projectId}/apps`,
      {
        token: owner.token,
        body: { name: 'Verteilter Chat', slug: `chat-${randomBytes(4).toString('hex')}` },
      },
    );
    expect(app.status).toBe(201);
    const appId = app.json.data.id;
    const chat = await call<{ data: { id: string } }>(at(survivor), 'POST', `/api/apps/${appId}/chats`, {
      token: owner.token,
      body: { kind: 'group', name: 'Über zwei Instanzen' },
    });
    expect(chat.status).toBe(201);
    const chatId = chat.json.data.id;
    const sendThrough = async (instance: ServerProcess, text: string) => {
      const sent = await call<{ data: { seq: number } }>(
        at(instance),
        'POST',
        `/api/chats/${chatId}/messages`,
        {
          token: owner.token,
          body: { clientId: randomUUID(), body: `<p>${text}</p>` },
        },
      );
      expect(sent.status).toBe(201);
      return sent.json.data.seq;
    };
    /** A member's device on one instance, and the sequences of the `chat:message` events it heard. */
    const device = async (instance: ServerProcess) => {
      const socket = io(at(instance), {
        path: '/ws',
        transports: ['websocket'],
        auth: { token: owner.token, appId },
        reconnection: false,
      });
      const heard: number[] = [];
      const waiters: (() => void)[] = [];
      socket.on('chat:message', (message: { chatId: string; seq: number }) => {
        if (message.chatId === chatId) {
          heard.push(message.seq);
          waiters.splice(0).forEach((wake) => wake());
        }
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const hear = async (seq: number) => {
        while (!heard.includes(seq)) {
          await new Promise<void>((wake) => waiters.push(wake));
        }
      };
      return { socket, heard, hear };
    };

    // Sent through the survivor, heard on the doomed instance (through Redis).
    const first = await device(doomed);
    try {
      const seqs = [await sendThrough(survivor, 'eins'), await sendThrough(survivor, 'zwei')];
      await first.hear(seqs[1]!);
      expect(first.heard).toEqual(seqs);
    } finally {
      first.socket.disconnect();
    }
    await doomed.kill();

    // While the device is cut off, the chat goes on.
    const missed = [await sendThrough(survivor, 'drei'), await sendThrough(survivor, 'vier')];
    // It reconnects to the survivor and asks for what came after the last sequence it has: each once, in order.
    const again = await device(survivor);
    try {
      const lastSeen = first.heard.at(-1)!;
      const caughtUp = await call<{ data: { seq: number }[]; meta: { pages: number } }>(
        at(survivor),
        'GET',
        `/api/chats/${chatId}/messages?afterSeq=${lastSeen}`,
        { token: owner.token },
      );
      expect(caughtUp.json.data.map((message) => message.seq)).toEqual(missed);
      expect(caughtUp.json.meta.pages).toBe(1);
      // From then on the socket hears the new ones live.
      const live = await sendThrough(survivor, 'fünf');
      await again.hear(live);
      expect(again.heard).toEqual([live]);
    } finally {
      again.socket.disconnect();
    }
  }, 60_000);

  it('drops the app access it keeps when another process changes the app, on every instance', async () => {
    const owner = await person();
    const first = web[1]!;
    const second = await startServerProcess('web', clusterEnv);
    web.push(second);
    const at = (instance: ServerProcess) => `http://127.0.0.1:${instance.port}`;
    const app = await call<{ data: { id: string } }>(
      at(first),
      'POST',
      `/api/projects/${owner.projectId}/apps`,
      {
        token: owner.token,
        body: { name: 'Gemerkter Zugang', slug: `access-${randomBytes(4).toString('hex')}` },
      },
    );
    expect(app.status).toBe(201);
    const chats = `/api/apps/${app.json.data.id}/chats`;
    const status = async (instance: ServerProcess) =>
      (await call(at(instance), 'GET', chats, { token: owner.token })).status;
    // Read twice on each: the second answer comes from the access each instance keeps.
    for (const instance of [first, second, first, second]) {
      expect(await status(instance)).toBe(200);
    }
    // Neither instance writes it: both hear of it only through their listening connection.
    await database.query('update apps set is_archive = true where id = $1', [app.json.data.id]);
    for (const instance of [first, second]) {
      await expect.poll(() => status(instance), { timeout: 2_000, interval: 20 }).toBe(404);
    }
  });
});

describe('the deployment recipe', () => {
  it('is started with exactly the variables deploy/compose.yaml gives its web and worker services', async () => {
    const compose = await readFile(path.join(projectRoot, 'deploy/compose.yaml'), 'utf8');
    const block = /^x-app-env: &app-env\n((?: {2}.*\n|\s*#.*\n)+)/m.exec(compose)?.[1] ?? '';
    const composeKeys = [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
    // ROLE and DATA_DIR are set per service there and per process here.
    expect([...composeKeys].sort()).toEqual(
      Object.keys(
        clusterEnvironment(
          'postgres://x',
          'redis://x',
          s3Environment({ driver: 's3', region: 'r', bucket: 'b', forcePathStyle: true }),
        ),
      ).sort(),
    );
    expect(compose).toMatch(/ROLE: web\n(?:\s+#.*\n)*\s+DATA_DIR:/);
    expect(compose).toMatch(/ROLE: worker\n(?:\s+#.*\n)*\s+DATA_DIR:/);
  });
});
