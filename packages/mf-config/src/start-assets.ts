import type { ChunkGroup, Compilation, Compiler, Module, WebpackPluginInstance } from 'webpack';

/** The file the shell's build writes: what its start-up loads, for the gateway's preload hints. */
export const START_ASSETS_FILE = 'start-assets.json';

/**
 * Writes `start-assets.json` in the shell's build: the JS and CSS files its start-up loads after
 * `main.js` runs — the chunks of `import('./bootstrap')` (the async boundary) and of every shared module
 * they consume (react-dom, the router, i18next ..., followed through the shared modules' own shared
 * dependencies). The browser finds these only once main.js has run; listed here, the gateway preloads
 * them with the page, a round trip and main.js's run earlier.
 */
export class StartAssetsPlugin implements WebpackPluginInstance {
  constructor(private readonly bootstrapRequest = './bootstrap') {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StartAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = this.startFiles(compilation);
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const json = JSON.stringify({
            js: files.filter((f) => f.endsWith('.js')).map((f) => publicPath + f),
            css: files.filter((f) => f.endsWith('.css')).map((f) => publicPath + f),
          });
          compilation.emitAsset(START_ASSETS_FILE, new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }

  private startFiles(compilation: Compilation): string[] {
    const { chunkGraph } = compilation;
    // The runtime loads a shared module from the share scope, where the shell's own provided copy is
    // registered first: the chunks of that provide module, not of the consume module's fallback.
    const providers = new Map<string, Module>();
    for (const module of compilation.modules)
      if (module.type === 'provide-module')
        providers.set((module as Module & { _name: string })._name, module);
    const files = new Set<string>();
    const seenGroups = new Set<ChunkGroup>();
    const visit = (group: ChunkGroup | undefined) => {
      if (!group || seenGroups.has(group)) return;
      seenGroups.add(group);
      for (const chunk of group.chunks) {
        for (const file of chunk.files) files.add(file);
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          if (module.type !== 'consume-shared-module') continue;
          const key = (module as Module & { options: { shareKey: string } }).options.shareKey;
          for (const block of providers.get(key)?.blocks ?? [])
            visit(chunkGraph.getBlockChunkGroup(block) ?? undefined);
        }
      }
    };
    for (const entry of compilation.entrypoints.values()) {
      for (const child of entry.getChildren())
        if (child.origins.some((o) => o.request === this.bootstrapRequest)) visit(child);
      for (const chunk of entry.chunks) for (const file of chunk.files) files.delete(file);
    }
    return [...files].filter((f) => /\.(js|css)$/.test(f));
  }
}
