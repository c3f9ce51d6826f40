import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';
import { GENERATED } from './generated-banner';
import { generatedFiles } from './generate';

const files = Object.entries(generatedFiles(REPO_ROOT));

it('covers the files derived from the descriptors', () => {
  expect(
    files
      .map(([file]) => file)
      .filter((file) => !file.startsWith('deploy/k8s/'))
      .sort(),
  ).toEqual(['.env.example', '.github/CODEOWNERS', 'docker-compose.yml', 'nats/nats.conf'].sort());
  // The Kubernetes manifests (scripts/k8s.test.ts checks what they hold).
  expect(files.map(([file]) => file)).toEqual(
    expect.arrayContaining([
      'deploy/k8s/kustomization.yaml',
      'deploy/k8s/gateway.yaml',
      'deploy/k8s/platform.yaml',
      'deploy/k8s/postgres.yaml',
      'deploy/k8s/nats-values.yaml',
      'deploy/k8s/svc-hire.yaml',
    ]),
  );
});

// A hand edit, or a descriptor changed without `npm run generate`, fails here.
it.each(files)('%s is what `npm run generate` writes, under its banner', (file, text) => {
  const committed = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  expect(committed.split('\n')[0]).toContain(GENERATED);
  expect(committed).toBe(text);
});
