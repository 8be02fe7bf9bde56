import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const module = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;

/**
 * Zod's classes carry its JSON Schema generator (`schema.toJSONSchema()`), which the server's OpenAPI document
 * uses and the web app never calls: 16 kB of every page's first script. In the web build the module becomes
 * functions that throw when a JSON Schema is asked for. Its export names are read from the real module, so a zod
 * update that renames one still builds (and an import of a name it dropped fails the build).
 */
export function withoutJsonSchema(): Plugin {
  return {
    name: 'gemeinde:without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!module.test(file)) {
        return null;
      }
      const source = readFileSync(file, 'utf8');
      const names = new Set<string>();
      for (const [, name] of source.matchAll(/^export (?:function|const|let|class) (\w+)/gm)) {
        names.add(name!);
      }
      for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of list!.split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .pop();
          if (name) {
            names.add(name);
          }
        }
      }
      const exports = [...names].map((name) => `export const ${name} = unavailable;`).join('\n');
      // Factories (createToJSONSchemaMethod …) return the method; the method throws when called.
      return `function fail() { throw new Error('JSON Schema generation is not part of the web build'); }
function unavailable() { return fail; }
${exports}
`;
    },
  };
}
