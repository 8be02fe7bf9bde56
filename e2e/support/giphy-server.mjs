// A stand-in for Giphy's API for the browser journeys (started by e2e/playwright.config.ts): the server's real
// Giphy client (server/features/gifs/giphy.client.ts) talks to it over HTTP, as it would to api.giphy.com.
// GET /v1/gifs/trending, /v1/gifs/search and /v1/gifs/{id} answer in Giphy's documented shape, with image addresses on this
// server; /media/{id}/{name}.gif serves a tiny valid GIF in the GIF's own colour. The search `leer` finds
// nothing. GET /health tells Playwright it is up.
import { createServer } from 'node:http';

const port = Number(process.env.GIPHY_PORT ?? 3199);
const host = '127.0.0.1';
const apiKey = process.env.GIPHY_API_KEY ?? 'e2e-key';
const origin = `http://${host}:${port}`;

/** Every catalogue holds this many GIFs: a few pages, then the end. */
const catalogueSize = 60;
const heights = [150, 200, 260, 120, 180];
const colours = [
  [99, 102, 241],
  [236, 72, 153],
  [20, 184, 166],
  [245, 158, 11],
  [59, 130, 246],
  [168, 85, 247],
];

function gifOf(index, prefix) {
  const id = `${prefix}${index}`;
  const height = heights[index % heights.length];
  const media = (name) => `${origin}/media/${id}/${name}`;
  return {
    type: 'gif',
    id,
    url: `https://giphy.com/gifs/${id}`,
    slug: `e2e-${id}`,
    title: `${prefix === 'trend' ? 'Trend' : 'Treffer'} ${index + 1} GIF`,
    rating: 'g',
    images: {
      // Giphy sends dimensions as strings.
      original: { url: media('giphy.gif'), width: '400', height: String(height * 2), size: '43' },
      downsized: { url: media('giphy-downsized.gif'), width: '200', height: String(height), size: '43' },
      fixed_width: { url: media('200w.gif'), width: '200', height: String(height), size: '43' },
    },
  };
}

function pageOf(params, prefix, total) {
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0);
  const limit = Math.max(1, Number(params.get('limit') ?? 25) || 25);
  const data = [];
  for (let index = offset; index < Math.min(offset + limit, total); index += 1) {
    data.push(gifOf(index, prefix));
  }
  return {
    data,
    pagination: { total_count: total, count: data.length, offset },
    meta: { status: 200, msg: 'OK', response_id: 'e2e' },
  };
}

/** A 1×1 GIF of one colour (the classic smallest GIF, without the transparency extension). */
function pixelGif([red, green, blue]) {
  const screen = [1, 0, 1, 0, 0x80, 0, 0]; // 1×1, a global colour table of two entries
  const palette = [red, green, blue, 0, 0, 0];
  const image = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]; // one 1×1 image at 0,0
  const pixels = [2, 2, 0x44, 1, 0]; // LZW: clear, colour 0, end
  return Buffer.concat([
    Buffer.from('GIF89a'),
    Buffer.from([...screen, ...palette, ...image, ...pixels, 0x3b]),
  ]);
}

function colourOf(id) {
  const index = [...id].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return colours[index % colours.length];
}

function send(response, status, body, type = 'application/json') {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(type === 'application/json' ? JSON.stringify(body) : body);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', origin);
  if (request.method !== 'GET') {
    return send(response, 405, { meta: { status: 405, msg: 'Method Not Allowed' } });
  }
  if (url.pathname === '/health') {
    return send(response, 200, { ok: true });
  }
  const media = /^\/media\/([\w-]+)\/[\w-]+\.gif$/.exec(url.pathname);
  if (media) {
    return send(response, 200, pixelGif(colourOf(media[1])), 'image/gif');
  }
  if (url.searchParams.get('api_key') !== apiKey) {
    return send(response, 401, { message: 'Invalid authentication credentials' });
  }
  if (url.pathname === '/v1/gifs/trending') {
    return send(response, 200, pageOf(url.searchParams, 'trend', catalogueSize));
  }
  const single = /^\/v1\/gifs\/(trend|search)(\d+)$/.exec(url.pathname);
  if (single && Number(single[2]) < catalogueSize) {
    return send(response, 200, {
      data: gifOf(Number(single[2]), single[1]),
      meta: { status: 200, msg: 'OK' },
    });
  }
  if (url.pathname === '/v1/gifs/search') {
    const query = (url.searchParams.get('q') ?? '').trim();
    return send(response, 200, pageOf(url.searchParams, 'search', query === 'leer' ? 0 : catalogueSize));
  }
  return send(response, 404, { meta: { status: 404, msg: 'Not Found' } });
});

server.listen(port, host, () => {
  console.log(`Fake Giphy listening on ${origin}`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
