import { vi } from 'vitest';
import type { Account, CodeLimits, Session } from '../../contracts/auth';
import type { RouterApp } from '../../contracts/router';
import { defaultAppServices } from '../../contracts/apps';
import { startSession } from '../kernel/session/session';

export const testAccount: Account = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e5f',
  firstName: 'Anna',
  lastName: 'Beispiel',
  email: 'anna@beispiel.de',
  language: 'de',
  timezone: 'Europe/Berlin',
  isPasswordSet: true,
};

export function testSession(overrides: Partial<Session> = {}): Session {
  return {
    accessToken: 'access-token-1',
    refreshToken: 'refresh-token-0000000000000001',
    expiresIn: 900,
    isRemember: true,
    account: testAccount,
    ...overrides,
  };
}

export const testLimits: CodeLimits = {
  sendAgainAfter: 60,
  codeExpired: 600,
  codeCheckLimit: 5,
  codeCheckRemaining: 5,
};

/** Signs in without the UI, as a finished sign-in would. */
export function signInForTest(overrides: Partial<Session> = {}): Session {
  const session = testSession(overrides);
  startSession(session);
  return session;
}

/** The address a `fetch` was called with, whichever form it came in. */
export function urlOf(input: string | URL | Request): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A stubbed `fetch` answering by method and path; unknown calls fail the test loudly. */
export type Route = (init: RequestInit | undefined, url: URL) => Response | Promise<Response>;

export function stubFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(urlOf(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (!route) {
      throw new Error(`Unexpected call: ${key}`);
    }
    return route(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}

/** The calls made to `METHOD /path` (path without /api), with their parsed bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, key: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(urlOf(input), 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => bodyOf(init));
}

/** The app `GET /api/router` resolves `/akademie` to in the tests. */
export const testApp: RouterApp = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e60',
  projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61',
  slug: 'akademie',
  name: 'Akademie Nord',
  publicDomain: 'app.localhost:3000',
  url: 'http://app.localhost:3000/akademie/dashboard',
  defaultServiceSlug: 'dashboard',
  language: 'de',
  timezone: 'Europe/Berlin',
  isArchive: false,
  isOwner: false,
  appIconId: null,
  logoId: null,
  logoWhiteThemeId: null,
  isAdvancedLogo: false,
  appIconUrl: null,
  logoUrl: null,
  logoWhiteThemeUrl: null,
  supportUrl: '',
  replyToEmail: '',
  isPhoneRequired: false,
  signupPlanIds: [],
  domainId: null,
  desktopMenuLayout: 'top',
  theme: {},
  services: { ...defaultAppServices },
  masqueradeProfileId: null,
  viewer: null,
  permissions: { can: ['view'] },
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** A `GET /api/router` answer for `testApp` (or 404 NOT_FOUND with `found: false`). */
export function routerAnswer(found = true): Route {
  return () =>
    found
      ? json(200, { type: 'app', entity: null, app: testApp })
      : json(404, { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
}
