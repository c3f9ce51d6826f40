/**
 * The shell's renderer of prerendered pages, run in Node by the build (scripts/prerender): the whole
 * site (navbar, cookie banner, the remote's page, footer) for one address, for a visitor who is not
 * signed in, with React's server renderer, the markup `hydrateRoot` expects. Built into
 * `dist-server/pages.js` (packages/mf-config `createPagesServerConfig`), which leaves React, the router,
 * `@platform/ui` and the stores to Node, so the remotes' page modules (their own `dist-server/pages.js`)
 * render with the same ones. Each remote's `./routes` is given, not loaded through the federation.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import i18next from 'i18next';
import type { RemotesManifest } from '@platform/contracts';
import { PAGE_COOKIES } from '@platform/contracts/values';
import { MemoryRouter } from '@platform/router/server';
import { initI18n, registerNamespace, takeRenderedMeta, ToastProvider, type Language } from '@platform/ui';
import { settleFirstRender, useLanguage, useSiteMap } from '@platform/shell-state';
import { Site } from './App';
import { provideModule } from './remotes';
import { setServerCookies } from './page-cookies';
import { siteMapOf } from './site-map';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

export interface PageRequest {
  /** The page's address (`/pricing`; an item route with a placeholder id). */
  path: string;
  language: Language;
  /** Whether the visitor has answered the cookie banner (the page cookie the gateway picks by). */
  consented: boolean;
  /** The remotes manifest the gateway serves with these builds. */
  manifest: RemotesManifest;
  /** Each remote's `./routes` by its federation name (`mf_core`): its `dist-server/pages.js`. */
  routes: Record<string, unknown>;
}

export interface RenderedPage {
  /** The content of `#root`. */
  body: string;
  /** Those the page set (an item's page sets none until its item has loaded). */
  title?: string;
  description?: string;
}

/** One page's HTML; pages are rendered one after another (the stores are the process's). */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  for (const [name, routes] of Object.entries(request.routes)) provideModule(name, './routes', routes);
  setServerCookies(request.consented ? { [PAGE_COOKIES.consent]: 'accepted' } : {});
  await initI18n(request.language);
  await i18next.changeLanguage(request.language);
  useLanguage.setState({ language: request.language });
  useSiteMap.setState(siteMapOf(request.manifest));
  settleFirstRender(request.language);
  takeRenderedMeta();
  const site = (
    <StrictMode>
      <ToastProvider>
        <MemoryRouter initialEntries={[request.path]}>
          <Site manifest={request.manifest} />
        </MemoryRouter>
      </ToastProvider>
    </StrictMode>
  );
  // One piece: no boundary outlined for streaming (that would need an inline script, which the CSP forbids).
  const { prelude } = await prerender(site, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const body = await new Response(prelude).text();
  return { body, ...takeRenderedMeta() };
}
