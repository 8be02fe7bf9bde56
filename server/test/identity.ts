import { randomInt } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { insertAccount } from '../features/auth/auth.repo.ts';
import { newId } from '../platform/ids.ts';
import { listOutbox } from '../platform/mail/mail.repo.ts';
import type { TestServer } from './test-server.ts';

/** A fresh address per test, so tests never share an account. */
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}.${Date.now().toString(36)}.${randomInt(1e9).toString(36)}@beispiel.de`;
}

/** A made-up client IP per caller, so per-IP rate limits of one test do not spill into the next. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export type Caller = {
  ip: string;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
};

export function caller(server: TestServer, ip = randomIp()): Caller {
  return {
    ip,
    request: ({ token, headers, ...options }) =>
      server.app.inject({
        ...options,
        remoteAddress: ip,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  };
}

/** The 6-digit code of the newest mail to an address (the outbox is the embedded mode's mailbox). */
export async function latestCodeFor(server: TestServer, to: string): Promise<string> {
  const [mail] = await listOutbox(server.runtime.database.db, { to, limit: 1 });
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) {
    throw new Error(`no code mailed to ${to}`);
  }
  return code;
}

export async function mailCount(server: TestServer, to: string): Promise<number> {
  return (await listOutbox(server.runtime.database.db, { to, limit: 100 })).length;
}

/** Signs up through the real API and returns the session. */
export async function signUp(
  server: TestServer,
  options: { email?: string; password?: string; isRemember?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const client = caller(server);
  const sent = await client.request({
    method: 'POST',
    url: '/api/signup/send-code',
    payload: { login: email, type: 'email' },
  });
  if (sent.statusCode !== 200) {
    throw new Error(`signup/send-code answered ${sent.statusCode}: ${sent.body}`);
  }
  const code = await latestCodeFor(server, email);
  const response = await client.request({
    method: 'POST',
    url: '/api/signup',
    payload: {
      login: email,
      type: 'email',
      code,
      firstName: 'Anna',
      lastName: 'Beispiel',
      ...(options.password ? { password: options.password, passwordConfirmation: options.password } : {}),
      isRemember: options.isRemember ?? true,
    },
  });
  if (response.statusCode !== 200) {
    throw new Error(`signup answered ${response.statusCode}: ${response.body}`);
  }
  const session = response.json<{
    accessToken: string;
    refreshToken: string;
    account: { id: string; email: string };
  }>();
  return { email, ...session };
}

/** An account straight in the database, for tests that must not spend the login's sign-in attempts. */
export async function insertTestAccount(server: TestServer, email = uniqueEmail()) {
  const account = await insertAccount(server.runtime.database.db, {
    id: newId(),
    email,
    firstName: 'Ben',
    lastName: 'Test',
    emailVerifiedAt: new Date(),
  });
  return { email, account };
}

/** An account straight in the database with an access token (no sign-in flow): for tests of other areas. */
export async function signedInTestAccount(server: TestServer) {
  const { account } = await insertTestAccount(server);
  const { authorization } = await server.tokenFor(account.id);
  return { id: account.id, email: account.email, token: authorization.replace('Bearer ', '') };
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `call(method, url, token?, payload?, headers?)` through one caller of the server. */
export function apiCaller(server: () => TestServer) {
  return (
    method: ApiMethod,
    url: string,
    token?: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => caller(server()).request({ method, url, token, headers, ...(payload ? { payload } : {}) });
}
