/** @jest-environment jsdom */
// jsdom: the decorated page is read back by a real HTML parser, as a browser would read it.
import type { RemotesManifest } from '@platform/contracts';
import { AFTER_PAINT } from '@platform/contracts/values';
import { decoratePage, MANIFEST_ELEMENT_ID, remoteForPath } from './page-decoration';

const SHELL =
  '<!doctype html><html><head><title>AfyaHR</title></head><body><div id="root"></div></body></html>';

const manifest = (label = 'Hire'): RemotesManifest => ({
  remotes: [
    { name: 'mf_core', entry: '/mf/mf-core/remoteEntry.js', routes: ['/', '/core', '/login'] },
    { name: 'mf_hire', entry: '/mf/mf-hire/remoteEntry.js', routes: ['/hire', '/userdashboard'] },
  ],
  navigation: [{ path: '/hire', label: { en: label, sw: label, fr: label }, order: 20 }],
  footer: [],
  dashboards: {},
});

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const hrefs = (doc: Document, as: string) =>
  [...doc.querySelectorAll(`link[rel="preload"][as="${as}"]`)].map((l) => l.getAttribute('href'));

describe('decoratePage', () => {
  it('inlines the manifest as JSON the shell reads back unchanged', () => {
    const doc = parse(decoratePage(SHELL, { manifest: manifest(), pathname: '/' }));
    const el = doc.getElementById(MANIFEST_ELEMENT_ID)!;
    expect(el.tagName).toBe('SCRIPT');
    expect(el.getAttribute('type')).toBe('application/json');
    expect(el.parentElement?.tagName).toBe('HEAD');
    expect(JSON.parse(el.textContent!)).toEqual(manifest());
  });

  it('keeps a label holding </script>, <!-- and $& inside the JSON element', () => {
    const label = '</script><script>alert(1)</script><!-- $& \u2028';
    const html = decoratePage(SHELL, { manifest: manifest(label), pathname: '/' });
    const doc = parse(html);
    // One script element only: nothing broke out of the JSON and became markup.
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(html).not.toContain('</script><script>');
    const read = JSON.parse(doc.getElementById(MANIFEST_ELEMENT_ID)!.textContent!) as RemotesManifest;
    expect(read.navigation?.[0]?.label.en).toBe(label);
    expect(doc.querySelector('title')?.textContent).toBe('AfyaHR');
  });

  it("preloads the route's remote entry and the files of its routes module", () => {
    const doc = parse(
      decoratePage(SHELL, {
        manifest: manifest(),
        pathname: '/hire/42',
        startAssets: {
          mf_hire: { js: ['/mf/mf-hire/__federation_expose_routes.abc.js'], css: ['/mf/mf-hire/1.abc.css'] },
          mf_core: { js: ['/mf/mf-core/core-routes.js'], css: [] },
        },
        dataPreloads: ['/api/job/get?page=1&limit=10'],
      }),
    );
    expect(hrefs(doc, 'script')).toEqual([
      '/mf/mf-hire/remoteEntry.js',
      '/mf/mf-hire/__federation_expose_routes.abc.js',
    ]);
    expect(hrefs(doc, 'style')).toEqual(['/mf/mf-hire/1.abc.css']);
    const data = doc.querySelector('link[as="fetch"]')!;
    expect(data.getAttribute('href')).toBe('/api/job/get?page=1&limit=10');
    expect(data.getAttribute('crossorigin')).toBe('anonymous');
  });

  it("preloads the shell's start-up files on every page, before the route's", () => {
    const shellAssets = { js: ['/470.abc.js', '/696.abc.js'], css: ['/905.abc.css'] };
    for (const pathname of ['/', '/nowhere']) {
      const doc = parse(decoratePage(SHELL, { manifest: manifest(), pathname, shellAssets }));
      expect(hrefs(doc, 'style')).toEqual(['/905.abc.css']);
      expect(hrefs(doc, 'script')).toEqual([
        '/470.abc.js',
        '/696.abc.js',
        ...(pathname === '/' ? ['/mf/mf-core/remoteEntry.js'] : []),
      ]);
    }
  });

  it("lists a prerendered page's scripts for start.js to preload once painted, with no script hint in the head", () => {
    const shellAssets = { js: ['/470.abc.js'], css: ['/905.abc.css'] };
    const startAssets = { mf_core: { js: ['/mf/mf-core/routes.abc.js'], css: [] } };
    const label = '</script><script>alert(1)</script>';
    const html = decoratePage(SHELL, {
      manifest: manifest(label),
      pathname: '/',
      shellAssets,
      startAssets,
      scriptsAfterPaint: true,
    });
    const doc = parse(html);
    expect(hrefs(doc, 'script')).toEqual([]);
    // The stylesheets the paint needs are still hinted.
    expect(hrefs(doc, 'style')).toEqual(['/905.abc.css']);
    const list = doc.getElementById(AFTER_PAINT.listId)!;
    expect(list.tagName).toBe('SCRIPT');
    expect(list.getAttribute('type')).toBe('application/json');
    expect(list.parentElement?.tagName).toBe('HEAD');
    expect(JSON.parse(list.textContent!)).toEqual([
      '/470.abc.js',
      '/mf/mf-core/remoteEntry.js',
      '/mf/mf-core/routes.abc.js',
    ]);
    // Two JSON elements, nothing executable.
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(
      [...doc.querySelectorAll('script')].every((s) => s.getAttribute('type') === 'application/json'),
    ).toBe(true);
  });

  it('hints nothing but the manifest on a page no remote serves', () => {
    const doc = parse(decoratePage(SHELL, { manifest: manifest(), pathname: '/nowhere' }));
    expect(doc.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
    expect(doc.getElementById(MANIFEST_ELEMENT_ID)).not.toBeNull();
  });
});

describe('remoteForPath', () => {
  it.each([
    ['/', 'mf_core'],
    ['/login', 'mf_core'],
    ['/hire', 'mf_hire'],
    ['/hire/abc', 'mf_hire'],
    ['/hireling', undefined],
    ['/unknown', undefined],
  ])('%s is served by %s', (pathname, remote) => {
    expect(remoteForPath(manifest(), pathname)?.name).toBe(remote);
  });
});
