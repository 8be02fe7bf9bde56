import type { Plugin, Rolldown } from 'vite';

/** V8's explicit compile hint (Chrome 136): every function of the file is compiled while it streams in. */
export const compileEagerlyHint = '//# allFunctionsCalledOnLoad';

/** Puts the hint at the very top of every entry chunk (where V8 looks for it), once. */
export function markEntriesForEagerCompilation(bundle: Rolldown.OutputBundle): void {
  const entries = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk' && output.isEntry,
  );
  if (entries.length === 0) {
    throw new Error('compile-hints: the bundle has no entry chunk');
  }
  for (const entry of entries) {
    if (!entry.code.startsWith(compileEagerlyHint)) {
      entry.code = `${compileEagerlyHint}\n${entry.code}`;
    }
  }
}

/**
 * Marks the entry chunk for eager compilation. V8 compiles a function lazily, on the main thread, the first time it
 * is called; nearly every function of the entry (React, the router, Mantine's core, TanStack Query, zod) runs
 * while the first screen starts. With the hint V8 compiles them on a background thread while the file downloads:
 * the sign-in page's main thread was busy about 10 % less (docs/DECISIONS.md). Other browsers ignore the comment.
 * Only the entry: the lazy chunks hold much that a screen never calls. The hint is added after the file's name
 * was hashed; every build adds it, so a name still stands for one content.
 */
export function compileHints(): Plugin {
  return {
    name: 'gemeinde:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        markEntriesForEagerCompilation(bundle);
      },
    },
  };
}
