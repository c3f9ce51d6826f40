import path from 'node:path';
import { compatibleRange, createSharedConfig, SHARED_SINGLETONS } from './shared';

const root = path.resolve(__dirname, '..', '..', '..');

it('requires of every shared singleton the version range it was built with', () => {
  const shared = createSharedConfig(root);
  expect(Object.keys(shared)).toEqual([...SHARED_SINGLETONS]);
  expect(shared.react!.requiredVersion).toMatch(/^\^19\.\d+\.\d+$/);
  expect(shared['react/jsx-runtime']!.requiredVersion).toBe(shared.react!.requiredVersion);
  expect(shared['@platform/ui']!.requiredVersion).toBe('~0.1.0');
  for (const entry of Object.values(shared)) expect(entry.singleton).toBe(true);
});

it('allows what semver calls compatible: minors from 1.0, patches below it', () => {
  expect(compatibleRange('19.2.3')).toBe('^19.2.3');
  expect(compatibleRange('0.1.0')).toBe('~0.1.0');
});
