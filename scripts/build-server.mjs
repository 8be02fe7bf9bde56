// Bundles the server into dist/server/main.mjs (dependencies stay in node_modules).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: path.join(root, 'dist/server/main.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer();
  console.log('server built: dist/server/main.mjs');
}
