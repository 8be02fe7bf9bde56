import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { defaultLanguage, languageValues } from '../../contracts/language';
import type { EarlyData } from '../api/early-answers';
import { libraryEarlyData } from '../features/cloud/library-early-data';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * A page drawn in plain HTML before the scripts run: the file the build writes, its skeleton's file name, and the
 * modules (paths below web/) that the router loads lazily for the page's screen, whose chunks the page asks for
 * with the app's own scripts. `early` names the screen's first data, which the page asks for as soon as the session
 * is refreshed instead of once the app has run.
 */
export type PrePaintedPage = { file: string; skeleton: string; screenModules: string[]; early?: EarlyData[] };

const serviceShell = 'app/layouts/service-shell.tsx';
const projectFrame = [
  serviceShell,
  'features/projects/projects-screens.ts',
  'features/projects/projects-api.ts',
];

/**
 * The pages the build draws ahead of the scripts, each written next to index.html; the server sends each for its
 * address on the service host (server/platform/static-web.ts, whose list names the same files).
 */
export const prePaintedPages: PrePaintedPage[] = [
  {
    file: 'sign-in.html',
    skeleton: 'sign-in.html',
    screenModules: [serviceShell, 'features/auth/sign-in-screens.ts'],
  },
  {
    file: 'projects.html',
    skeleton: 'projects.html',
    screenModules: [serviceShell, 'features/projects/projects-screens.ts'],
  },
  // The library is the project's screen people open most; the other screens of a project share its frame.
  {
    file: 'library.html',
    skeleton: 'library.html',
    screenModules: [...projectFrame, 'features/cloud/cloud-screens.ts', 'features/cloud/cloud-prefetch.ts'],
    early: libraryEarlyData(),
  },
  { file: 'project.html', skeleton: 'project.html', screenModules: projectFrame },
];

const skeletonDir = new URL('./skeletons/', import.meta.url);

