import '@platform/ui/theme.css';
import './shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, registerNamespace } from '@platform/ui';
import { App } from './App';
import { loadManifest, remoteRoutes } from './remotes';
import { remoteOwning } from './prefixes';
import { siteMapOf } from './site-map';
import { useSiteMap } from '@platform/shell-state';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // The manifest decides which remote serves which prefix: redeploying a remote never rebuilds the shell.
  const i18n = initI18n();
  const manifest = await loadManifest();
  // The current page's remote loads while the translations do, not after the first render asks for it
  // (the promise is cached; a failure is shown by the page itself).
  const remote = remoteOwning(manifest, location.pathname);
  if (remote) remoteRoutes(remote).catch(() => {});
  await i18n;
  useSiteMap.setState(siteMapOf(manifest));
  // A transition renders in slices, yielding to the browser between them: no single long task blocks
  // input while the first screen is built (Total Blocking Time).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App manifest={manifest} />
      </StrictMode>,
    ),
  );
}

void start();
