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

export function createSharedConfig(): Record<
  string,
  { singleton: true; requiredVersion: false | string; eager?: boolean }
> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false }]),
  );
}

/** Federation names of the remotes (snake_case) and their folders (kebab-case). */
export const REMOTE_NAMES = {
  core: 'mf_core',
  hire: 'mf_hire',
  events: 'mf_events',
  connect: 'mf_connect',
  admin: 'mf_admin',
} as const;
