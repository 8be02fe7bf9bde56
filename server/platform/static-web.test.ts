import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionThresholdBytes, negotiateEncoding, registerCompression } from './compression.ts';
import { isAppPageRequest, registerStaticWeb } from './static-web.ts';

// A build as web/vite.config.ts writes it: hashed files in assets/ with their .br and .gz copies, the page,
// robots.txt and the manifest at the top.
const script = `export const greeting = ${JSON.stringify('Hallo '.repeat(400))};\n`;
const page = '<!doctype html><html lang="de"><head><title>Gemeinde</title></head><body></body></html>';
const signInPage = page.replace('<body>', '<body><div id="boot-skeleton"><h1>Anmelden</h1></div>');
const projectsPage = page.replace('<body>', '<body><div id="boot-skeleton"><h1>Projekte</h1></div>');
const projectPage = page.replace('<body>', '<body><div id="boot-skeleton"></div>');
const libraryPage = projectPage.replace(
  '</head>',
  '<link rel="modulepreload" href="/assets/cloud.js"></head>',
);
const projectId = '019de35e-8234-717c-b12c-d08bc231b874';
const serviceHost = 'gemeinde.example';
const manifest = JSON.stringify({ name: 'Gemeinde', icons: [] });
const largeList = {
  data: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Datei ${index}.pdf` })),
};

let dist: string;
let app: FastifyInstance;

async function writeBuilt(file: string, content: string): Promise<void> {
  const target = path.join(dist, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  await writeFile(`${target}.br`, brotliCompressSync(content));
  await writeFile(`${target}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'gemeinde-web-dist-'));
  await writeBuilt('assets/index-AbCd1234.js', script);
  await writeBuilt('index.html', page);
  await writeBuilt('sign-in.html', signInPage);
  await writeBuilt('projects.html', projectsPage);
  await writeBuilt('project.html', projectPage);
  await writeBuilt('library.html', libraryPage);
  await writeBuilt('manifest.webmanifest', manifest);
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  await writeFile(
    path.join(dist, 'assets', 'inter-latin-Ef567890.woff2'),
    Buffer.from([0x77, 0x4f, 0x46, 0x32]),
  );

  app = Fastify({ logger: false });
  registerCompression(app);
  app.get('/api/large', async () => largeList);
  app.get('/api/small', async () => ({ ok: true }));
  const sendAppPage = await registerStaticWeb(app, { root: dist, serviceHost });
  app.setNotFoundHandler(async (request, reply) =>
    sendAppPage && isAppPageRequest(request)
      ? sendAppPage(request, reply)
      : reply.status(404).send({ code: 'NOT_FOUND' }),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, host = serviceHost) =>
  app.inject({
    method: 'GET',
    url,
    headers: { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the built web app', () => {
  it('sends the brotli copy of a script when the browser accepts brotli', async () => {
    const response = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-AbCd1234.js', 'gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);

    const plain = await get('/assets/index-AbCd1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('caches hashed assets for a year as immutable, fonts included', async () => {
    for (const url of ['/assets/index-AbCd1234.js', '/assets/inter-latin-Ef567890.woff2']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never lets a cache keep the page, at its own address or any address of the SPA', async () => {
    for (const url of ['/index.html', '/', '/projects/123/cloud', '/auth/signup?next=%2Fprojects']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it("sends the service host's sign-in and project addresses their pre-painted pages, and no other", async () => {
    const signIn = await get('/auth?next=%2Fprojects', 'br');
    expect(signIn.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(signIn.rawPayload).toString()).toBe(signInPage);
    const projects = await get('/projects?tab=archived', 'br', serviceHost);
    expect(projects.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(projects.rawPayload).toString()).toBe(projectsPage);

    for (const url of [`/projects/${projectId}`, `/projects/${projectId}/members`]) {
      expect(brotliDecompressSync((await get(url, 'br')).rawPayload).toString(), url).toBe(projectPage);
    }
    for (const url of [
      `/projects/${projectId}/cloud`,
      `/projects/${projectId}/cloud/${projectId}?view=list`,
    ]) {
      expect(brotliDecompressSync((await get(url, 'br')).rawPayload).toString(), url).toBe(libraryPage);
    }
    // Below a folder is another screen of the project (none today, so the router's own "not found").
    const belowFolder = await get(`/projects/${projectId}/cloud/${projectId}/x`, 'br');
    expect(brotliDecompressSync(belowFolder.rawPayload).toString()).toBe(projectPage);

    for (const url of ['/auth', '/projects', `/projects/${projectId}/cloud`]) {
      const onAppHost = await get(url, 'br', 'app.gemeinde.example');
      expect(brotliDecompressSync(onAppHost.rawPayload).toString(), url).toBe(page);
    }
    for (const url of [
      '/auth/signup',
      '/projects/create',
      '/projects/123',
      `/projects/${projectId}x`,
      `/projects/${projectId}/unsubscribe/abc`,
      '/sign-in.html',
      '/projects.html',
      '/project.html',
      '/library.html',
    ]) {
      expect((await get(url)).body, url).toBe(page);
    }
  });

  it('answers robots.txt with a robots file and the manifest as a web app manifest', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');

    const served = await get('/manifest.webmanifest', 'gzip');
    expect(served.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(served.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(served.rawPayload).toString())).toEqual(JSON.parse(manifest));
  });

  it('gives the compressed copies no address of their own and a missing asset a 404, not the page', async () => {
    expect((await get('/assets/index-AbCd1234.js.br')).statusCode).toBe(404);
    expect((await get('/assets/index-Old99999.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/unknown', 'br')).statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('are compressed with brotli or gzip, as accepted, from the threshold on', async () => {
    const expected = JSON.stringify(largeList);
    expect(Buffer.byteLength(expected)).toBeGreaterThan(compressionThresholdBytes);

    const br = await get('/api/large', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(expected) / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzipped = await get('/api/large', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(expected);

    const plain = await get('/api/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(expected);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('stay as they are below the threshold', async () => {
    const small = await get('/api/small', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('honour q=0 and the wildcard when choosing the encoding', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('pages with a head of their own (link previews)', () => {
  const bigPage = page.replace(
    '<body></body>',
    `<body><div id="root"></div>${'<!-- Gemeinde -->'.repeat(80)}</body>`,
  );
  const builtPage = bigPage.replace(
    '<title>Gemeinde</title>',
    '<meta name="description" content="Allgemein" /><title>Gemeinde</title>',
  );
  let previews: FastifyInstance;
  let previewDist: string;

  beforeAll(async () => {
    previewDist = await mkdtemp(path.join(tmpdir(), 'gemeinde-web-preview-'));
    await writeFile(path.join(previewDist, 'index.html'), builtPage);
    previews = Fastify({ logger: false });
    registerCompression(previews);
    const sendAppPage = await registerStaticWeb(previews, {
      root: previewDist,
      serviceHost,
      pageHead: async (request) => {
        if (request.url.startsWith('/kaputt')) {
          throw new Error('database gone');
        }
        return request.url.startsWith('/p/')
          ? {
              title: 'Tom & Jerry <script>alert(1)</script> $& "zitiert"',
              meta: [
                { name: 'description', content: 'Beschreibung mit "Anführung" & <b>Tags</b>' },
                { property: 'og:title', content: "Titel mit 'Apostroph'" },
                { name: 'twitter:card', content: 'summary' },
              ],
              canonical: 'https://app.gemeinde.example/akademie/groups/g/raum/p/beitrag?a=1&b=<2>',
            }
          : null;
      },
    });
    previews.setNotFoundHandler(async (request, reply) =>
      sendAppPage ? sendAppPage(request, reply) : reply.status(404).send(),
    );
    await previews.ready();
  });

  afterAll(async () => {
    await previews.close();
    await rm(previewDist, { recursive: true, force: true });
  });

  const open = (url: string, headers: Record<string, string> = {}) =>
    previews.inject({ method: 'GET', url, headers: { host: serviceHost, ...headers } });

  it('writes the title, tags and canonical link into the head, escaped, and drops the built ones', async () => {
    const response = await open('/p/beitrag');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain(
      '<title>Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; $&amp; &quot;zitiert&quot;</title>',
    );
    expect(html).not.toContain('<title>Gemeinde</title>');
    expect(html).not.toContain('content="Allgemein"');
    expect(html).toContain(
      '<meta name="description" content="Beschreibung mit &quot;Anführung&quot; &amp; &lt;b&gt;Tags&lt;/b&gt;" />',
    );
    expect(html).toContain('<meta property="og:title" content="Titel mit &#39;Apostroph&#39;" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      '<link rel="canonical" href="https://app.gemeinde.example/akademie/groups/g/raum/p/beitrag?a=1&amp;b=&lt;2&gt;" />',
    );
    expect(html).not.toContain('<script>');
    // The rest of the page is the build's.
    expect(html).toContain('<div id="root"></div>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('is revalidated like the page, answers its ETag with 304 and is compressed', async () => {
    const response = await open('/p/beitrag', { 'accept-encoding': 'br' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('og:title');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await open('/p/beitrag', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await open('/p/beitrag', { 'if-none-match': '"anders"' })).statusCode).toBe(200);
  });

  it('sends the page as built where no feature answers, and when the answer fails', async () => {
    for (const url of ['/projects', '/kaputt/p/x']) {
      const response = await open(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(builtPage);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
