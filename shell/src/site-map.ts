import type { RemotesManifest } from '@platform/contracts';
import type { SiteMap } from '@platform/shell-state';
import { COMPOSED_PAGES, widgetsFor } from './pages/ComposedPage';

/**
 * The navbar, footer and Dashboard targets for this manifest: the modules' own (from their descriptors),
 * plus the shell's composed pages for the roles they serve, once some remote gives them a widget.
 */
export function siteMapOf(manifest: RemotesManifest): SiteMap {
  const dashboards: SiteMap['dashboards'] = { ...manifest.dashboards };
  for (const page of COMPOSED_PAGES)
    if (widgetsFor(manifest, page.slot).length > 0) dashboards[page.role] ??= page.path;
  return { navigation: manifest.navigation ?? [], footer: manifest.footer ?? [], dashboards };
}
