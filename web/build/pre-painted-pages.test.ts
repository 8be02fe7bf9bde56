import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { screenFiles } from './pre-painted-pages';

type Chunk = { fileName: string; isEntry?: boolean; moduleIds: string[]; imports?: string[]; css?: string[] };

/** A bundle with only what screenFiles reads of its chunks. */
function bundleOf(chunks: Chunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(
    chunks.map((chunk) => [
      chunk.fileName,
      {
        type: 'chunk',
        fileName: chunk.fileName,
        isEntry: chunk.isEntry ?? false,
        moduleIds: chunk.moduleIds,
        imports: chunk.imports ?? [],
        viteMetadata: { importedCss: new Set(chunk.css ?? []), importedAssets: new Set() },
      },
    ]),
  ) as unknown as Rolldown.OutputBundle;
}

const bundle = bundleOf([
  {
    fileName: 'assets/index.js',
    isEntry: true,
    moduleIds: ['/web/main.tsx'],
    imports: ['assets/runtime.js'],
  },
  { fileName: 'assets/runtime.js', moduleIds: ['\0runtime'] },
  {
    fileName: 'assets/shell.js',
    moduleIds: ['/web/shell.tsx'],
    imports: ['assets/ui.js', 'assets/runtime.js'],
    css: ['assets/shell.css'],
  },
  { fileName: 'assets/ui.js', moduleIds: ['/web/ui/a.tsx', '/web/ui/b.tsx'], css: ['assets/ui.css'] },
  {
    fileName: 'assets/library.js',
    moduleIds: ['/web/cloud/screens.tsx', '/web/cloud/grid.tsx'],
    imports: ['assets/ui.js', 'assets/format.js'],
    css: ['assets/library.css', 'assets/ui.css'],
  },
  { fileName: 'assets/format.js', moduleIds: ['/web/format.ts'] },
  { fileName: 'assets/other.js', moduleIds: ['/web/other.tsx'], imports: ['assets/ui.js'] },
]);

describe('screenFiles', () => {
  it('lists the chunks of the screen’s modules and their imports, depth first, once each, with their styles', () => {
    expect(screenFiles(bundle, ['/web/shell.tsx', '/web/cloud/screens.tsx'])).toEqual({
      scripts: ['assets/shell.js', 'assets/ui.js', 'assets/library.js', 'assets/format.js'],
      styles: ['assets/shell.css', 'assets/ui.css', 'assets/library.css'],
    });
  });

  it('leaves out what the entry loads itself and what the screen does not import', () => {
    const { scripts } = screenFiles(bundle, ['/web/ui/b.tsx']);
    expect(scripts).toEqual(['assets/ui.js']);
    expect(screenFiles(bundle, ['/web/main.tsx'])).toEqual({ scripts: [], styles: [] });
  });

  it('fails the build for a module that is in no chunk (a renamed screen)', () => {
    expect(() => screenFiles(bundle, ['/web/cloud/gone.tsx'])).toThrow(
      /no chunk holds \/web\/cloud\/gone\.tsx/,
    );
  });
});
