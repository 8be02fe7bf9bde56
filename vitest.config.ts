import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/*
 * Test files share their worker's modules (`isolate: false`): importing the whole server or the web app once
 * per worker instead of once per file took the server's suite from 382 s to 116 s on PostgreSQL and the web's
 * from 148 s to 65 s. A file that replaces a module with `vi.mock` cannot share (the module may already be
 * loaded, unmocked); such files are found here and run in an isolated project of their own.
 */
const mocking = /\bvi\.(mock|doMock)\(/;

function testFiles(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => name.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));
}

function byMocking(dir: string, name: RegExp): { shared: string[]; isolated: string[] } {
  const files = testFiles(dir, name);
  const isolated = files.filter((file) => mocking.test(readFileSync(file, 'utf8')));
  return { shared: files.filter((file) => !isolated.includes(file)), isolated };
}

const server = byMocking('server', /\.test\.ts$/);
const web = byMocking('web', /\.test\.tsx?$/);

const serverTest = {
  globalSetup: ['server/test/global-setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

const webTest = {
  environment: 'jsdom',
  // Screens rendered in jsdom with user events take seconds on a loaded two-core machine; 5 s (the
  // default) cut off tests that were only slow, not stuck.
  testTimeout: 20_000,
  setupFiles: ['web/test/setup.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on the two-core machines we run on,
    // which left a core idle while the test files ran one after another. Each file starts its own server.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The bench's own arithmetic (its measurements run in `npm run bench`, not here).
      { test: { name: 'bench', include: ['bench/lib/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', include: server.shared, isolate: false, ...serverTest } },
      ...(server.isolated.length > 0
        ? [{ test: { name: 'server-isolated', include: server.isolated, ...serverTest } }]
        : []),
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'web', include: web.shared, isolate: false, ...webTest },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: { name: 'web-isolated', include: web.isolated, ...webTest },
      },
    ],
  },
});
