import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds with React Router's production files. Its package exports name only its development build, whatever the
 * mode (remix-run/react-router#14102 and #14753), so the built app ran the router's development checks and
 * warnings on every navigation: `ENABLE_DEV_WARNINGS` is a constant true there and false in `dist/production`,
 * which the package ships next to it with the same modules. The dev server keeps the development build.
 */
export function reactRouterProduction(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const production = (file: string) => {
    const resolved = path.join(root, 'dist', 'production', file);
    if (!existsSync(resolved)) {
      throw new Error(`react-router-production: ${resolved} is missing; has the package changed its layout?`);
    }
    return resolved;
  };
  return {
    name: 'gemeinde:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production('index.mjs') },
          { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
        ],
      },
    }),
  };
}
