import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { k8sManifests } from './k8s';

/**
 * npm run k8s -- [--modules events] [--out <dir>]: renders the Kubernetes manifests of a deployment of some
 * modules (a standalone product; MODULES=events does the same) into a folder. `npm run generate` writes the
 * whole platform's into deploy/k8s.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const names = (flag('modules') ?? process.env.MODULES ?? '')
  .split(',')
  .map((n) => n.trim())
  .filter(Boolean);
const out = flag('out') ?? (names.length ? `deploy/k8s-${names.join('-')}` : 'deploy/k8s');
const files = k8sManifests(loadModules(REPO_ROOT), REPO_ROOT, { modules: names, out });
mkdirSync(path.resolve(REPO_ROOT, out), { recursive: true });
for (const [file, text] of Object.entries(files)) writeFileSync(path.resolve(REPO_ROOT, out, file), text);
console.log(`${out}: ${Object.keys(files).join(', ')}`);
