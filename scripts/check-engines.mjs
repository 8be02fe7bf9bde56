// `node scripts/check-engines.mjs`: every installed package supports every Node version package.json's
// `engines.node` promises, and the running Node is one of them. npm only warns about engines (and on Node 20
// quietly picks older majors), so a dependency that moves to Node ≥ 22 would otherwise slip in unnoticed;
// `npm test` runs this so the promise stays true. Fix a finding with an exact pin or an `overrides` entry.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every package.json under node_modules, nested copies included (npm puts a conflicting version there). */
function* installedPackages(directory) {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) {
      continue;
    }
    const folder = path.join(directory, entry.name);
    if (entry.name.startsWith('@')) {
      yield* installedPackages(folder);
      continue;
    }
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    yield { folder: path.relative(root, folder), manifest };
    yield* installedPackages(path.join(folder, 'node_modules'));
  }
}

/** The problems found: a package whose `engines.node` leaves out a Node version the project promises. */
export function checkEngines(promised, packages, runningVersion) {
  const problems = [];
  if (!semver.validRange(promised)) {
    return [`package.json engines.node "${promised}" is not a valid range`];
  }
  if (!semver.satisfies(runningVersion, promised)) {
    problems.push(`this Node (${runningVersion}) is outside package.json engines.node "${promised}"`);
  }
  for (const { folder, manifest } of packages) {
    const range = manifest.engines?.node;
    if (typeof range !== 'string') {
      continue;
    }
    const supported = semver.validRange(range) !== null && semver.subset(promised, range);
    if (!supported) {
      problems.push(`${folder} ${manifest.version} needs Node "${range}"`);
    }
  }
  return problems;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const promised = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node;
  if (typeof promised !== 'string') {
    console.error('package.json declares no engines.node');
    process.exit(1);
  }
  const packages = [...installedPackages(path.join(root, 'node_modules'))];
  const problems = checkEngines(promised, packages, process.versions.node);
  if (problems.length > 0) {
    console.error(`Node engines: ${problems.length} problem(s) with the promised range "${promised}":`);
    for (const problem of problems) {
      console.error(`  ${problem}`);
    }
    console.error('Pin an older version (or add an `overrides` entry) that supports the whole range.');
    process.exit(1);
  }
  console.log(
    `Node engines: ${packages.length} installed packages support "${promised}" (running ${process.version})`,
  );
}