/** `{{auth.signIn.title}}` → the text of `signIn.title` in the German `auth.json`. */
function fillTexts(fragment: string, localeDir: string): string {
  return fragment.replace(/\{\{([a-zA-Z]+)\.([a-zA-Z.]+)\}\}/g, (_match, file: string, key: string) => {
    const texts = JSON.parse(readFileSync(path.join(localeDir, `${file}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const text = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
    if (typeof text !== 'string') {
      throw new Error(`pre-painted page: no text ${file}.${key} in ${localeDir}`);
    }
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  });
}

/**
 * A skeleton file without its leading comment, its `{{>name}}` parts (skeletons/name.html) put in; `{{>name*3}}`
 * puts the part in three times.
 */
function skeletonSource(name: string): string {
  const source = readFileSync(new URL(name, skeletonDir), 'utf8').replace(/^\s*<!--[\s\S]*?-->\s*/, '');
  return source.replace(/\{\{>([a-z-]+)(?:\*(\d+))?\}\}/g, (_match, part: string, times?: string) =>
    Array(Number(times ?? 1))
      .fill(skeletonSource(`${part}.html`).trim())
      .join('\n'),
  );
}

const attributeText = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const appScript = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/**
 * The chunks a screen's modules need beyond what the entry loads itself, in the order the router's preload would
 * ask for them: each module's chunk, then the chunks it imports statically (depth first). These are what Vite's
 * preload helper would otherwise add as `<link rel="modulepreload">` elements from the router's first task; the
 * helper skips a file that a `<link>` already names. It still adds their stylesheets and waits for them to load
 * before the screen's module runs; the page has preloaded them (chunkStylesheets).
 */
export function screenChunks(bundle: OutputBundle, moduleIds: string[]): string[] {
  const chunks = Object.values(bundle).filter(isChunk);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) {
    throw new Error('pre-painted pages: the bundle has no entry chunk');
  }
  const wanted: string[] = [];
  const seen = new Set<string>();
  const visit = (fileName: string, collect: boolean) => {
    if (seen.has(fileName)) {
      return;
    }
    seen.add(fileName);
    const chunk = byFile.get(fileName);
    if (!chunk) {
      throw new Error(`pre-painted pages: the bundle has no chunk ${fileName}`);
    }
    if (collect) {
      wanted.push(fileName);
    }
    for (const imported of chunk.imports) {
      visit(imported, collect);
    }
  };
  // What the entry loads statically is there already.
  visit(entry.fileName, false);
  for (const moduleId of moduleIds) {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
    if (!chunk) {
      throw new Error(`pre-painted pages: no chunk holds ${moduleId}`);
    }
    visit(chunk.fileName, true);
  }
  return wanted;
}

/**
 * The stylesheets of the given chunks, each once. The page asks for them with the scripts (`rel="preload"`), so
 * that the stylesheet the preload helper adds for a screen's chunk comes from the cache instead of one more round
 * trip after the router's first task.
 */
export function chunkStylesheets(bundle: OutputBundle, fileNames: string[]): string[] {
  const sheets = new Set<string>();
  for (const fileName of fileNames) {
    const output = bundle[fileName];
    for (const sheet of output && isChunk(output) ? (output.viteMetadata?.importedCss ?? []) : []) {
      sheets.add(sheet);
    }
  }
  return [...sheets];
}

/**
 * The links of each language's texts (i18n/locales/{language}/index.ts), marked with their language: the boot
 * script adds those of the stored language, or of the default one (`data-default`), which the app would only ask
 * for once its entry had run (web/i18n/i18n.ts).
 */
export function languageLinks(bundle: OutputBundle, webRoot: string): string {
  return languageValues
    .flatMap((language) =>
      screenChunks(bundle, [path.join(webRoot, `i18n/locales/${language}/index.ts`)]).map(
        (chunk) =>
          `\n    <link rel="modulepreload" crossorigin href="/${chunk}" data-language="${language}"${
            language === defaultLanguage ? ' data-default' : ''
          }>`,
      ),
    )
    .join('');
}

/**
 * Pages painted before the JavaScript has run: copies of the built index.html whose body starts with a skeleton
 * (skeletons/*.html: the screen's frame and its fixed texts in plain HTML and CSS). Their module scripts wait in a
 * <template> until the skeleton has been drawn (boot-after-paint.js), so the first paint needs only the page, its
 * stylesheet and the font, not the 200 kB of scripts competing for a slow connection. The template also names the
 * chunks of the page's screen: they load with the app's scripts instead of after them, and their links are added in
 * short tasks, not in one long one of the router's.
 */
export function prePaint(options: { localeDir: string; webRoot: string; pages?: PrePaintedPage[] }): Plugin {
  return {
    name: 'gemeinde:pre-painted-pages',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') {
          throw new Error('pre-painted pages: the bundle has no index.html');
        }
        const marker = '<div id="root"></div>';
        const scripts = index.source.match(appScript) ?? [];
        if (!index.source.includes(marker) || !scripts.some((tag) => tag.includes('<script'))) {
          throw new Error(`pre-painted pages: index.html has no ${marker} or no module script`);
        }
        // Minified: it is all the script a pre-painted page loads before its first paint (its comments are for us).
        // esbuild is loaded here only: it cannot load where this file's helpers are unit-tested (jsdom).
        const { transform } = await import('esbuild');
        const bootSource = (
          await transform(readFileSync(new URL('./boot-after-paint.js', import.meta.url), 'utf8'), {
            minify: true,
          })
        ).code;
        const boot = this.emitFile({
          type: 'asset',
          name: 'boot-after-paint.js',
          source: bootSource,
        });
        const withoutScripts = index.source.replace(appScript, '');
        const texts = languageLinks(bundle, options.webRoot);
        const bootScript = `\n    <script src="/${this.getFileName(boot)}" async></script>`;
        for (const { file, skeleton, screenModules, early } of options.pages ?? prePaintedPages) {
          const fragment = fillTexts(skeletonSource(skeleton), options.localeDir);
          const chunks = screenChunks(
            bundle,
            screenModules.map((module) => path.join(options.webRoot, module)),
          );
          const links = [
            ...chunks.map((chunk) => `\n    <link rel="modulepreload" crossorigin href="/${chunk}">`),
            ...chunkStylesheets(bundle, chunks).map(
              // Same CORS mode as the stylesheet the helper adds (`crossOrigin = ''`), or the preload is not reused.
              (sheet) => `\n    <link rel="preload" as="style" crossorigin href="/${sheet}">`,
            ),
          ].join('');
          const template = `<template id="boot-scripts"${early ? ` data-early="${attributeText(JSON.stringify(early))}"` : ''}>`;
          const head = `\n    ${template}${scripts.join('')}${texts}${links}\n    </template>${bootScript}`;
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: withoutScripts
              .replace('</head>', `${head}\n  </head>`)
              .replace(marker, `${marker}\n${fragment}`),
          });
        }
      },
    },
  };
}
