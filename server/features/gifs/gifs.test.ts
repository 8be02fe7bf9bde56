import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../../contracts/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { fakeGiphyGif, fakeTotal, startFakeGiphy, type FakeGiphy } from '../../test/fake-giphy.ts';
import { caller, signUp } from '../../test/identity.ts';
import { createTestServer, testDriver, type TestServer } from '../../test/test-server.ts';
import { createAnswerCache } from '../../platform/answer-cache.ts';
import { createGiphyClient, gifImageOrigins, parseGiphyAnswer } from './giphy.client.ts';
import { toGifList } from './gifs.service.ts';

const silent = pino({ level: 'silent' });

describe('Giphy answer mapping', () => {
  const answer = (data: unknown[], pagination = { total_count: 100, count: data.length, offset: 0 }) => ({
    data,
    pagination,
    meta: { status: 200, msg: 'OK', response_id: 'x' },
  });

  it('maps string dimensions, prefers the downsized rendition and the webp preview', () => {
    const page = parseGiphyAnswer(answer([fakeGiphyGif(7)]));
    expect(page).toEqual({
      gifs: [
        {
          id: 'trend7',
          title: 'Katze 7 GIF',
          url: 'https://media1.giphy.com/media/trend7/giphy-downsized.gif?cid=abc&rid=giphy-downsized.gif&ct=g',
          previewUrl: 'https://media1.giphy.com/media/trend7/200w.webp?cid=abc&rid=200w.webp&ct=g',
          width: 320,
          height: 240,
          previewWidth: 200,
          previewHeight: 150,
        },
      ],
      offset: 0,
      count: 1,
      total: 100,
    });
  });

  it('falls back to the original and the gif preview when the smaller renditions are missing', () => {
    const gif = fakeGiphyGif(3);
    const { downsized: _downsized, ...images } = gif.images;
    const { webp: _webp, ...fixedWidth } = images.fixed_width;
    const page = parseGiphyAnswer(
      answer([{ ...gif, title: undefined, images: { ...images, fixed_width: fixedWidth } }]),
    );
    expect(page?.gifs[0]).toMatchObject({
      title: '',
      url: 'https://media1.giphy.com/media/trend3/giphy.gif?cid=abc&rid=giphy.gif&ct=g',
      previewUrl: 'https://media1.giphy.com/media/trend3/200w.gif?cid=abc&rid=200w.gif&ct=g',
      width: 640,
      height: 480,
    });
  });

  it('skips malformed items but counts them for paging', () => {
    const good = fakeGiphyGif(1);
    const items = [
      good,
      { id: 'no-images' },
      {
        ...good,
        id: 'bad-width',
        images: { ...good.images, fixed_width: { ...good.images.fixed_width, width: '-3' } },
      },
      {
        ...good,
        id: 'script',
        images: { ...good.images, original: { ...good.images.original, url: 'javascript:alert(1)' } },
      },
      { ...good, id: '' },
      'not an object',
    ];
    const page = parseGiphyAnswer(answer(items, { total_count: 50, count: items.length, offset: 10 }));
    // `script` has a valid downsized rendition, but a non-web original disqualifies the whole item.
    expect(page?.gifs.map((gif) => gif.id)).toEqual(['trend1']);
    expect(page).toMatchObject({ offset: 10, count: 6, total: 50 });
  });

  it('refuses answers that are not Giphy pages', () => {
    expect(parseGiphyAnswer(null)).toBeUndefined();
    expect(parseGiphyAnswer({ data: [] })).toBeUndefined();
    expect(parseGiphyAnswer({ data: {}, pagination: { count: 0, offset: 0 } })).toBeUndefined();
    expect(
      parseGiphyAnswer({
        data: [],
        pagination: { count: 0, offset: 0 },
        meta: { status: 403, msg: 'Forbidden' },
      }),
    ).toBeUndefined();
    // Without a total (not every endpoint sends one) the page still maps.
    expect(parseGiphyAnswer({ data: [], pagination: { count: 0, offset: 5 } })).toEqual({
      gifs: [],
      offset: 5,
      count: 0,
      total: 5,
    });
  });

  it('computes the next offset from what the provider returned, up to its offset ceiling', () => {
    const page = (offset: number, count: number, total: number) => ({ gifs: [], offset, count, total });
    expect(toGifList(0, page(0, 25, 60)).meta.nextOffset).toBe(25);
    expect(toGifList(50, page(50, 10, 60)).meta.nextOffset).toBeNull();
    expect(toGifList(0, page(0, 0, 0)).meta.nextOffset).toBeNull();
    // A short page before the total (items withheld by the rating) still continues.
    expect(toGifList(0, page(0, 20, 60)).meta.nextOffset).toBe(20);
    expect(toGifList(4975, page(4975, 25, 100_000)).meta.nextOffset).toBeNull();
    expect(toGifList(4950, page(4950, 25, 100_000)).meta.nextOffset).toBe(4975);
  });
});

