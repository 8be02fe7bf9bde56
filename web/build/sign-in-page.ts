import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Written next to index.html; the server sends it for /auth on the service host. */
export const signInPageFile = 'sign-in.html';

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
      throw new Error(`sign-in page: no text ${file}.${key} in ${localeDir}`);
    }
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  });
}

const appScript = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The sign-in page painted before the JavaScript has run: a copy of the built index.html whose body starts with
 * the skeleton (sign-in-skeleton.html). Its module scripts wait in a <template> until the skeleton has been drawn
 * (boot-after-paint.js), so the first paint needs only the page, its stylesheet and the font, not the 200 kB of
 * scripts competing for a slow connection. Its own file, because only /auth on the service host shows it.
 */
export function signInPage(options: { skeleton: string; localeDir: string }): Plugin {
  return {
    name: 'gemeinde:sign-in-page',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') {
          throw new Error('sign-in page: the bundle has no index.html');
        }
        const marker = '<div id="root"></div>';
        const scripts = index.source.match(appScript) ?? [];
        if (!index.source.includes(marker) || !scripts.some((tag) => tag.includes('<script'))) {
          throw new Error(`sign-in page: index.html has no ${marker} or no module script`);
        }
        const boot = this.emitFile({
          type: 'asset',
          name: 'boot-after-paint.js',
          source: readFileSync(new URL('./boot-after-paint.js', import.meta.url), 'utf8'),
        });
        const fragment = fillTexts(readFileSync(options.skeleton, 'utf8'), options.localeDir).replace(
          /<!--[\s\S]*?-->\s*/,
          '',
        );
        const head =
          `\n    <template id="boot-scripts">${scripts.join('')}\n    </template>` +
          `\n    <script src="/${this.getFileName(boot)}" async></script>`;
        const source = index.source
          .replace(appScript, '')
          .replace('</head>', `${head}\n  </head>`)
          .replace(marker, `${marker}\n${fragment}`);
        this.emitFile({ type: 'asset', fileName: signInPageFile, source });
      },
    },
  };
}
