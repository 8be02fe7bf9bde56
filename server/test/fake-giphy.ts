import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local server speaking Giphy's API (GET /v1/gifs/trending, /v1/gifs/search and /v1/gifs/{id} with api_key), so the real
 * client is tested over HTTP. Search phrases pick failure modes: `leer` finds nothing, `kaputt` answers 500
 * (echoing the request URL, key included, as a careless upstream might), `langsam` answers after 2 s,
 * `kein-json` answers 200 with HTML.
 */

export type GiphyCall = { path: string; params: URLSearchParams };

export type FakeGiphy = {
  url: string;
  apiKey: string;
  calls: GiphyCall[];
  /** Calls whose path and parameters include all of `match`. */
  callsMatching(path: string, match?: Record<string, string>): GiphyCall[];
  close(): Promise<void>;
};

/** Every catalogue holds this many GIFs, so paging reaches the end after a few pages. */
export const fakeTotal = 60;

export function fakeGiphyGif(index: number, prefix = 'trend') {
  const id = `${prefix}${index}`;
  const media = (name: string) => `https://media1.giphy.com/media/${id}/${name}?cid=abc&rid=${name}&ct=g`;
  return {
    type: 'gif',
    id,
    url: `https://giphy.com/gifs/${id}`,
    slug: `katze-${id}`,
    title: `Katze ${index} GIF`,
    rating: 'g',
    images: {
      original: {
        height: '480',
        width: '640',
        size: '5123456',
        url: media('giphy.gif'),
        webp: media('giphy.webp'),
        mp4: media('giphy.mp4'),
      },
      downsized: { height: '240', width: '320', size: '1534567', url: media('giphy-downsized.gif') },
      fixed_width: {
        height: '150',
        width: '200',
        size: '345678',
        url: media('200w.gif'),
        webp: media('200w.webp'),
      },
    },
    analytics_response_payload: 'e=Z2lmX2lk',
  };
}

/** The item Giphy sometimes sends half-filled: dimensions that are not numbers. */
function malformedGif(index: number, prefix: string) {
  const gif = fakeGiphyGif(index, prefix);
  return { ...gif, images: { ...gif.images, original: { ...gif.images.original, width: 'wide' } } };
}

function page(params: URLSearchParams, prefix: string) {
  const offset = Number(params.get('offset') ?? 0);
  const limit = Number(params.get('limit') ?? 25);
  const end = Math.min(offset + limit, fakeTotal);
  const data = [];
  for (let index = offset; index < end; index += 1) {
    // The second GIF of the catalogue is malformed.
    data.push(index === 1 ? malformedGif(index, prefix) : fakeGiphyGif(index, prefix));
  }
  return {
    data,
    pagination: { total_count: fakeTotal, count: data.length, offset },
    meta: { status: 200, msg: 'OK', response_id: 'r1' },
  };
}

export async function startFakeGiphy(apiKey = 'giphy-test-key-0123456789'): Promise<FakeGiphy> {
  const calls: GiphyCall[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    calls.push({ path: url.pathname, params: url.searchParams });
    if (request.method !== 'GET') {
      return json(response, 405, { meta: { status: 405, msg: 'Method Not Allowed' } });
    }
    if (url.searchParams.get('api_key') !== apiKey) {
      return json(response, 401, { message: 'Invalid authentication credentials' });
    }
    if (url.pathname === '/v1/gifs/trending') {
      return json(response, 200, page(url.searchParams, 'trend'));
    }
    // GET /v1/gifs/{gif_id}: the catalogue's GIFs by id (trend0 … search59), 404 for any other.
    const single = /^\/v1\/gifs\/(trend|search)(\d+)$/.exec(url.pathname);
    if (single && Number(single[2]) < fakeTotal) {
      return json(response, 200, {
        data: fakeGiphyGif(Number(single[2]), single[1]),
        meta: { status: 200, msg: 'OK', response_id: 'r3' },
      });
    }
    if (url.pathname !== '/v1/gifs/search') {
      return json(response, 404, { meta: { status: 404, msg: 'Not Found' } });
    }
    const query = url.searchParams.get('q') ?? '';
    switch (query) {
      case 'leer':
        return json(response, 200, {
          data: [],
          pagination: { total_count: 0, count: 0, offset: Number(url.searchParams.get('offset') ?? 0) },
          meta: { status: 200, msg: 'OK', response_id: 'r2' },
        });
      case 'kaputt':
        return json(response, 500, { meta: { status: 500, msg: `Internal error for ${request.url}` } });
      case 'langsam': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          json(response, 200, page(url.searchParams, 'slow'));
        }, 2000);
        timers.add(timer);
        return;
      }
      case 'kein-json':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>Bad Gateway</body></html>');
      default:
        return json(response, 200, page(url.searchParams, 'search'));
    }
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    callsMatching: (path, match = {}) =>
      calls.filter(
        (call) =>
          call.path === path &&
          Object.entries(match).every(([name, value]) => call.params.get(name) === value),
      ),
    async close() {
      for (const timer of timers) {
        clearTimeout(timer);
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
