import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { loadModules } from '@platform/modules';
import { operationsOf } from './fuzz/openapi';
import { securityTargets } from './fuzz/targets';

/**
 * Every API call a frontend makes has a route in the service the gateway sends it to. Frontends call
 * through three helpers (`endpoint` for reads, `apiRequest` with its `method`, `apiFile` for downloads);
 * each call's path is read from the source with TypeScript's parser and matched, method and all, against
 * the OpenAPI document of the service owning its prefix. A renamed route, a typo'd path or a call to a
 * module's API that no service serves fails here instead of in a browser journey.
 */

const ROOT = path.resolve(__dirname, '..');
const CALLERS = new Set(['endpoint', 'apiRequest', 'apiFile']);

jest.setTimeout(180_000);

interface Call {
  where: string;
  method: string;
  /** The path without its query, each `${…}` as `{}`. */
  path: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The text of a string or template literal with each substitution as `{}`; undefined for anything else. */
function literalPath(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  return undefined;
}

/** The call's methods: its `method` option (each branch of a `cond ? 'PUT' : 'DELETE'`), else GET. */
function methodsOf(options: ts.Expression | undefined): string[] {
  if (!options || !ts.isObjectLiteralExpression(options)) return ['GET'];
  const literals = (e: ts.Expression): string[] =>
    ts.isStringLiteral(e)
      ? [e.text.toUpperCase()]
      : ts.isConditionalExpression(e)
        ? [...literals(e.whenTrue), ...literals(e.whenFalse)]
        : [];
  for (const p of options.properties)
    if (ts.isPropertyAssignment(p) && p.name.getText() === 'method') {
      const found = literals(p.initializer);
      if (found.length === 0) throw new Error(`a method the test cannot read: ${p.initializer.getText()}`);
      return found;
    }
  return ['GET'];
}

function callsIn(file: string): Call[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const calls: Call[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && CALLERS.has(node.expression.text)) {
      const raw = node.arguments[0] && literalPath(node.arguments[0]);
      if (raw?.startsWith('/api/')) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        for (const method of methodsOf(node.arguments[1]))
          calls.push({ where: `${path.relative(ROOT, file)}:${line + 1}`, method, path: raw.split('?')[0]! });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

/** Whether the call's path can be the route's: `{}` in a call (a substitution) stands for any one segment. */
function matches(callPath: string, routePath: string): boolean {
  // A substitution ending a path may be its query (`/import${dryRun ? '?dryRun=1' : ''}`).
  if (/[^/]\{\}$/.test(callPath) && matches(callPath.slice(0, -2), routePath)) return true;
  const call = callPath.split('/');
  const route = routePath.split('/');
  if (call.length !== route.length) return false;
  return call.every((seg, i) => {
    const r = route[i]!;
    if (/^\{[^}]+\}$/.test(r)) return seg.length > 0;
    if (!seg.includes('{}')) return seg === r;
    const pattern = seg.split('{}').map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${pattern.join('[^/]+')}$`).test(r);
  });
}

it("finds a route, with the call's method, for every frontend API call", async () => {
  const modules = loadModules(ROOT);
  const callerFolders = [
    'shell',
    'packages/ui',
    'packages/shell-state',
    ...modules.flatMap((m) => (m.remote ? [m.remote.folder] : [])),
  ];
  const calls = callerFolders.flatMap((folder) =>
    sourceFiles(path.join(ROOT, folder, 'src')).flatMap(callsIn),
  );
  // The frontends do call the API through these helpers (a parser that finds nothing proves nothing).
  expect(calls.length).toBeGreaterThan(80);

  const routes = new Map<string, Array<{ method: string; path: string }>>();
  for (const { service, fuzzTarget } of securityTargets()) {
    const running = await fuzzTarget.start();
    try {
      await running.app.ready();
      routes.set(service.folder, operationsOf(running.app.swagger()));
    } finally {
      await running.close();
    }
  }

  const owner = (p: string) => {
    let best: { folder: string; prefix: string } | undefined;
    for (const m of modules)
      for (const prefix of m.service?.apiPrefixes ?? [])
        if ((p === prefix || p.startsWith(`${prefix}/`)) && prefix.length > (best?.prefix.length ?? 0))
          best = { folder: m.service!.folder, prefix };
    return best?.folder;
  };

  const missing = calls.flatMap((call) => {
    const folder = owner(call.path);
    if (!folder) return [`${call.where}: ${call.method} ${call.path} — no service owns this prefix`];
    const found = (routes.get(folder) ?? []).some(
      (r) => r.method.toUpperCase() === call.method && matches(call.path, r.path),
    );
    return found ? [] : [`${call.where}: ${call.method} ${call.path} — no such route in ${folder}`];
  });
  expect(missing).toEqual([]);
});

it('reads paths as the gateway would route them', () => {
  expect(matches('/api/job/{}', '/api/job/{id}')).toBe(true);
  expect(matches('/api/job/{}/apply', '/api/job/{id}')).toBe(false);
  expect(matches('/api/core/{}s', '/api/core/locations')).toBe(true);
  expect(matches('/api/blog/get', '/api/blog/{slug}')).toBe(true);
  expect(matches('/api/blog/gets', '/api/blog/get')).toBe(false);
  expect(matches('/api/core/staff/import{}', '/api/core/staff/import')).toBe(true);
});
