import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../api/client';
import { getAccessToken } from '../../api/token-store';
import { callsTo, json, signInForTest, stubFetch, testSession } from '../../test/fixtures';
import { getAccount } from './account-store';
import { readRefreshToken, refreshTokenKey } from './refresh-token-storage';
import { installSessionHandling, sessionEndReason, signOut, startSession } from './session';
import { linkWithSession } from './settle';

let uninstall: () => void = () => {};

beforeEach(() => {
  uninstall = installSessionHandling();
});

afterEach(() => {
  uninstall();
});

const unauthorized = () => json(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' });

function bearerOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}

describe('session persistence', () => {
  it('keeps a remembered refresh token in localStorage and the access token only in memory', () => {
    signInForTest({ isRemember: true });
    expect(window.localStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000001');
    expect(window.sessionStorage.getItem(refreshTokenKey)).toBeNull();
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain(
      'access-token-1',
    );
    expect(getAccessToken()).toBe('access-token-1');
  });

  it('keeps a session without "stay signed in" in sessionStorage, which ends with the browser session', () => {
    signInForTest({ isRemember: false });
    expect(window.sessionStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000001');
    expect(window.localStorage.getItem(refreshTokenKey)).toBeNull();
    expect(readRefreshToken()).toEqual({ token: 'refresh-token-0000000000000001', remember: false });
  });
});

describe('refresh handler', () => {
  it('refreshes once for concurrent 401s with the stored token and replays every request', async () => {
    signInForTest();
    let release: () => void = () => {};
    const fetchMock = stubFetch({
      'GET /api/a': (init) => (bearerOf(init) === 'Bearer access-2' ? json(200, { a: 1 }) : unauthorized()),
      'GET /api/b': (init) => (bearerOf(init) === 'Bearer access-2' ? json(200, { b: 2 }) : unauthorized()),
      'POST /api/auth/refresh-token': () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              json(
                200,
                testSession({ accessToken: 'access-2', refreshToken: 'refresh-token-0000000000000002' }),
              ),
            );
        }),
    });

    const requests = Promise.all([api.get('/a'), api.get('/b'), api.get('/a')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();

    await expect(requests).resolves.toEqual([{ a: 1 }, { b: 2 }, { a: 1 }]);
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toEqual([
      { refreshToken: 'refresh-token-0000000000000001' },
    ]);
    // The rotated token replaces the old one where it was kept.
    expect(window.localStorage.getItem(refreshTokenKey)).toBe('refresh-token-0000000000000002');
    expect(getAccessToken()).toBe('access-2');
  });

  it('repeats a request that raced a finished refresh without rotating again', async () => {
    signInForTest();
    let answerFirst: () => void = () => {};
    const fetchMock = stubFetch({
      'GET /api/slow': (init) =>
        bearerOf(init) === 'Bearer access-2'
          ? json(200, { slow: true })
          : new Promise<Response>((resolve) => {
              answerFirst = () => resolve(unauthorized());
            }),
      'GET /api/fast': (init) =>
        bearerOf(init) === 'Bearer access-2' ? json(200, { fast: true }) : unauthorized(),
      'POST /api/auth/refresh-token': () => json(200, testSession({ accessToken: 'access-2' })),
    });

    const slow = api.get('/slow');
    await expect(api.get('/fast')).resolves.toEqual({ fast: true });
    answerFirst();
    await expect(slow).resolves.toEqual({ slow: true });
    expect(callsTo(fetchMock, 'POST /api/auth/refresh-token')).toHaveLength(1);
  });

  it('clears the session and the stored token when the refresh token is refused', async () => {
    signInForTest();
    stubFetch({
      'GET /api/a': unauthorized,
      'POST /api/auth/refresh-token': () =>
        json(401, { code: 'INVALID_REFRESH_TOKEN', message: 'errors.INVALID_REFRESH_TOKEN' }),
    });

    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getAccount()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(sessionEndReason()).toBe('expired');
  });

  it('keeps the stored token when the server cannot be reached (a reload may still restore it)', async () => {
    signInForTest();
    stubFetch({
      'GET /api/a': unauthorized,
      'POST /api/auth/refresh-token': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getAccount()).toBeNull();
    expect(readRefreshToken()?.token).toBe('refresh-token-0000000000000001');
  });
});

describe('sign-out', () => {
  it('revokes the session on the server and forgets it here', async () => {
    signInForTest();
    const fetchMock = stubFetch({ 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
    await signOut();
    expect(bearerOf(fetchMock.mock.calls[0]?.[1])).toBe('Bearer access-token-1');
    expect(getAccessToken()).toBeNull();
    expect(getAccount()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(sessionEndReason()).toBe('signedOut');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    signInForTest();
    stubFetch({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    await signOut();
    expect(getAccessToken()).toBeNull();
  });

  it('follows another tab that signed out of the same remembered session', () => {
    startSession(testSession({ isRemember: true }));
    window.localStorage.removeItem(refreshTokenKey);
    window.dispatchEvent(
      new StorageEvent('storage', { key: refreshTokenKey, newValue: null, storageArea: window.localStorage }),
    );
    expect(getAccessToken()).toBeNull();
    expect(sessionEndReason()).toBe('signedOut');
  });

  it('ignores another tab rotating the token', () => {
    startSession(testSession({ isRemember: true }));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: refreshTokenKey,
        newValue: 'refresh-token-0000000000000009',
        storageArea: window.localStorage,
      }),
    );
    expect(getAccessToken()).toBe('access-token-1');
  });
});

describe('the hop to another host', () => {
  it('parks the session behind a one-time code and adds it to the target address', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      'POST /api/stash': () => json(200, { code: 'stash-code-0123456789abcdef', expiresIn: 60 }),
    });
    await expect(linkWithSession('http://app.localhost:3000/akademie?tab=1')).resolves.toBe(
      'http://app.localhost:3000/akademie?tab=1&code=stash-code-0123456789abcdef',
    );
    expect(callsTo(fetchMock, 'POST /api/stash')).toEqual([
      { refreshToken: 'refresh-token-0000000000000001', accessToken: 'access-token-1' },
    ]);
  });
});
