import '@platform/ui/theme.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, registerNamespace } from '@platform/ui';
import { App } from './App';
import { loadManifest } from './remotes';
import { siteMapOf } from './site-map';
import { useSiteMap } from '@platform/shell-state';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // The manifest decides which remote serves which prefix: redeploying a remote never rebuilds the shell.
  const [manifest] = await Promise.all([loadManifest(), initI18n()]);
  useSiteMap.setState(siteMapOf(manifest));
  createRoot(root).render(
    <StrictMode>
      <App manifest={manifest} />
    </StrictMode>,
  );
}

void start();
