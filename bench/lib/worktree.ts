import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, symlink, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A checkout of one commit in a temporary git worktree, sharing the main checkout's node_modules. */
export type Worktree = {
  commit: string;
  dir: string;
  remove(): Promise<void>;
};

export async function git(root: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

/** The full hash of a commit-ish (`b5290df^`, `HEAD`), or an error naming it. */
export async function resolveCommit(root: string, name: string): Promise<string> {
  try {
    return await git(root, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]);
  } catch {
    throw new Error(`BENCH_COMPARE: ${JSON.stringify(name)} is not a commit in ${root}`);
  }
}

/**
 * `git worktree add --detach` into a temporary directory, with node_modules linked from the main checkout
 * when the commit's package-lock.json is the same, or installed with `npm ci` when it is not (a server
 * built against other packages cannot run on these), and the commit's own server build
 * (`scripts/build-server.mjs` → `dist/server/main.mjs`). `onCreated` gets the removal for the cleanup.
 */
export async function checkoutWorktree(
  root: string,
  commit: string,
  onCreated: (worktree: Worktree) => void,
): Promise<Worktree> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-bench-worktree-'));
  const dir = path.join(parent, commit.slice(0, 12));
  const modules = path.join(dir, 'node_modules');
  let added = false;
  const worktree: Worktree = {
    commit,
    dir,
    remove: async () => {
      // The link first, so nothing that removes the tree can follow it into the main checkout's packages
      // (an installed node_modules is a directory: unlink leaves it to the removal of the tree).
      await unlink(modules).catch(() => undefined);
      if (added) {
        await git(root, ['worktree', 'remove', '--force', dir]);
      }
      await rm(parent, { recursive: true, force: true });
    },
  };
  onCreated(worktree);
  await git(root, ['worktree', 'add', '--detach', dir, commit]);
  added = true;
  const lock = (where: string) => fileDigest(path.join(where, 'package-lock.json'));
  if ((await lock(dir)) === (await lock(root))) {
    await symlink(path.join(root, 'node_modules'), modules, 'dir');
  } else {
    process.stderr.write(`  ${commit.slice(0, 12)} has other packages: npm ci in its worktree\n`);
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  }
  await run(process.execPath, [path.join(dir, 'scripts', 'build-server.mjs')], { cwd: dir });
  return worktree;
}

/**
 * A digest of a folder's file names and contents, recursively (the migrations and their journal), to tell
 * whether two checkouts create the same schema.
 */
export async function folderDigest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (current: string): Promise<void> => {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      hash.update(`${path.relative(dir, full)}\0`);
      if (entry.isDirectory()) {
        await walk(full);
      } else {
        hash.update(await readFile(full));
        hash.update('\0');
      }
    }
  };
  await walk(dir);
  return hash.digest('hex');
}

export async function fileDigest(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}
