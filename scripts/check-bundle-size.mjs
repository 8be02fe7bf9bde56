// The web app's first-load budget (issues 12 and 14), checked on the build: facts, not timings, so `npm test` fails
// when they break.
// 1. Initial JavaScript: what web/dist/index.html loads before any route chunk — its entry script and every
//    modulepreload link — summed as gzip, at most 200 kB.
// 2. The pre-painted pages (web/dist/sign-in.html, projects.html, library.html and project.html, sent for /auth,
//    /projects, a project's library and its other screens on the service host) paint before any of the app's scripts: each may load at most the small boot script before its first
//    paint. Also reported: what the sign-in screen loads in all (entry, its shell and its own chunk, from Vite's
//    manifest).
// 3. Every text file of the build has its brotli and gzip copy (the server sends those; it compresses nothing
//    static per request).
// Run after `npm run build:web`, or with `--build` to build the web app first when its sources are newer than
// web/dist (the rule `npm start` uses, so the browser journeys reuse the build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isStale } from './build-lib.mjs';

// Kilobytes of 1,000 bytes, the unit Vite's build report prints.
export const budgetKb = 200;
/** The sign-in page's scripts before its first paint: the boot script only. */
export const prePaintedBeforePaintBudgetKb = 2;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** The JavaScript addresses a page makes the browser fetch at once: module scripts, modulepreloads, scripts. */
export function initialScripts(html) {
  const addresses = new Set();
  // Scripts kept in a <template> are inert until a script puts them into the page.
  const live = html.replace(/<template\b[\s\S]*?<\/template>/g, '');
  for (const tag of live.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc="/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const address = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && address) {
      addresses.add(address);
    }
  }
  return [...addresses];
}

/** The module scripts a page holds back in its <template id="boot-scripts"> (loaded after the first paint). */
export function deferredScripts(html) {
  const template = /<template id="boot-scripts"[^>]*>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
  return initialScripts(template);
}

/** Every chunk a manifest entry pulls in through static imports, itself included. */
export function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) {
    return seen;
  }
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) {
    staticClosure(manifest, imported, seen);
  }
  return seen;
}

/**
 * A source's chunk in Vite's manifest: keyed by the source, or, when a code-splitting group took the module in
 * (web/vite.config.ts), by the group's chunk (`_<group>-<hash>.js`; the groups are named after their module).
 */
export function chunkKey(manifest, source) {
  if (manifest[source]) {
    return source;
  }
  const name = path.basename(source).replace(/\.[^.]+$/, '');
  return Object.keys(manifest).find((key) => key.startsWith(`_${name}-`) && key.endsWith('.js'));
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

function sizesOf(file) {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  return {
    file,
    rawKb: bytes.length / 1000,
    gzipKb: gzipSync(bytes, { level: 9 }).length / 1000,
    brotliKb: brotliCompressSync(bytes).length / 1000,
  };
}

function printTable(title, files) {
  const rows = files.map(sizesOf).sort((a, b) => b.gzipKb - a.gzipKb);
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const width = Math.max(...rows.map((row) => row.file.length), title.length, 'total'.length);
  const line = (file, ...values) =>
    `${file.padEnd(width)}${values.map((value) => value.padStart(10)).join('  ')}`;
  console.log(line(title, 'raw kB', 'gzip kB', 'br kB'));
  for (const row of rows) {
    console.log(line(row.file, row.rawKb.toFixed(2), row.gzipKb.toFixed(2), row.brotliKb.toFixed(2)));
  }
  console.log(
    line('total', total('rawKb').toFixed(2), total('gzipKb').toFixed(2), total('brotliKb').toFixed(2)),
  );
  return { gzipKb: total('gzipKb'), brotliKb: total('brotliKb') };
}

function readPage(name) {
  const file = path.join(dist, name);
  if (!existsSync(file)) {
    console.error(`web/dist/${name} is missing: run \`npm run build:web\` first`);
    process.exit(1);
  }
  return readFileSync(file, 'utf8');
}

/** Text files without their .br or .gz copy (web/build/precompress.ts skips a copy only when it is not smaller). */
function missingCopies() {
  const missing = [];
  for (const entry of readdirSync(dist, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !compressible.test(entry.name) || entry.parentPath.includes(`${path.sep}.vite`)) {
      continue;
    }
    const size = readFileSync(file).length;
    for (const suffix of ['.br', '.gz']) {
      // Files of a few bytes may not shrink; anything of a kilobyte does.
      if (!existsSync(`${file}${suffix}`) && size >= 1000) {
        missing.push(path.relative(dist, `${file}${suffix}`));
      }
    }
  }
  return missing;
}

function measure() {
  const problems = [];

  const initial = printTable('initial script', initialScripts(readPage('index.html')));
  if (initial.gzipKb > budgetKb) {
    problems.push(
      `initial JavaScript is ${initial.gzipKb.toFixed(2)} kB gzip, over the budget of ${budgetKb} kB`,
    );
  } else {
    console.log(`within the budget of ${budgetKb} kB gzip\n`);
  }

  for (const [name, file] of [
    ['sign-in', 'sign-in.html'],
    ['projects', 'projects.html'],
    ['library', 'library.html'],
    ['project', 'project.html'],
  ]) {
    const html = readPage(file);
    const beforePaint = printTable(`${name}: before its first paint`, initialScripts(html));
    if (beforePaint.gzipKb > prePaintedBeforePaintBudgetKb) {
      problems.push(
        `the ${name} page loads ${beforePaint.gzipKb.toFixed(2)} kB gzip of scripts before its first paint, over ${prePaintedBeforePaintBudgetKb} kB`,
      );
    }
    if (deferredScripts(html).length === 0) {
      problems.push(`the ${name} page holds no app scripts to load after its first paint`);
    }
  }

  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const sources = ['index.html', 'app/layouts/service-shell.tsx', 'features/auth/sign-in-screens.ts'];
    const chunks = new Set();
    for (const source of sources) {
      const key = chunkKey(manifest, source);
      if (!key) {
        problems.push(`Vite's manifest has no chunk for ${source}`);
      }
      staticClosure(manifest, key, chunks);
    }
    const files = [...chunks].map((key) => `/${manifest[key].file}`);
    console.log('');
    const screen = printTable('sign-in: scripts of the whole screen', files);
    console.log(
      `(after the first paint; ${screen.brotliKb.toFixed(2)} kB as brotli, which the server sends to browsers that accept it)\n`,
    );
  }

  const missing = missingCopies();
  if (missing.length > 0) {
    problems.push(
      `compressed copies missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`,
    );
  } else {
    console.log('every text file of the build has its .br and .gz copy');
  }

  // React Router's development build (web/build/react-router-production.ts) keeps this warning; its production
  // build drops it with the rest of the router's development checks.
  const entryChunk = initialScripts(readPage('index.html')).find((file) => /\/index-[^/]+\.js$/.test(file));
  if (!entryChunk) {
    problems.push('index.html loads no entry chunk');
  } else if (readFileSync(path.join(dist, entryChunk), 'utf8').includes('You rendered descendant <Routes>')) {
    problems.push(`${entryChunk} holds React Router's development build`);
  } else {
    console.log(`${entryChunk} holds React Router's production build`);
  }

  for (const problem of problems) {
    console.error(problem);
  }
  if (problems.length > 0) {
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--build')) {
    buildWhenStale();
  }
  measure();
}
