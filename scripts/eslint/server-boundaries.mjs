// A tiny local ESLint rule for the server's layers (STYLE.md §7.13). no-restricted-imports matches the
// import text only; this resolves relative imports against the importing file, so `../render/style`
// inside plugins/export and `../documents/service` from plugins/uploads are told apart at any depth.
import path from 'node:path';

const LAYER = /(?:^|\/)server\/src\/(plugins\/[^/]+|domain|infra)(?:\/|$)/;

/** `{ kind: 'plugin', name }`, `{ kind: 'domain' }`, `{ kind: 'infra' }` or null (elsewhere). */
function layerOf(file) {
  const match = LAYER.exec(file.split(path.sep).join('/'));
  if (!match) return null;
  const [, part] = match;
  return part.startsWith('plugins/') ? { kind: 'plugin', name: part.slice('plugins/'.length) } : { kind: part };
}

/** The import's path from server/src (no extension), e.g. `plugins/collab/types`, or null. */
function serverPath(resolved) {
  const match = /(?:^|\/)server\/src\/(.+)$/.exec(resolved.split(path.sep).join('/'));
  return match ? match[1].replace(/\.[cm]?[jt]sx?$/, '') : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Plugins reach each other through the app; infra imports no plugin or domain code.' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      otherPlugin:
        "plugins/{{from}} may not import plugins/{{to}}'s files: use what {{to}} decorates on the app, or move what both need to server/src/domain/.",
      infra: 'server/src/infra/ holds engines only: it may not import {{target}}.',
      domain: 'server/src/domain/ may not import plugin code ({{target}}).',
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const allow = new Set(context.options[0]?.allow ?? []);

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(context.filename), source);
      const target = serverPath(resolved);
      const to = layerOf(resolved);
      if (!to || target === null || allow.has(target)) return;
      if (from.kind === 'plugin' && to.kind === 'plugin' && to.name !== from.name) {
        context.report({ node, messageId: 'otherPlugin', data: { from: from.name, to: to.name } });
      } else if (from.kind === 'infra' && to.kind !== 'infra') {
        context.report({ node, messageId: 'infra', data: { target } });
      } else if (from.kind === 'domain' && to.kind === 'plugin') {
        context.report({ node, messageId: 'domain', data: { target } });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'server-boundaries': serverBoundaries } };
