// `npm test`: typecheck, lint, unit and API tests (Vitest), then browser journeys (Playwright in Debian's Chromium).
// Each step runs even when an earlier one failed, so one run shows every problem; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemPackages } from './ensure-system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const steps = [
  ['node engines', process.execPath, [path.join(root, 'scripts', 'check-engines.mjs')]],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['--max-warnings', '0', '.']],
  ['unit and API tests', bin('vitest'), ['run']],
  // Builds the web app when stale (as `npm start` would, so the journeys reuse it), then checks the budget.
  [
    'initial JavaScript budget',
    process.execPath,
    [path.join(root, 'scripts', 'check-bundle-size.mjs'), '--build'],
  ],
  ['browser journeys', bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts']],
];

ensureSystemPackages();
const failed = [];
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    console.log(`✔ ${name} (${seconds} s)`);
  } else {
    console.log(`✘ ${name} (${seconds} s)`);
    failed.push(name);
  }
}
if (failed.length > 0) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test passed');
