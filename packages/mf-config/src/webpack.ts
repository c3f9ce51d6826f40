import path from 'node:path';
import webpack, { type Configuration, type WebpackPluginInstance } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createSharedConfig } from './shared';
import { StartAssetsPlugin } from './start-assets';
import { StartAfterPaintPlugin } from './start-after-paint';
import { FIRST_SCREEN } from '@platform/contracts/values';

/** Text files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

/**
 * The page's own script (a deferred one, which browsers fetch at low priority) is fetched at high
 * priority: everything else waits for it, and the gateway's preload hints would otherwise go first.
 */
const mainScriptFirst: WebpackPluginInstance = {
  apply(compiler) {
    compiler.hooks.compilation.tap('MainScriptFirst', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('MainScriptFirst', (data) => {
        for (const tag of [...data.headTags, ...data.bodyTags])
          if (tag.tagName === 'script') tag.attributes.fetchpriority = 'high';
        return data;
      });
    });
  },
};

/**
 * The federation plugin adds the CommonJS build of its runtime-injection plugin to the shell's entry,
 * and through its `require`s the CommonJS copy of the federation runtime (with the snapshot plugin
 * that `disableSnapshot` leaves out of the other), next to the ES module copy everything else imports:
 * the runtime twice in main.js, both evaluated before anything else runs. The ES module build of the
 * same plugin imports the one copy.
 */
