import type { ModuleDescriptor } from '@platform/contracts';
import { apiFor, pageRoute, type PreviewRoute } from './previews';

/**
 * The API calls the first screen of a page makes, as the module descriptors declare them
 * (`remote.firstData`), for the gateway to preload with the page. A page URL with a query string asks
 * something else (the board's filters), so it gets none; nor does a module whose service is not routed.
 */
export class FirstData {
  private readonly routes: PreviewRoute[];

  constructor(
    modules: ModuleDescriptor[],
    private readonly upstreams: Record<string, string | undefined>,
  ) {
    this.routes = modules.flatMap((m) =>
      (m.remote?.firstData ?? []).map(({ route, api }) => pageRoute(m.name, route, api)),
    );
  }

  /** Whether a page at `pathname` loads its first screen's data (whatever its query asks). */
  declares(pathname: string): boolean {
    return this.routes.some((route) => route.pattern.test(pathname));
  }

  of(url: string): string[] {
    if (url.includes('?')) return [];
    return this.routes.flatMap((route) => {
      const api = this.upstreams[route.module] ? apiFor(route, url) : undefined;
      return api === undefined ? [] : [api];
    });
  }
}
