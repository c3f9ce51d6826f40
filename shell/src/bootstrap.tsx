import '@platform/ui/theme.css';
import './shell.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n, preloadNamespaces, prepareDateFormats, registerNamespace } from '@platform/ui';
import { App } from './App';
import { loadManifest, remoteRoutes } from './remotes';
import { ownerOf } from './prefixes';
import { siteMapOf } from './site-map';
import { settleFirstRender, useLanguage, useSiteMap } from '@platform/shell-state';
import { preloadPage } from './RemotePage';
import { prerenderedLanguage } from './first-render';
import { followLanguageCookie } from './page-cookies';
import { copyAnswerToCookie } from './layout/CookieBanner';

registerNamespace('shell', (lng) => import(`./locales/${lng}.json`));

/**
 * Ends the current task: the browser handles input and paints before the next start-up step runs, so
 * the start-up is several short tasks instead of one long one on a slow phone (Total Blocking Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // This module runs in the task that evaluated the last shared module it waited for (react-dom).
  await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('Root element not found');
  // A prerendered page in the visitor's language is hydrated. One in another language (a stored choice
  // the language cookie no longer says) is rendered afresh in theirs: switching language while React is
  // still hydrating would make the two disagree half-way through the page.
  const prerendered = prerenderedLanguage(root);
  const pageLanguage = prerendered === useLanguage.getState().language ? prerendered : undefined;
  // The manifest decides which remote serves which prefix: redeploying a remote never rebuilds the shell.
  const i18n = initI18n(pageLanguage);
  const manifest = await loadManifest();
  // The current page's remote loads while the translations do, not after the first render asks for it
  // (the promise is cached; a failure is shown by the page itself).
  const owner = ownerOf(manifest, window.location.pathname);
  if (owner) remoteRoutes(owner.remote).catch(() => {});
  await i18n;
  await nextTask();
  useSiteMap.setState(siteMapOf(manifest));
  settleFirstRender(pageLanguage ?? useLanguage.getState().language);
  const site = (
    <StrictMode>
      <App manifest={manifest} />
    </StrictMode>
  );
  if (prerendered) {
    // What the first render needs, loaded first, so it never shows a loading state over the page (nor
    // does hydration wait half-way through it).
    await preloadPage(manifest, window.location.pathname);
    await preloadNamespaces();
    await nextTask();
    // A first screen with dates (every date is a <time>) gets its date format made in a task of its own.
    if (root.querySelector('time')) {
      prepareDateFormats(useLanguage.getState().language);
      await nextTask();
    }
  }
  // In a transition, React renders (and hydrates) in slices, yielding to the browser between them: no
  // single long task blocks input while the first screen is built or attached to (Total Blocking Time).
  if (pageLanguage) {
    startTransition(() => {
      hydrateRoot(root, site);
    });
  } else {
    startTransition(() => createRoot(root).render(site));
  }
  followLanguageCookie();
  copyAnswerToCookie();
}

void start();
