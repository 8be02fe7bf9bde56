import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistDir } from './paths.ts';

/** Serves the built SPA: hashed assets cached for a year, index.html never cached. */
export async function registerStaticWeb(app: FastifyInstance): Promise<boolean> {
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    app.log.warn({ webDistDir }, 'web build missing; the API runs without the web app (npm start builds it)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
