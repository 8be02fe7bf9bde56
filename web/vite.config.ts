import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import { compileHints } from './build/compile-hints.ts';
import { lazySchemas } from './build/lazy-schemas.ts';
import { precompress } from './build/precompress.ts';
import { preloadFont } from './build/preload-font.ts';
import { prePaint } from './build/pre-painted-pages.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { themeVariables } from './build/theme-variables.ts';
import { withoutJsonSchema } from './build/without-json-schema.ts';

// The preset ships without types.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

const localeFile = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/]/;
const localeOf = (id: string) => localeFile.exec(id)?.[1] ?? 'misc';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
// `API_TARGET` points a dev server at an API on another port (several dev servers side by side).
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';
// web/api/*.ts are our own modules, served by Vite in development; only real API calls go to the server.
const apiProxy = {
  target: apiTarget,
  bypass: (request: { url?: string }) =>
    /\.(ts|tsx)(\?|$)/.test(request.url ?? '') ? request.url : undefined,
};

export default defineConfig({
  root: webRoot,
  // Inter's Latin subset draws every German and English text; the other subsets load only where needed.
  plugins: [
    react(),
    reactRouterProduction(),
    lazySchemas({ helperPath: fileURLToPath(new URL('./kernel/lazy-schema.ts', import.meta.url)) }),
    themeVariables(),
    withoutJsonSchema(),
    preloadFont(/^inter-latin-wght-normal\.woff2$/),
    prePaint({
      localeDir: fileURLToPath(new URL('./i18n/locales/de', import.meta.url)),
      webRoot: fileURLToPath(new URL('.', import.meta.url)),
    }),
    compileHints(),
    precompress(),
  ],
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../contracts', import.meta.url)) },
  },
  // The locale files load before the first screen: as `JSON.parse('…')` V8 reads them several times faster than
  // as object literals with one export per key (what the JSON plugin writes for files under 10 kB).
  json: { stringify: true, namedExports: false },
  css: {
    // Mantine's mixins (light/dark, rem, breakpoints) in our CSS modules.
    postcss: { plugins: [mantinePreset()] },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs follows the sign-in screen's chunks with it (the
    // server does not serve dot folders).
    manifest: true,
    // Every browser the build targets but Safari before 17 preloads modules itself; those few load them as
    // imported instead of carrying the polyfill in everyone's first script.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // react-remove-scroll marks its side car as a side effect, which keeps it (and its helpers) in the
        // entry as soon as anything imports @mantine/core. The side car is only reached through the
        // `RemoveScroll` component that uses its export, so it can go wherever that component goes.
        moduleSideEffects: [
          { test: /node_modules[\\/]react-remove-scroll[\\/]/, sideEffects: false },
          // A feature's public module only re-exports. Taking one thing from it must not load the whole area
          // (the service shell's account menu would otherwise bring the account screens' time-zone select,
          // e-mail change and their Mantine components to the sign-in page).
          { test: /web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything any address needs before its first screen (the entry with React, the router, Mantine's
            // core, TanStack Query, zod and the contracts, i18next) in one file: one request on the critical path
            // instead of fifteen, and smaller, since modules compress better together. The price: a deploy that
            // changes any of it is a new 165 kB (brotli) download for returning visitors, where a separate vendor
            // chunk would have stayed cached. The modules keep their import order, so web/kernel/zod-config.ts
            // (main.tsx's first import) runs before zod.
            { name: 'start', tags: ['$initial'], priority: 3 },
            // The service host's shell with everything it uses, in one file: every screen there loads it. Left to
            // themselves, its menus alone were some thirty files of a few hundred bytes, and a browser fetches at
            // most six at a time from one HTTP/1.1 host (Lighthouse counted 146 requests on the library).
            { name: 'service-shell', test: /web[\\/]app[\\/]layouts[\\/]service-shell\.tsx$/, priority: 2 },
            // Components and icons that at least three lazy parts use, in one file instead of one each. Only
            // Mantine, its floating-ui and the icons: nothing of a single area (the library's drag and drop, say).
            {
              name: 'ui',
              test: /node_modules[\\/](@mantine|@tabler|@floating-ui)[\\/]/,
              minShareCount: 3,
              priority: 1,
            },
            // One request per language instead of one per locale file.
            { name: (id) => `locale-${localeOf(id)}`, debugName: 'locale', test: localeFile },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiProxy,
      // The realtime gateway (server/platform/realtime.ts).
      '/ws': { target: apiTarget, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': apiProxy,
      // The realtime gateway (server/platform/realtime.ts).
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
