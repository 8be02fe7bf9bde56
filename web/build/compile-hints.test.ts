import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { compileEagerlyHint, markEntriesForEagerCompilation } from './compile-hints';

function bundleOf(chunks: { fileName: string; isEntry: boolean; code: string }[]): Rolldown.OutputBundle {
  return Object.fromEntries(
    chunks.map((chunk) => [chunk.fileName, { type: 'chunk', ...chunk }]),
  ) as unknown as Rolldown.OutputBundle;
}

const codeOf = (bundle: Rolldown.OutputBundle, fileName: string) =>
  (bundle[fileName] as Rolldown.OutputChunk).code;

describe('markEntriesForEagerCompilation', () => {
  it('puts the hint on the first line of the entry and leaves the lazy chunks alone', () => {
    const bundle = bundleOf([
      { fileName: 'assets/index.js', isEntry: true, code: 'const a=1;' },
      { fileName: 'assets/screen.js', isEntry: false, code: 'const b=2;' },
    ]);
    markEntriesForEagerCompilation(bundle);
    expect(codeOf(bundle, 'assets/index.js')).toBe(`${compileEagerlyHint}\nconst a=1;`);
    expect(codeOf(bundle, 'assets/screen.js')).toBe('const b=2;');
  });

  it('adds it once however often it runs', () => {
    const bundle = bundleOf([{ fileName: 'assets/index.js', isEntry: true, code: 'const a=1;' }]);
    markEntriesForEagerCompilation(bundle);
    markEntriesForEagerCompilation(bundle);
    expect(codeOf(bundle, 'assets/index.js')).toBe(`${compileEagerlyHint}\nconst a=1;`);
  });

  it('fails a bundle without an entry', () => {
    const bundle = bundleOf([{ fileName: 'assets/screen.js', isEntry: false, code: '' }]);
    expect(() => markEntriesForEagerCompilation(bundle)).toThrow(/no entry chunk/);
  });
});
