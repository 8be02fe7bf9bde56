import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A page drawn in plain HTML before the scripts run: the file the build writes and its skeleton's file name. */
export type PrePaintedPage = { file: string; skeleton: string };

/**
 * The pages the build draws ahead of the scripts, each written next to index.html; the server sends each for its
 * address on the service host (server/platform/static-web.ts, whose list names the same files).
 */
export const prePaintedPages: PrePaintedPage[] = [
  { file: 'sign-in.html', skeleton: 'sign-in.html' },
  { file: 'projects.html', skeleton: 'projects.html' },
  { file: 'project.html', skeleton: 'project.html' },
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

/** A skeleton file without its leading comment, its `{{>name}}` parts (skeletons/name.html) put in. */
function skeletonSource(name: string): string {
  const source = readFileSync(new URL(name, skeletonDir), 'utf8').replace(/^\s*<!--[\s\S]*?-->\s*/, '');
  return source.replace(/\{\{>([a-z-]+)\}\}/g, (_match, part: string) =>
    skeletonSource(`${part}.html`).trim(),
  );
}

const appScript = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * Pages painted before the JavaScript has run: copies of the built index.html whose body starts with a skeleton
 * (skeletons/*.html: the screen's frame and its fixed texts in plain HTML and CSS). Their module scripts wait in a
 * <template> until the skeleton has been drawn (boot-after-paint.js), so the first paint needs only the page, its
 * stylesheet and the font, not the 200 kB of scripts competing for a slow connection.
 */
export function prePaint(options: { localeDir: string; pages?: PrePaintedPage[] }): Plugin {
  return {
    name: 'gemeinde:pre-painted-pages',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') {
          throw new Error('pre-painted pages: the bundle has no index.html');
        }
        const marker = '<div id="root"></div>';
        const scripts = index.source.match(appScript) ?? [];
        if (!index.source.includes(marker) || !scripts.some((tag) => tag.includes('<script'))) {
          throw new Error(`pre-painted pages: index.html has no ${marker} or no module script`);
        }
        const boot = this.emitFile({
          type: 'asset',
          name: 'boot-after-paint.js',
          source: readFileSync(new URL('./boot-after-paint.js', import.meta.url), 'utf8'),
        });
        const head =
          `\n    <template id="boot-scripts">${scripts.join('')}\n    </template>` +
          `\n    <script src="/${this.getFileName(boot)}" async></script>`;
        const page = index.source.replace(appScript, '').replace('</head>', `${head}\n  </head>`);
        for (const { file, skeleton } of options.pages ?? prePaintedPages) {
          const fragment = fillTexts(skeletonSource(skeleton), options.localeDir);
          this.emitFile({
            type: 'asset',
            fileName: file,
            source: page.replace(marker, `${marker}\n${fragment}`),
          });
        }
      },
    },
  };
}
