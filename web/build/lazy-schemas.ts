import { parseSync, type ESTree, type Plugin } from 'vite';

const helperName = '__lazySchema';

/** What `z.` offers that is not a schema: left as it is. */
const notSchemas = new Set([
  'config',
  'core',
  'decode',
  'encode',
  'flattenError',
  'formatError',
  'getErrorMap',
  'globalRegistry',
  'locales',
  'NEVER',
  'parse',
  'parseAsync',
  'prettifyError',
  'regexes',
  'registry',
  'safeDecode',
  'safeEncode',
  'safeParse',
  'safeParseAsync',
  'setErrorMap',
  'toJSONSchema',
  'treeifyError',
  'util',
]);

type Expression = ESTree.Expression;

/** The member names of a call chain from its root: `z.string().min(1)` → `z`, `string`, `min`. */
function chainOf(expression: Expression): { root: string | null; members: string[] } {
  const members: string[] = [];
  let node: Expression = expression;
  for (;;) {
    if (node.type === 'CallExpression') {
      node = node.callee;
    } else if (node.type === 'MemberExpression') {
      if (node.property.type === 'Identifier' && !node.computed) {
        members.unshift(node.property.name);
      }
      node = node.object;
    } else if (node.type === 'ParenthesizedExpression') {
      node = node.expression;
    } else {
      return { root: node.type === 'Identifier' ? node.name : null, members };
    }
  }
}

/**
 * Whether a module-level constant holds a schema this build may build lazily: a call whose chain starts at zod's
 * `z` with a schema factory (`z.object(…)`, `z.string().min(1)`, `z.iso.datetime()`), or a call assigned to a name
 * ending in `Schema` (the contracts' convention: `paginated(itemSchema)`, `baseSchema.extend(…)`).
 */
export function holdsSchema(name: string, init: Expression | null | undefined): boolean {
  if (!init || init.type !== 'CallExpression') {
    return false;
  }
  if (name.endsWith('Schema')) {
    return true;
  }
  const { root, members } = chainOf(init);
  return root === 'z' && members.length > 0 && !notSchemas.has(members[0]!);
}

/**
 * The module with every module-level schema constant wrapped in `lazySchema(() => …)` (imported from `helperPath`),
 * or null when it holds none.
 * Only the initialiser changes: names, exports and types stay, and code that uses a schema while the module loads
 * (`fooSchema.shape` in another constant) simply builds it then.
 */
export function lazySchemaSource(code: string, fileName: string, helperPath: string): string | null {
  const { program, errors } = parseSync(fileName, code, {
    lang: fileName.endsWith('x') ? 'tsx' : 'ts',
    sourceType: 'module',
  });
  if (errors.length > 0) {
    return null;
  }
  const inits: { start: number; end: number }[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') {
      continue;
    }
    for (const declarator of declaration.declarations) {
      if (declarator.id.type === 'Identifier' && holdsSchema(declarator.id.name, declarator.init)) {
        inits.push({ start: declarator.init!.start, end: declarator.init!.end });
      }
    }
  }
  if (inits.length === 0) {
    return null;
  }
  let result = code;
  // From the end, so that the earlier offsets stay valid.
  for (const { start, end } of inits.reverse()) {
    result = `${result.slice(0, start)}${helperName}(() => ${result.slice(start, end)})${result.slice(end)}`;
  }
  return `import { lazySchema as ${helperName} } from ${JSON.stringify(helperPath)};\n${result}`;
}

/**
 * Builds the web app's zod schemas when they are first used instead of when their module loads. Each of the some
 * 190 module-level schemas a library page loads cost about a millisecond to build on this machine's Chromium,
 * almost all of it for schemas the page never parses with (docs/DECISIONS.md). The build only: the server and the
 * tests use the contracts as written.
 */
export function lazySchemas(options: {
  /** The runtime helper the wrapped modules import (web/kernel/lazy-schema.ts). */
  helperPath: string;
}): Plugin {
  return {
    name: 'gemeinde:lazy-schemas',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/](contracts|web)[\\/][^?]*\.tsx?$/ },
      handler(code, id) {
        if (/\.test\.tsx?$/.test(id) || !/from ['"]zod['"]/.test(code)) {
          return null;
        }
        const result = lazySchemaSource(code, id, options.helperPath);
        return result === null ? null : { code: result, map: null };
      },
    },
  };
}
