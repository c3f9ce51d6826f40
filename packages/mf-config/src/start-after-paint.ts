import type { Compiler, WebpackPluginInstance } from 'webpack';
import { AFTER_PAINT } from '@platform/contracts/values';

/**
 * start.js: a prerendered page is readable before any script runs, so its scripts wait until it has
 * been painted (its first contentful paint), then start all at once: preload hints for the files the
 * gateway listed in `#afya-after-paint` (the shell's start-up chunks, the route's remote entry and
 * routes module), and `main.js`. Before the paint they would only share the phone's bandwidth and CPU
 * with the stylesheets, fonts and first layout the paint waits for. A tab in the background paints
 * nothing, so there it starts at once; and never later than 3 s.
 *
 * Plain ES5 in a file of its own (the CSP allows no inline script), a few hundred bytes.
 */
export function startAfterPaintScript(mainScript: string): string {
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var list = document.getElementById(${JSON.stringify(AFTER_PAINT.listId)});
    var files = [];
    try {
      files = JSON.parse((list && list.textContent) || '[]');
    } catch (e) {}
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('as', 'script');
      link.setAttribute('href', files[i]);
      document.head.appendChild(link);
    }
    var main = document.createElement('script');
    main.src = ${JSON.stringify(mainScript)};
    main.fetchPriority = 'high';
    document.head.appendChild(main);
  }
  function afterPaint() {
    setTimeout(start, 0);
  }
  if (document.visibilityState !== 'visible' || typeof PerformanceObserver !== 'function') return start();
  try {
    var observer = new PerformanceObserver(function (entries) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterPaint();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(afterPaint);
  }
  setTimeout(start, 3000);
})();
`;
}

/** Emits start.js beside the shell's main.js (the host build only). */
export class StartAfterPaintPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StartAfterPaintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'StartAfterPaintPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          compilation.emitAsset(
            AFTER_PAINT.script,
            new compiler.webpack.sources.RawSource(startAfterPaintScript(`${publicPath}main.js`)),
          );
        },
      );
    });
  }
}
