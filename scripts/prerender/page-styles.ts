import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Federation's manifest of a remote build (`mf-manifest.json`), the part read here. */
interface FederationManifest {
  exposes: Array<{ path: string; assets: { css: { sync: string[]; async: string[] } } }>;
}

/**
 * The stylesheets a prerendered page of `remoteFolder` links in its head, so it paints styled before any
 * script has run (the scripts would load them later): the shell's start-up CSS (`start-assets.json`) and
 * the CSS of the remote's `./routes` and its pages (`mf-manifest.json`). The pages of a remote share their
 * CSS: webpack writes one identical file per page chunk (same content hash, the part after the dot), so one
 * of each content is linked.
 */
export function pageStyles(root: string, remoteFolder: string): string[] {
  const shell = JSON.parse(readFileSync(path.join(root, 'shell', 'dist', 'start-assets.json'), 'utf8')) as {
    css: string[];
  };
  const remote = JSON.parse(
    readFileSync(path.join(root, remoteFolder, 'dist', 'mf-manifest.json'), 'utf8'),
  ) as FederationManifest;
  const routes = remote.exposes.find((e) => e.path === './routes');
  const byContent = new Map<string, string>();
  for (const file of [...(routes?.assets.css.sync ?? []), ...(routes?.assets.css.async ?? [])]) {
    const content = file.split('.').slice(-2, -1)[0] ?? file;
    if (!byContent.has(content)) byContent.set(content, `/mf/${remoteFolder}/${file}`);
  }
  return [...shell.css, ...byContent.values()];
}