const INJECT_RUNTIME_PLUGIN_CJS =
  /@module-federation[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/;
const oneFederationRuntime = () =>
  new webpack.NormalModuleReplacementPlugin(INJECT_RUNTIME_PLUGIN_CJS, (resource) => {
    resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
  });

export interface FederatedBuild {
  /** 'host' for the shell, 'remote' for an mf-* module. */
  kind: 'host' | 'remote';
  /** Federation name: 'shell' or 'mf_core' ... */
  name: string;
  /** The package folder (pass __dirname). */
  dir: string;
  /** For remotes: './routes' -> './src/exposes/routes.tsx' ... */
  exposes?: Record<string, string>;
  /** Dev-server port (standalone work on the module). */
  port?: number;
  /** Title of the standalone page. */
  title?: string;
  /**
   * For remotes: the module that draws its first screens on the server (`./src/first-screens.tsx`,
   * exporting `render`), built for Node into `dist-server/` beside `dist/` (not served to browsers); the
   * gateway runs it with the data a page's first screen asks for (`remote.firstData`).
   */
  firstScreens?: string;
  /**
   * The module whose pages the build prerenders, rendered in Node (scripts/prerender): a remote's
   * `./src/exposes/routes.tsx`, the shell's `./src/server-page.tsx`. Built into `dist-server/pages.js`
   * (`createPagesServerConfig`).
   */
  pages?: string;
}

/** The browser build's rule for images: small ones inlined, the others as content-hashed files. */
const IMAGES = /\.(png|svg|jpg|webp)$/;
const INLINED_BELOW = 4096;
const ASSET_NAMES = 'assets/[name].[contenthash:10][ext]';

/**
 * The one webpack configuration of the shell and every remote: swc for TS/TSX, extracted CSS,
 * self-hosted fonts as files, content-hashed names, Module Federation with the shared singletons.
 * The federation runtime ships once, in the shell (provideExternalRuntime); remotes use it
 * (externalRuntime) except when run standalone in development.
 */
export function createWebpackConfig(
  build: FederatedBuild,
  mode: 'production' | 'development',
): Configuration {
  const prod = mode === 'production';
  const standalone = !prod;
  return {
    mode,
    context: build.dir,
    entry: { main: './src/index.ts' },
    devtool: prod ? false : 'eval-cheap-module-source-map',
    target: ['web', 'es2020'],
    output: {
      path: path.join(build.dir, 'dist'),
      publicPath: build.kind === 'host' ? '/' : 'auto',
      // Entry files keep plain names (the federation runtime needs a filename without a hash; the
      // gateway serves them no-cache); every other chunk is content-hashed and cached for good.
      filename: '[name].js',
      chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
      assetModuleFilename: ASSET_NAMES,
      uniqueName: build.name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?)$/, type: 'asset/resource' },
        { test: IMAGES, type: 'asset', parser: { dataUrlCondition: { maxSize: INLINED_BELOW } } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: build.name,
        ...(build.kind === 'remote'
          ? { filename: 'remoteEntry.js', exposes: build.exposes ?? {} }
          : { remotes: {} }),
        shared: createSharedConfig(),
        dts: false,
        // A remote's manifest lists the files each exposed module loads at once: the gateway preloads them.
        manifest: build.kind === 'remote' && prod ? { fileName: 'mf-manifest.json' } : false,
        experiments: {
          ...(build.kind === 'host'
            ? { provideExternalRuntime: true }
            : standalone
              ? {}
              : { externalRuntime: true }),
          // Remotes are registered by their remoteEntry.js (never by mf-manifest.json, which only the
          // gateway reads for preload hints), so the runtime's snapshot plugin is dead weight (~KB gzip of
          // the landing page's budget); and the runtime only ever runs in a browser.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      new MiniCssExtractPlugin({
        filename: prod ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: prod ? '[name].[contenthash:10].css' : '[name].css',
      }),
      ...(build.kind === 'host' || standalone
        ? [
            new HtmlWebpackPlugin({
              template: path.join(__dirname, 'index.html'),
              title: build.title ?? 'AfyaHR',
              inject: 'body',
            }),
            mainScriptFirst,
          ]
        : []),
      ...(build.kind === 'host' ? [oneFederationRuntime()] : []),
      ...(build.kind === 'host' && prod ? [new StartAssetsPlugin(), new StartAfterPaintPlugin()] : []),
      // Compressed once at build, at the highest levels, beside each file; the gateway serves the `.br`
      // or `.gz` the browser accepts. index.html is not: the gateway changes it for each page.
      ...(prod
        ? [
            new CompressionPlugin<BrotliOptions>({
              test: COMPRESSIBLE,
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              algorithm: 'gzip',
              filename: '[path][base].gz',
              compressionOptions: { level: 9 },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    devServer: {
      port: build.port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // Same origin as the platform: API calls and the remotes manifest go to the gateway.
      proxy: [{ context: ['/api', '/mf/remotes.json'], target: 'http://127.0.0.1:8080' }],
    },
  };
}

/**
 * A remote's server renderer of its first screens (`build.firstScreens`): one CommonJS file for Node,
 * `dist-server/first-screens.js`, with React, its components and its locales inside (nothing shared, no
 * federation) and no CSS (the page's stylesheets are already in the HTML; imports of CSS become inert
 * strings). The same swc transform as the browser build, so the components are the same code.
 */
export function createServerRendererConfig(build: FederatedBuild): Configuration {
  if (!build.firstScreens) throw new Error(`${build.name} declares no firstScreens`);
  return {
    mode: 'production',
    context: build.dir,
    entry: { [FIRST_SCREEN.file.replace(/\.js$/, '')]: build.firstScreens },
    devtool: false,
    target: 'node20',
    output: {
      path: path.join(build.dir, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // One file: the gateway loads it with a single require.
      asyncChunks: false,
      // The pages' renderer (createPagesServerConfig) is built beside it, at the same time.
      clean: { keep: /^pages\.js$/ },
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: false } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(woff2?|png|svg|jpg|webp)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // Readable stack traces in the gateway's log; the file is read once per build, never downloaded.
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

/** An import Node resolves itself (a package: `react`, `@platform/ui`), not a file of the package. */
const isPackage = (request: string) => !/^[./]/.test(request) && !/^[a-z]+:/.test(request);

/**
 * The module of a package's pages the build prerenders (`build.pages`) for Node: one CommonJS file,
 * `dist-server/pages.js`, with the package's own code, locales and asset addresses inside, and every
 * package it imports (React, the router, `@platform/ui`...) left for Node to load, so the shell's renderer
 * and each remote's share one React and one of each store, as the federation's singletons do in the
 * browser. CSS imports are inert; an image or font resolves to the address the browser build serves it
 * at (the same name and inlining rule), so the markup is the browser's to the byte.
 */
export function createPagesServerConfig(build: FederatedBuild): Configuration {
  if (!build.pages) throw new Error(`${build.name} declares no pages`);
  return {
    mode: 'production',
    context: build.dir,
    entry: { pages: build.pages },
    devtool: false,
    target: 'node20',
    output: {
      path: path.join(build.dir, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      asyncChunks: false,
      // Where the gateway serves the browser build: a remote's `auto` resolves to its own folder there.
      publicPath: build.kind === 'host' ? '/' : `/mf/${path.basename(build.dir)}/`,
      assetModuleFilename: ASSET_NAMES,
      clean: { keep: /^first-screens\.js$/ },
    },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) =>
        request && isPackage(request) && !request.endsWith('.css')
          ? callback(undefined, `commonjs ${request}`)
          : callback(),
    ],
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: false } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(woff2?)$/, type: 'asset/resource', generator: { emit: false } },
        {
          test: IMAGES,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: INLINED_BELOW } },
          generator: { emit: false },
        },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
  };
}
