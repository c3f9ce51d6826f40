// ESLint rule: a module's folder (svc-*, mf-*, as the descriptors list them) never imports another module
// folder's `src/` or `test/`. What modules share goes through a contract (`@platform/svc-<name>/contract`),
// its test helpers (`@platform/svc-<name>/testing`), a shared package or events; another team's internals
// are theirs to change.
const path = require('node:path');

/** The module folder and the path inside it an import names, or undefined when it names none. */
function targetOf(source, filename, root, modules) {
  let relative;
  if (source.startsWith('.')) relative = path.relative(root, path.resolve(path.dirname(filename), source));
  else if (source.startsWith('@platform/')) relative = source.slice('@platform/'.length);
  else return undefined;
  const [folder, ...rest] = relative.split(/[\\/]/);
  return modules.includes(folder) ? { folder, inside: rest } : undefined;
}

module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description: "Refuse imports of another module's src/ or test/ (module folders from the descriptors).",
    },
    messages: {
      foreign:
        "'{{source}}' is {{folder}}'s own code: use its contract, its /testing helpers, a shared package or its events.",
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, modules: { type: 'array', items: { type: 'string' } } },
        required: ['root', 'modules'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, modules } = context.options[0];
    const own = path.relative(root, context.filename).split(/[\\/]/)[0];
    if (!modules.includes(own)) return {};
    const check = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = targetOf(node.value, context.filename, root, modules);
      if (target && target.folder !== own && (target.inside[0] === 'src' || target.inside[0] === 'test'))
        context.report({ node, messageId: 'foreign', data: { source: node.value, folder: target.folder } });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
      CallExpression: (n) => {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require') check(n.arguments[0]);
      },
    };
  },
};
