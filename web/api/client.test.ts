import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setLanguage } from '../i18n/i18n';
import { ApiError } from './api-error';
import { api, setRefreshHandler } from './client';
import { getAccessToken, setTokens } from './token-store';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Every call gets a fresh response: a body can be read only once. */
function answer(status: number, body: unknown) {
  fetchMock.mockImplementation(async () => json(status, body));
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function headersOf(call: number): Headers {
  return new Headers(fetchMock.mock.calls[call]?.[1]?.headers);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setRefreshHandler(null);
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the current language as Accept-Language', async () => {
    answer(200, {});
    await api.get('/client-config');
    expect(headersOf(0).get('Accept-Language')).toBe('de');

    await setLanguage('en');
    await api.get('/client-config');
    expect(headersOf(1).get('Accept-Language')).toBe('en');
  });

  it('builds the URL under /api with the query and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await api.post('/auth/send-code', {
      body: { login: 'a@b.de', type: 'email' },
      query: { resend: true, skip: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/send-code?resend=true');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ login: 'a@b.de', type: 'email' }));
    expect(headersOf(0).get('Content-Type')).toBe('application/json');
    expect(headersOf(0).has('Authorization')).toBe(false);
  });

  it('sends the access token as a bearer token', async () => {
    setTokens({ accessToken: 'token-1' });
    fetchMock.mockResolvedValue(json(200, {}));
    await api.get('/auth/identity');
    expect(headersOf(0).get('Authorization')).toBe('Bearer token-1');
  });

  it('parses the response with the given schema', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, extra: 'dropped' }));
    const result = await api.get('/thing', { schema: z.object({ id: z.number() }) });
    expect(result).toEqual({ id: 7 });
  });

  it('turns an error response into an ApiError with code, message key and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        errors: { login: 'validation.email' },
        details: { hint: 1 },
      }),
    );
    const error = await api.post('/auth/send-code', { body: {} }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'errors.VALIDATION_FAILED',
      errors: { login: 'validation.email' },
      details: { hint: 1 },
    });
  });

  it('turns a body without the error shape into a generic ApiError', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/x').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 502, code: null, message: 'errors.generic' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await api.get('/x').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 0, message: 'errors.network' });
  });

  it('lets aborted requests through as AbortError', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    const error = await api.get('/x').catch((failure: unknown) => failure);
    expect(error).toHaveProperty('name', 'AbortError');
  });

  it('refreshes once for concurrent 401s and repeats every request with the new token', async () => {
    setTokens({ accessToken: 'old' });
    let resolveRefresh: (ok: boolean) => void = () => {};
    const refresh = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          resolveRefresh = (ok) => {
            setTokens({ accessToken: 'new' });
            resolve(ok);
          };
        }),
    );
    setRefreshHandler(refresh);
    fetchMock.mockImplementation(async (_url, init) => {
      const auth = new Headers(init?.headers).get('Authorization');
      return auth === 'Bearer new'
        ? json(200, { ok: true })
        : json(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' });
    });

    const requests = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await tick(); // all three 401s are in and waiting for the one refresh
    resolveRefresh(true);

    await expect(requests).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(6);

    // A later 401 starts a new refresh: the single flight ends when it settles.
    setTokens({ accessToken: 'stale' });
    const second = api.get('/d');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(2));
    await tick();
    resolveRefresh(true);
    await expect(second).resolves.toEqual({ ok: true });
  });

  it('clears the session and throws 401 when the refresh fails', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'r' });
    const refresh = vi.fn(async () => false);
    setRefreshHandler(refresh);
    answer(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' });

    const error = await api.get('/a').catch((failure: unknown) => failure);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
  });

  it('does not refresh for a request that opts out (the refresh call itself)', async () => {
    const refresh = vi.fn(async () => true);
    setRefreshHandler(refresh);
    answer(401, { code: 'UNAUTHORIZED', message: 'errors.UNAUTHORIZED' });
    await expect(api.post('/auth/refresh-token', { skipRefresh: true })).rejects.toBeInstanceOf(ApiError);
    expect(refresh).not.toHaveBeenCalled();
  });
});