describe('GIF image origins (CSP img-src)', () => {
  const gifs = { apiKey: 'key', rating: 'g' as const, timeoutMs: 1000 };
  it('allows Giphy’s media hosts for the real service, the provider’s origin otherwise, nothing without a key', () => {
    expect(gifImageOrigins({ ...gifs, baseUrl: 'https://api.giphy.com' })).toEqual(['https://*.giphy.com']);
    expect(gifImageOrigins({ ...gifs, baseUrl: 'http://127.0.0.1:3199/' })).toEqual(['http://127.0.0.1:3199']);
    expect(gifImageOrigins({ ...gifs, apiKey: undefined, baseUrl: 'https://api.giphy.com' })).toEqual([]);
  });
});

describe('answer cache', () => {
  it('keeps answers for the time to live and evicts the least recently used', async () => {
    let now = 0;
    const cache = createAnswerCache<string>({ maxEntries: 2, ttlMs: 1000, now: () => now });
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    expect(await cache.getOrLoad('a', load('A'))).toBe('A');
    expect(await cache.getOrLoad('a', load('other'))).toBe('A');
    expect(loads).toBe(1);
    await cache.getOrLoad('b', load('B'));
    await cache.getOrLoad('a', load('A')); // a is now the most recent
    await cache.getOrLoad('c', load('C')); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('b', load('B2'))).toBe('B2');
    now = 1001;
    expect(await cache.getOrLoad('b', load('B3'))).toBe('B3');
  });

  it('shares a call under way and forgets failures', async () => {
    const cache = createAnswerCache<string>({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const slow = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'x';
    };
    expect(await Promise.all([cache.getOrLoad('k', slow), cache.getOrLoad('k', slow)])).toEqual(['x', 'x']);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('f', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('f', async () => 'up')).toBe('up');
  });
});

describe('Giphy client', () => {
  let giphy: FakeGiphy;
  beforeAll(async () => {
    giphy = await startFakeGiphy();
  });
  afterAll(async () => {
    await giphy?.close();
  });

  const clientWith = (apiKey: string, timeoutMs = 1000) =>
    createGiphyClient({
      config: { apiKey, baseUrl: `${giphy.url}/`, rating: 'g', timeoutMs },
      logger: silent,
    });

  it('asks the documented endpoints with the key, rating and language', async () => {
    const page = await clientWith(giphy.apiKey).search({
      query: 'Hund',
      offset: 3,
      limit: 4,
      language: 'en',
    });
    expect(page.gifs.map((gif) => gif.id)).toEqual(['search3', 'search4', 'search5', 'search6']);
    const [call] = giphy.callsMatching('/v1/gifs/search', { q: 'Hund' });
    expect(Object.fromEntries(call!.params)).toEqual({
      api_key: giphy.apiKey,
      q: 'Hund',
      limit: '4',
      offset: '3',
      rating: 'g',
      lang: 'en',
    });
  });

  it('sends at most 50 characters of a search phrase (Giphy’s limit)', async () => {
    await clientWith(giphy.apiKey).search({
      query: `${'ä'.repeat(49)}😀xyz`,
      offset: 0,
      limit: 1,
      language: 'de',
    });
    expect(giphy.calls.at(-1)?.params.get('q')).toBe(`${'ä'.repeat(49)}😀`);
  });

  it('answers 503 when the provider refuses the key', async () => {
    const error = await clientWith('wrong-key')
      .trending({ offset: 0, limit: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: errorCodes.serviceUnavailable });
    expect(String((error as AppError).cause)).not.toContain('wrong-key');
  });

  it('answers 503 when nothing listens', async () => {
    const client = createGiphyClient({
      config: { apiKey: 'k', baseUrl: 'http://127.0.0.1:1', rating: 'g', timeoutMs: 1000 },
      logger: silent,
    });
    await expect(client.trending({ offset: 0, limit: 1 })).rejects.toMatchObject({
      statusCode: 503,
      code: errorCodes.serviceUnavailable,
    });
  });
});

