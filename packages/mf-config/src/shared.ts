import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Modules every federated bundle shares as singletons: one React, one router, one i18n, one session
 * store and one data cache for the whole page. Sharing `@platform/shell-state` (not only zustand) is
 * what makes the auth store a single instance across remotes. Shared modules are bundled whole, so the
 * router is shared as `@platform/router` (the subset of react-router-dom in use), never react-router-dom
 * itself; `@platform/data` (TanStack Query) is downloaded only by pages that load data.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  '@platform/router',
  '@platform/data',
  'zustand',
  'i18next',
  '@platform/ui',
  '@platform/shell-state',
] as const;

/** The package a shared module belongs to: `react` for `react/jsx-runtime`, `@platform/ui` for itself. */
const packageOf = (name: string) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** The installed version of a package, looked up from `from` upwards (workspaces and hoisted ones alike). */
export function installedVersion(name: string, from = process.cwd()): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', packageOf(name), 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`shared module ${name} is not installed`);
  }
}

/**
 * Every shared singleton requires the major version (minor for 0.x) it was built with: a remote built
 * against another React or another @platform/ui major is told so at load, instead of quietly getting
 * whatever the host has. Shared packages carry versions for this (bump the major on a breaking change).
 */
export function createSharedConfig(
  from = process.cwd(),
): Record<string, { singleton: true; requiredVersion: string; eager?: boolean }> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      { singleton: true, requiredVersion: compatibleRange(installedVersion(name, from)) },
    ]),
  );
}

/** `^19.2.0` for 19.2.0; `~0.1.0` for 0.1.0 (below 1.0 a minor may break). */
export function compatibleRange(version: string): string {
  const [major, minor, patch] = version.split(/[.+-]/);
  return major === '0' ? `~0.${minor}.${patch}` : `^${major}.${minor}.${patch}`;
}
