// `npm start`: builds what is missing or out of date (web app, server bundle), then runs the server.
// The server migrates the database itself at start-up.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from './build-lib.mjs';
import { buildServer } from './build-server.mjs';
import { ensureRuntimePackages } from './ensure-system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const role = process.argv.find((arg) => arg.startsWith('--role='));

ensureRuntimePackages();

if (role !== '--role=worker' && process.env.SERVE_WEB !== 'false') {
  if (isStale(at('web/dist/index.html'), [at('web'), at('contracts')])) {
    console.log('building the web app (once; later starts reuse it) …');
    const result = spawnSync(
      process.execPath,
      [
        at('node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        at('web/vite.config.ts'),
        '--logLevel',
        'warn',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (result.status !== 0) {
      console.error('web build failed');
      process.exit(result.status ?? 1);
    }
  }
}
if (isStale(at('dist/server/main.mjs'), [at('server'), at('contracts'), at('package.json')])) {
  console.log('building the server …');
  await buildServer();
}
await import(pathToFileURL(at('dist/server/main.mjs')).href);
