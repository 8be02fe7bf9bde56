// Shared by start and build scripts: decide whether a build output is older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const skip = new Set(['node_modules', 'dist', 'data', '.git', 'test-results']);

export function newestMtime(paths) {
  let newest = 0;
  const walk = (entry) => {
    if (!existsSync(entry)) {
      return;
    }
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const child of readdirSync(entry)) {
        if (!skip.has(child)) {
          walk(path.join(entry, child));
        }
      }
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  paths.forEach(walk);
  return newest;
}

export function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestMtime(sources);
}
