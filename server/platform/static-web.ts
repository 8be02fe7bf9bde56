import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webDistDir } from './paths.ts';

/** Sends the web app's page for an address the SPA routes itself. */
export type SendAppPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** index.html with the sign-in page drawn in plain HTML before the scripts run (web/build/sign-in-page.ts). */
const signInPageFile = 'sign-in.html';

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
  options: { root?: string; serviceHost: string },
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
    globIgnore: ['**/*.br', '**/*.gz', signInPageFile],
    // Our own cache headers below; `max-age=0` from send would only repeat them.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', filePath.includes(assets) ? immutable : revalidate);
    },
  });
  const hasSignInPage = existsSync(path.join(root, signInPageFile));
  // Only the service host's sign-in: an app host's shows the app's own name and colours, which the static page
  // cannot know.
  const isSignIn = (request: FastifyRequest) =>
    hasSignInPage && request.host === options.serviceHost && request.url.split('?')[0] === '/auth';
  return (request, reply) => reply.sendFile(isSignIn(request) ? signInPageFile : 'index.html');
}
