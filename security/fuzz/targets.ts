import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { loadModules } from '@platform/modules';
import type { App } from '@platform/service-kit';
import type { FuzzFixtures, FuzzRole, FuzzService, FuzzTarget, TrustTarget } from '@platform/testing';

export type Role = FuzzRole;
export type Fixtures = FuzzFixtures;
export type RunningService = FuzzService<App>;

const ROOT = path.resolve(__dirname, '..', '..');

interface SecurityTargets {
  fuzzTarget: FuzzTarget<App>;
  trustTarget?: TrustTarget<App>;
}

/**
 * Every module service the descriptors list whose code exists, with what its own
 * `test/security-targets.ts` exports: a new module is attacked with no edit in security/, and one
 * without the file fails here.
 */
export function securityTargets(
  root = ROOT,
): Array<{ service: NonNullable<ModuleDescriptor['service']> } & SecurityTargets> {
  return loadModules(root).flatMap((m) => {
    if (!m.service || !existsSync(path.join(root, m.service.folder, 'src', 'server.ts'))) return [];
    const file = path.join(root, m.service.folder, 'test', 'security-targets.ts');
    if (!existsSync(file))
      throw new Error(`${m.service.folder} has no test/security-targets.ts for the security tests`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list is the descriptors'
    return [{ service: m.service, ...(require(file) as SecurityTargets) }];
  });
}

/** Every service the API fuzz test walks. */
export const TARGETS = securityTargets().map((t) => t.fuzzTarget);
