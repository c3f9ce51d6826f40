import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadModules } from '@platform/modules';
import { codeowners } from './codeowners';
import { composeFile } from './compose';
import { envExample } from './env-example';
import { K8S_DIR, k8sManifests } from './k8s';
import { composeNatsConfig } from './nats-accounts';

/** Every file derived from the module descriptors, by its path in the checkout at `root`, as it should read. */
export function generatedFiles(root: string): Record<string, string> {
  const modules = loadModules(root);
  return {
    'docker-compose.yml': composeFile(modules, root),
    'nats/nats.conf': composeNatsConfig(modules),
    '.github/CODEOWNERS': codeowners(modules),
    '.env.example': envExample(modules),
    ...Object.fromEntries(
      Object.entries(k8sManifests(modules, root)).map(([file, text]) => [`${K8S_DIR}/${file}`, text]),
    ),
  };
}

/** Writes the generated files that differ; returns their paths. */
export function writeGeneratedFiles(root: string): string[] {
  const changed: string[] = [];
  for (const [file, text] of Object.entries(generatedFiles(root))) {
    const at = path.join(root, file);
    let old: string | undefined;
    try {
      old = readFileSync(at, 'utf8');
    } catch {
      old = undefined;
    }
    if (old === text) continue;
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, text);
    changed.push(file);
  }
  return changed;
}
