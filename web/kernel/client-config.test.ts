import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from './client-config';

const config = {
  serviceHost: 'localhost:3000',
  publicDomain: 'app.localhost:3000',
  defaultLanguage: 'de',
  languages: ['de', 'en'],
  version: '1.0.0',
  gifs: false,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ ...config, version: 'asked' }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  window.gemeindeClientConfig = undefined;
  vi.unstubAllGlobals();
});

const load = () => new QueryClient().fetchQuery(clientConfigQuery);

describe('the client configuration', () => {
  it("takes the boot script's answer once, then asks the server", async () => {
    window.gemeindeClientConfig = Promise.resolve(config);
    expect((await load()).version).toBe('1.0.0');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await load()).version).toBe('asked');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server itself when the early request failed', async () => {
    const failed = Promise.reject(new Error('client configuration: HTTP 503'));
    failed.catch(() => undefined);
    window.gemeindeClientConfig = failed;
    expect((await load()).version).toBe('asked');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/client-config');
  });

  it('asks the server itself when the early answer is not a configuration', async () => {
    window.gemeindeClientConfig = Promise.resolve({ error: 'Bad Gateway' });
    expect((await load()).version).toBe('asked');
  });
});
