import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service on loopback for tests, checking what a real one checks (RFC 8030, 8292) and reading each
 * message as the browser would (RFC 8291 / 8188), with node:crypto only: nothing of the sender's library is
 * trusted to verify itself.
 *
 * `subscribe(key)` plays the browser: fresh P-256 keys and an authentication secret, and an endpoint on this
 * service bound to the application server key. A message is accepted (201) only when its VAPID token is signed
 * with that key for this origin, it carries TTL and aes128gcm, and it decrypts; it is then recorded.
 */

export type BrowserSubscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

export type PushDelivery = {
  endpoint: string;
  /** The decrypted message, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key (`k`) and the token's claims. */
  vapid: { publicKey: string; subject: string; audience: string; expiresAt: number };
};

export type PushRefusal = { endpoint: string; status: number; reason: string };

export type TestPushService = {
  origin: string;
  subscribe(applicationServerKey: string): BrowserSubscription;
  /** From now on, answer every message to this endpoint with `status` (404, 410: gone; 500: a hiccup). */
  answer(endpoint: string, status: number): void;
  /** Accepted messages, oldest first (of one endpoint, or all). */
  deliveries(endpoint?: string): PushDelivery[];
  /** Messages refused for a broken request (bad token, wrong key, undecryptable body). */
  refusals(): PushRefusal[];
  close(): Promise<void>;
};

type Browser = { ecdh: ECDH; auth: Buffer; applicationServerKey: string };

/** RFC 8291 §4: a push message is one record, at most 4096 bytes with its header. */
const maxBodyBytes = 4096;
const maxTokenLifetimeSeconds = 24 * 60 * 60;

export async function startPushService(): Promise<TestPushService> {
  const browsers = new Map<string, Browser>();
  const answers = new Map<string, number>();
  const accepted: PushDelivery[] = [];
  const refused: PushRefusal[] = [];
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const endpoint = `${origin}${request.url ?? ''}`;
    const browser = browsers.get(endpoint);
    const reply = (status: number, reason?: string) => {
      if (reason) {
        refused.push({ endpoint, status, reason });
      }
      response.writeHead(status, status === 201 ? { location: `${origin}/messages/${randomUUID()}` } : {});
      response.end();
    };
    if (request.method !== 'POST' || !browser) {
      return reply(404);
    }
    const answer = answers.get(endpoint);
    if (answer) {
      return reply(answer);
    }
    const ttl = request.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) {
      return reply(400, 'TTL missing');
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return reply(415, `content-encoding ${String(request.headers['content-encoding'])}`);
    }
    if (body.length > maxBodyBytes) {
      return reply(413, `${body.length} bytes`);
    }
    const vapid = checkVapid(request.headers.authorization, origin);
    if ('refused' in vapid) {
      return reply(401, vapid.refused);
    }
    if (vapid.publicKey !== browser.applicationServerKey) {
      return reply(403, 'k is not the key the subscription was made with');
    }
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(body, browser).toString('utf8'));
    } catch (error) {
      return reply(400, `decryption: ${error instanceof Error ? error.message : String(error)}`);
    }
    accepted.push({
      endpoint,
      payload,
      ttl: Number(ttl),
      urgency: headerOf(request, 'urgency'),
      topic: headerOf(request, 'topic'),
      vapid,
    });
    return reply(201);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      browsers.set(endpoint, { ecdh, auth, applicationServerKey });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(endpoint, status) {
      answers.set(endpoint, status);
    },
    deliveries: (endpoint) => accepted.filter((delivery) => !endpoint || delivery.endpoint === endpoint),
    refusals: () => [...refused],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. The JWT is ES256-signed with the key `k`, for this
 * push service's origin (`aud`), expires within 24 hours (`exp`) and names a contact (`sub`).
 */
function checkVapid(
  authorization: string | undefined,
  origin: string,
): PushDelivery['vapid'] | { refused: string } {
  const params = /^vapid\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!params) {
    return { refused: 'no vapid authorization' };
  }
  const fields = new Map(
    params.split(',').map((part) => {
      const [name = '', ...value] = part.trim().split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  const token = fields.get('t') ?? '';
  const publicKey = fields.get('k') ?? '';
  const point = Buffer.from(publicKey, 'base64url');
  const [header, claims, signature] = token.split('.');
  if (point.length !== 65 || point[0] !== 4 || !header || !claims || !signature) {
    return { refused: 'malformed t or k' };
  }
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const isSigned = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isSigned) {
    return { refused: 'bad signature' };
  }
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: unknown };
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const now = Math.floor(Date.now() / 1000);
  if (alg !== 'ES256') {
    return { refused: `alg ${String(alg)}` };
  }
  if (aud !== origin) {
    return { refused: `aud ${String(aud)}` };
  }
  if (typeof exp !== 'number' || exp <= now || exp > now + maxTokenLifetimeSeconds) {
    return { refused: `exp ${String(exp)}` };
  }
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) {
    return { refused: `sub ${String(sub)}` };
  }
  return { publicKey, subject: sub, audience: aud, expiresAt: exp };
}

/**
 * RFC 8291 §3.4 and RFC 8188: the header (salt, record size, the sender's public key as key id), then one
 * AES-128-GCM record whose key and nonce come from the ECDH secret and the browser's authentication secret.
 */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  if (keyIdLength !== 65) {
    throw new Error(`key id of ${String(keyIdLength)} bytes, not the sender's 65-byte public key`);
  }
  const senderKey = body.subarray(21, 86);
  const record = body.subarray(86);
  if (record.length < 17 || record.length > recordSize) {
    throw new Error(`a record of ${record.length} bytes (rs ${recordSize}): not exactly one record`);
  }
  const browserKey = browser.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, senderKey]);
  const ikm = Buffer.from(
    hkdfSync('sha256', browser.ecdh.computeSecret(senderKey), browser.auth, keyInfo, 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  // The first (and only) record's sequence number is 0: the nonce is used as derived.
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) {
    end -= 1;
  }
  if (padded[end] !== 2) {
    throw new Error('the last record does not end with the delimiter 0x02');
  }
  return padded.subarray(0, end);
}
