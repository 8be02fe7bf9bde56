// `npm test`: typecheck, lint, unit and API tests (Vitest), then browser journeys (Playwright in Debian's Chromium).
// Each step runs even when an earlier one failed, so one run shows every problem; the exit code is non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './ensure-system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

// The static checks run side by side (each keeps one core busy); their output is shown when each ends.
const checks = [
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
];

const steps = [
  ['node engines', process.execPath, [path.join(root, 'scripts', 'check-engines.mjs')]],
  checks,
  ['unit and API tests', bin('vitest'), ['run']],
  // Builds the web app when stale (as `npm start` would, so the journeys reuse it), then checks the budget.
  [
    'initial JavaScript budget',
    process.execPath,
    [path.join(root, 'scripts', 'check-bundle-size.mjs'), '--build'],
  ],
  ['browser journeys', bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts']],
];

const env = { ...process.env, FORCE_COLOR: '1' };
const failed = [];

function report(name, started, status) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${status === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (status !== 0) {
    failed.push(name);
  }
}

/** Runs one step with its output buffered, printed once it ends. */
function runBuffered([name, command, args], started) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(output));
      report(name, started, code);
      resolve();
    });
  });
}

ensureSystemPackages();
for (const step of steps) {
  const started = Date.now();
  if (Array.isArray(step[0])) {
    console.log(`\n▶ ${step.map(([name]) => name).join(' and ')} (side by side)`);
    await Promise.all(step.map((check) => runBuffered(check, started)));
    continue;
  }
  const [name, command, args] = step;
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  report(name, started, result.status);
}
if (failed.length > 0) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed');
