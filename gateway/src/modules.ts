import type { ModuleDescriptor, Widget } from '@platform/contracts';

/**
 * What the gateway takes from the module descriptors (`<module>/module.json`): which service answers
 * which API prefixes, and which remotes it serves. Paths are the original product's, kept for
 * compatibility (Connect keeps its `/api/dicussion` spelling beside `/api/discussion`).
 */
export interface ServiceRoute {
  module: string;
  /** Human name in the 503 message. */
  label: string;
  prefixes: string[];
  /** The variable holding its URL: a module without one answers 503 with a clear message. */
  urlVariable: string;
}

export interface RemoteServed {
  name: string;
  folder: string;
  routes: string[];
  widgets?: Widget[];
}

export const serviceRoutes = (modules: ModuleDescriptor[]): ServiceRoute[] =>
  modules.flatMap((m) =>
    m.service
      ? [
          {
            module: m.name,
            label: m.label,
            prefixes: m.service.apiPrefixes,
            urlVariable: m.service.urlVariable,
          },
        ]
      : [],
  );

export const remotesServed = (modules: ModuleDescriptor[]): RemoteServed[] =>
  modules.flatMap((m) => (m.remote ? [m.remote] : []));
