// The web app's initial JavaScript budget (issue 12, "Performance"): what web/dist/index.html loads before any
// route chunk — its entry script and every modulepreload link — summed as gzip. A build fact, not a timing, so
// `npm test` fails past the budget. Run after `npm run build:web`, or with `--build` to build the web app first
// when its sources are newer than web/dist (the rule `npm start` uses, so the browser journeys reuse the build).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { isStale } from './build-lib.mjs';

// Kilobytes of 1,000 bytes, the unit Vite's build report prints.
export const budgetKb = 200;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');

/** The JavaScript addresses index.html makes the browser fetch at once: module scripts and modulepreloads. */
export function initialScripts(html) {
  const addresses = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /\btype="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const address = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && address) {
      addresses.add(address);
    }
  }
  return [...addresses];
}

function buildWhenStale() {
  if (!isStale(path.join(dist, 'index.html'), [path.join(root, 'web'), path.join(root, 'contracts')])) {
    return;
  }
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
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

function measure() {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    console.error('web/dist/index.html is missing: run `npm run build:web` first');
    process.exit(1);
  }
  const rows = initialScripts(readFileSync(indexFile, 'utf8')).map((address) => {
    const bytes = readFileSync(path.join(dist, address.replace(/^\//, '')));
    return { file: address, rawKb: bytes.length / 1000, gzipKb: gzipSync(bytes, { level: 9 }).length / 1000 };
  });
  rows.sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = rows.reduce((sum, row) => sum + row.gzipKb, 0);
  const width = Math.max(...rows.map((row) => row.file.length), 'total'.length);
  const line = (file, raw, gzip) => `${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  console.log(line('initial script', 'raw kB', 'gzip kB'));
  for (const row of rows) {
    console.log(line(row.file, row.rawKb.toFixed(2), row.gzipKb.toFixed(2)));
  }
  console.log(line('total', '', totalKb.toFixed(2)));
  if (totalKb > budgetKb) {
    console.error(`initial JavaScript is ${totalKb.toFixed(2)} kB gzip, over the budget of ${budgetKb} kB`);
    process.exit(1);
  }
  console.log(`within the budget of ${budgetKb} kB gzip`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--build')) {
    buildWhenStale();
  }
  measure();
}
