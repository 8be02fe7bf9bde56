// An ESLint rule that resolves every relative import (and re-export, and dynamic import) of a file and asks
// `violation(file, target)` whether it breaks a layer rule; the web and the server each pass their own rules.
import path from 'node:path';

export function layerRule(description, violation) {
  return {
    meta: { type: 'problem', docs: { description }, schema: [], messages: { layer: '{{reason}}' } },
    create(context) {
      const file = context.filename;
      const check = (node) => {
        const source = node.source;
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') {
          return;
        }
        if (!source.value.startsWith('.')) {
          return;
        }
        const reason = violation(file, path.resolve(path.dirname(file), source.value));
        if (reason) {
          context.report({ node: source, messageId: 'layer', data: { reason } });
        }
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
