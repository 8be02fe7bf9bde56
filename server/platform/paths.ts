import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file so it works from source (tsx) and from the bundle. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) {
      return process.cwd();
    }
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, 'server', 'db', 'migrations');
export const webDistDir = path.join(projectRoot, 'web', 'dist');
