import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webDistDir } from './paths.ts';

/** Sends the web app's page for an address the SPA routes itself. */
export type SendAppPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * What the page's head says about the address it is sent for, so link previews (messengers, social networks,
 * search engines) work without JavaScript: the title, `<meta>` tags (`property` for OpenGraph, `name` for the
 * others) and the canonical address. Every value is plain text; `withPageHead` escapes it.
 */
export type PageHead = {
  title: string;
  meta: Array<{ property: string; content: string } | { name: string; content: string }>;
  canonical?: string;
};

/** The head of an address, or null to send the page as built (features answer for their own addresses). */
export type PageHeadResolver = (request: FastifyRequest) => Promise<PageHead | null>;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * The built page with `head` in it: its title instead of the build's, its description instead of the build's
 * generic one, the tags and the canonical link before `</head>`.
 */
export function withPageHead(page: string, head: PageHead): string {
  const tags = [
    ...head.meta.map((tag) =>
      'property' in tag
        ? `<meta property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}" />`
        : `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}" />`,
    ),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`] : []),
  ];
  const describes = head.meta.some((tag) => 'name' in tag && tag.name === 'description');
  const withoutBuilt = (describes ? page.replace(/\s*<meta\s+name="description"[^>]*>/i, '') : page).replace(
    /<title>[^<]*<\/title>/i,
    '',
  );
  // A function, so a `$` in a title stays text (a replacement string would read `$&` as the match).
  return withoutBuilt.replace(
    /<\/head>/i,
    () => `<title>${escapeHtml(head.title)}</title>\n${tags.join('\n')}\n</head>`,
  );
}

/**
 * Copies of index.html with a screen drawn in plain HTML before the scripts run (web/build/pre-painted-pages.ts),
 * with the addresses on the service host that show them. Only the service host's: an app host's pages show the
 * app's own name and colours, which a static page cannot know.
 */
const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const prePaintedPages: { file: string; path: RegExp }[] = [
  { file: 'sign-in.html', path: /^\/auth$/ },
  { file: 'projects.html', path: /^\/projects$/ },
  // The project's library (its frame, and its screen's chunks asked for with the app's scripts).
  { file: 'library.html', path: new RegExp(`^/projects/${uuid}/cloud(/${uuid})?$`) },
  // A project's other screens, whatever is below its id; not /projects/create nor the e-mail unsubscribe page
  // (/projects/<id>/unsubscribe/<hash>, signed out), which have no project frame.
  {
    file: 'project.html',
    path: new RegExp(`^/projects/${uuid}(?!/unsubscribe/)(/|$)`),
  },
];

/**
 * Whether an unmatched request is an address of the SPA, which answers it with its page (and decides itself
 * what exists). Not the API, and not a file of `assets/` that this build does not have (a script of an older
 * build, say): the browser gets a 404 for it, never the page under a script's name.
 */
export function isAppPageRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith('/api') &&
    !request.url.startsWith('/assets/')
  );
}

const immutable = 'public, max-age=31536000, immutable';
/** The page and the unhashed files (robots.txt, the manifest, icons) are revalidated on every use (ETag). */
const revalidate = 'no-cache';

/**
 * Serves the built SPA. `web/dist/assets` holds only files with a content hash in their names, cached for a
 * year as immutable; everything else (index.html above all, which names the current hashes) is revalidated
 * every time. The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file
 * (web/vite.config.ts); the copy the request accepts is sent with `Content-Encoding`, and every answer says
 * `Vary: Accept-Encoding`. The copies have no addresses of their own.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  options: { root?: string; serviceHost: string; pageHead?: PageHeadResolver },
): Promise<SendAppPage | null> {
  const root = options.root ?? webDistDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(
      { webDistDir: root },
      'web build missing; the API runs without the web app (npm start builds it)',
    );
    return null;
  }
  const assets = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', ...prePaintedPages.map(({ file }) => file)],
    // Our own cache headers below; `max-age=0` from send would only repeat them.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', filePath.includes(assets) ? immutable : revalidate);
    },
  });
  const built = prePaintedPages.filter(({ file }) => existsSync(path.join(root, file)));
  const prePaintedFile = (request: FastifyRequest) => {
    const address = request.url.split('?')[0] ?? '';
    return request.host === options.serviceHost
      ? built.find((page) => page.path.test(address))?.file
      : undefined;
  };
  // The page with a head of its own is built per request from the page read once; it is as uncacheable as
  // the page itself (no-cache, revalidated by its ETag) and compressed like every answer built in memory.
  let page: Promise<string> | undefined;
  const sendWithHead = async (request: FastifyRequest, reply: FastifyReply, head: PageHead) => {
    page ??= readFile(path.join(root, 'index.html'), 'utf8');
    const html = withPageHead(await page, head);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    void reply.header('cache-control', revalidate).header('etag', etag);
    if (request.headers['if-none-match'] === etag) {
      return reply.status(304).send();
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };
  return async (request, reply) => {
    const prePainted = prePaintedFile(request);
    if (prePainted) {
      return reply.sendFile(prePainted);
    }
    const head = options.pageHead ? await headOf(options.pageHead, request) : null;
    return head ? sendWithHead(request, reply, head) : reply.sendFile('index.html');
  };
}

/** A resolver's head; a failing resolver costs the preview, never the page. */
async function headOf(resolve: PageHeadResolver, request: FastifyRequest): Promise<PageHead | null> {
  try {
    return await resolve(request);
  } catch (error) {
    request.log.warn({ err: error }, 'page head failed; sending the page as built');
    return null;
  }
}
