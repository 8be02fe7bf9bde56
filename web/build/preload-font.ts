import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font" crossorigin>` for the font files every page paints with (the Latin
 * subset of Inter), so the browser fetches them alongside the stylesheet instead of after it has applied it
 * and laid out text. Their hashed names are only known once the bundle is written, hence a plugin.
 */
export function preloadFont(fileNames: RegExp): Plugin {
  return {
    name: 'gemeinde:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.values(context.bundle ?? {}).filter(
          (output) => output.type === 'asset' && output.names.some((name) => fileNames.test(name)),
        );
        if (fonts.length === 0) {
          throw new Error(`preload-font: no font in the bundle matches ${String(fileNames)}`);
        }
        return fonts.map((font) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${font.fileName}`,
            crossorigin: true,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
