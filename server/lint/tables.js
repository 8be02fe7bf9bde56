// Tables belong to features (server/lint/table-owners.js): a file in server/features/<area> may import a table
// from server/db/schema only when <area> owns it or holds a grant for it. Everything else a feature needs of
// another's data comes through that feature's public module. Tests and fixtures may reach any table.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { placeOf } from './layers.js';
import { tableOwners } from './table-owners.js';

const schemaDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'db', 'schema');

/** Every table the schema declares (`export const name = pgTable(`), read once per lint run. */
const declaredTables = new Set(
  readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [
      ...readFileSync(path.join(schemaDir, file), 'utf8').matchAll(/export const (\w+) = pgTable\(/g),
    ])
    .map((match) => match[1]),
);

const isTestFile = (file) => /\.(test|fixture)\.ts$/.test(file);

/** Why `area` may not name `table`, or null. */
export function tableViolation(area, table) {
  if (!declaredTables.has(table)) {
    return null;
  }
  const entry = tableOwners[table];
  if (!entry) {
    return `table ${table} has no owner: declare it in server/lint/table-owners.js`;
  }
  if (entry.owner === area || entry.grants?.[area]) {
    return null;
  }
  return `table ${table} belongs to features/${entry.owner}: use its public module (or record a grant with its reason in server/lint/table-owners.js)`;
}

export const tablesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature names only the tables it owns or holds a grant for' },
    schema: [],
    messages: { table: '{{reason}}' },
  },
  create(context) {
    const file = context.filename;
    const place = placeOf(file);
    if (place.layer !== 'features' || isTestFile(file)) {
      return {};
    }
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) {
          return;
        }
        const target = path.resolve(path.dirname(file), source);
        if (path.dirname(target) !== schemaDir) {
          return;
        }
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') {
            continue;
          }
          const name =
            specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
          const reason = tableViolation(place.area, name);
          if (reason) {
            context.report({ node: specifier, messageId: 'table', data: { reason } });
          }
        }
      },
    };
  },
};