describe(`GIF routes (${testDriver})`, () => {
  let giphy: FakeGiphy;
  let server: TestServer;
  let token: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    giphy = await startFakeGiphy();
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    server = await createTestServer({
      env: { GIF_API_KEY: giphy.apiKey, GIF_API_URL: giphy.url, GIF_TIMEOUT_MS: '500', LOG_LEVEL: 'warn' },
      logStream,
    });
    token = (await signUp(server)).accessToken;
  });
  afterAll(async () => {
    await server?.close();
    await giphy?.close();
  });

  const get = (url: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    caller(server).request({ method: 'GET', url, token: options.token, headers: options.headers });

  it('answers 401 without a valid session', async () => {
    for (const url of ['/api/gifs/trending', '/api/gifs/search?query=katze']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, { headers: { authorization: 'Bearer nope' } })).statusCode, url).toBe(401);
    }
    expect(giphy.calls).toHaveLength(0);
  });

  it('lets the browser load the provider’s GIF images, and only those besides our own', async () => {
    const csp = String((await get('/api/client-config')).headers['content-security-policy']);
    const imgSrc = /img-src ([^;]+)/.exec(csp)?.[1]?.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', new URL(giphy.url).origin]);
  });

  it('tells the web app that GIFs are on', async () => {
    const response = await get('/api/client-config');
    expect(response.json()).toMatchObject({ gifs: true });
  });

  it('maps trending GIFs and pages by the provider’s count', async () => {
    const response = await get('/api/gifs/trending?limit=5', { token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // trend1 is malformed and skipped; the next page still starts after it.
    expect(body.data.map((gif: { id: string }) => gif.id)).toEqual(['trend0', 'trend2', 'trend3', 'trend4']);
    expect(body.data[0]).toEqual({
      id: 'trend0',
      title: 'Katze 0 GIF',
      url: 'https://media1.giphy.com/media/trend0/giphy-downsized.gif?cid=abc&rid=giphy-downsized.gif&ct=g',
      previewUrl: 'https://media1.giphy.com/media/trend0/200w.webp?cid=abc&rid=200w.webp&ct=g',
      width: 320,
      height: 240,
      previewWidth: 200,
      previewHeight: 150,
    });
    expect(body.meta).toEqual({ offset: 0, count: 4, total: fakeTotal, nextOffset: 5 });
    const [call] = giphy.callsMatching('/v1/gifs/trending', { limit: '5' });
    expect(Object.fromEntries(call!.params)).toEqual({
      api_key: giphy.apiKey,
      limit: '5',
      offset: '0',
      rating: 'pg-13',
    });

    const last = (await get('/api/gifs/trending?offset=50', { token })).json();
    expect(last.data).toHaveLength(10);
    expect(last.meta).toEqual({ offset: 50, count: 10, total: fakeTotal, nextOffset: null });
  });

  it('searches with the trimmed query, offset, limit and the request’s language', async () => {
    const response = await get('/api/gifs/search?query=%20Katze%20&offset=25&limit=10', {
      token,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((gif: { id: string }) => gif.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `search${25 + index}`),
    );
    expect(body.meta).toEqual({ offset: 25, count: 10, total: fakeTotal, nextOffset: 35 });
    const [call] = giphy.callsMatching('/v1/gifs/search', { q: 'Katze', offset: '25' });
    expect(Object.fromEntries(call!.params)).toEqual({
      api_key: giphy.apiKey,
      q: 'Katze',
      limit: '10',
      offset: '25',
      rating: 'pg-13',
      lang: 'en',
    });

    await get('/api/gifs/search?query=Hund', { token });
    expect(giphy.callsMatching('/v1/gifs/search', { q: 'Hund' })[0]?.params.get('lang')).toBe('de');
  });

  it('answers an empty page when nothing is found', async () => {
    const response = await get('/api/gifs/search?query=leer', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], meta: { offset: 0, count: 0, total: 0, nextOffset: null } });
  });

  it('refuses bad input with 400 before asking the provider', async () => {
    const before = giphy.calls.length;
    const cases: [string, Record<string, string>][] = [
      ['/api/gifs/search', { query: 'validation.required' }],
      ['/api/gifs/search?query=%20%20', { query: 'validation.required' }],
      [`/api/gifs/search?query=${'x'.repeat(101)}`, { query: 'validation.validateMaxLength' }],
      ['/api/gifs/search?query=a&offset=-1', { offset: 'validation.minNumber' }],
      ['/api/gifs/trending?offset=-1', { offset: 'validation.minNumber' }],
      ['/api/gifs/trending?offset=5000', { offset: 'validation.maxNumber' }],
      ['/api/gifs/trending?limit=500', { limit: 'validation.maxNumber' }],
      ['/api/gifs/trending?limit=0', { limit: 'validation.minNumber' }],
      ['/api/gifs/trending?offset=abc', { offset: 'validation.invalidType' }],
    ];
    for (const [url, errors] of cases) {
      const response = await get(url, { token });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: errorCodes.validationFailed, errors });
    }
    expect(giphy.calls.length).toBe(before);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the provider fails, without leaking the key', async () => {
    const response = await get('/api/gifs/search?query=kaputt', { token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: errorCodes.serviceUnavailable,
      message: 'errors.SERVICE_UNAVAILABLE',
    });
    expect(response.body).not.toContain(giphy.apiKey);
    // Failures are not cached: the next try asks again.
    await get('/api/gifs/search?query=kaputt', { token });
    expect(giphy.callsMatching('/v1/gifs/search', { q: 'kaputt' })).toHaveLength(2);
    // Logged with the provider's answer, but the key (which the provider echoed back) never reaches the log.
    const failures = logLines.filter((line) => line.includes('GIF provider request failed'));
    expect(failures.some((line) => line.includes('"status":500'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(giphy.apiKey);
  });

  it('answers 503 when the provider is too slow or answers garbage', async () => {
    const started = Date.now();
    const slow = await get('/api/gifs/search?query=langsam', { token });
    expect(slow.statusCode).toBe(503);
    expect(slow.json().code).toBe(errorCodes.serviceUnavailable);
    expect(Date.now() - started).toBeLessThan(1900);

    const garbage = await get('/api/gifs/search?query=kein-json', { token });
    expect(garbage.statusCode).toBe(503);
    expect(garbage.json().code).toBe(errorCodes.serviceUnavailable);
    expect(logLines.join('\n')).not.toContain(giphy.apiKey);
  });

  it('serves identical requests from the cache', async () => {
    const trending = '/api/gifs/trending?offset=7&limit=7';
    const first = await get(trending, { token });
    const second = await get(trending, { token: (await signUp(server)).accessToken });
    expect(second.json()).toEqual(first.json());
    expect(giphy.callsMatching('/v1/gifs/trending', { offset: '7', limit: '7' })).toHaveLength(1);

    // Concurrent identical searches share one provider call; another page or language is another call.
    const search = '/api/gifs/search?query=Eule&limit=3';
    await Promise.all([get(search, { token }), get(search, { token })]);
    expect(giphy.callsMatching('/v1/gifs/search', { q: 'Eule' })).toHaveLength(1);
    await get(`${search}&offset=3`, { token });
    await get(search, { token, headers: { 'accept-language': 'en' } });
    expect(giphy.callsMatching('/v1/gifs/search', { q: 'Eule' })).toHaveLength(3);
  });

  it('limits each account to 60 requests a minute', async () => {
    const busy = (await signUp(server)).accessToken;
    const url = '/api/gifs/trending?limit=2';
    for (let index = 0; index < 60; index += 1) {
      expect((await get(url, { token: busy })).statusCode).toBe(200);
    }
    const limited = await get(url, { token: busy });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(errorCodes.rateLimited);
    // The limit counts per account: others keep scrolling.
    expect((await get(url, { token })).statusCode).toBe(200);
  });
});

describe(`GIF routes without an API key (${testDriver})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 FEATURE_DISABLED and tells the web app', async () => {
    const { accessToken } = await signUp(server);
    for (const url of ['/api/gifs/trending', '/api/gifs/search?query=katze']) {
      const response = await caller(server).request({ method: 'GET', url, token: accessToken });
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toEqual({
        code: errorCodes.featureDisabled,
        message: 'errors.FEATURE_DISABLED',
      });
    }
    const config = await caller(server).request({ method: 'GET', url: '/api/client-config' });
    expect(config.json()).toMatchObject({ gifs: false });
  });
});
