import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { chunkStylesheets, languageLinks, screenChunks } from './pre-painted-pages';

type Chunk = {
  fileName: string;
  isEntry?: boolean;
  moduleIds: string[];
  imports?: string[];
  css?: string[];
};

/** A bundle with only what screenChunks reads of its chunks. */
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
  },
  { fileName: 'assets/format.js', moduleIds: ['/web/format.ts'] },
  { fileName: 'assets/other.js', moduleIds: ['/web/other.tsx'], imports: ['assets/ui.js'] },
  {
    fileName: 'assets/locale-de.js',
    moduleIds: ['/web/i18n/locales/de/index.ts'],
    imports: ['assets/runtime.js'],
  },
  { fileName: 'assets/locale-en.js', moduleIds: ['/web/i18n/locales/en/index.ts'] },
]);

describe('screenChunks', () => {
  it('lists the chunks of the screen’s modules and their imports, depth first, once each', () => {
    expect(screenChunks(bundle, ['/web/shell.tsx', '/web/cloud/screens.tsx'])).toEqual([
      'assets/shell.js',
      'assets/ui.js',
      'assets/library.js',
      'assets/format.js',
    ]);
  });

  it('leaves out what the entry loads itself and what the screen does not import', () => {
    expect(screenChunks(bundle, ['/web/ui/b.tsx'])).toEqual(['assets/ui.js']);
    expect(screenChunks(bundle, ['/web/main.tsx'])).toEqual([]);
  });

  it('fails the build for a module that is in no chunk (a renamed screen)', () => {
    expect(() => screenChunks(bundle, ['/web/cloud/gone.tsx'])).toThrow(
      /no chunk holds \/web\/cloud\/gone\.tsx/,
    );
  });
});

describe('chunkStylesheets', () => {
  it('lists the stylesheets of the given chunks once each', () => {
    expect(
      chunkStylesheets(bundle, ['assets/shell.js', 'assets/ui.js', 'assets/other.js', 'assets/ui.js']),
    ).toEqual(['assets/shell.css', 'assets/ui.css']);
  });
});

describe('languageLinks', () => {
  it('names each language’s texts chunk with its language and marks the default one', () => {
    expect(
      languageLinks(bundle, '/web')
        .trim()
        .split(/\s*\n\s*/),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/locale-de.js" data-language="de" data-default>',
      '<link rel="modulepreload" crossorigin href="/assets/locale-en.js" data-language="en">',
    ]);
  });
});
