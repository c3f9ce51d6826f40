import path from 'node:path';
import webpack from 'webpack';
import type { FederatedBuild } from './webpack';
import { createPagesServerConfig, createServerRendererConfig, createWebpackConfig } from './webpack';
import { inputsStamp, writeBuildStamp } from './build-stamp';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * `tsx ../packages/mf-config/src/cli.ts build|dev` in a package folder (its npm scripts): reads its `federation.config.ts`
 * (a FederatedBuild) and runs webpack once, or the dev server for standalone work.
 */
async function main() {
  const command = process.argv[2] ?? 'build';
  const dir = process.cwd();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const build = require(path.join(dir, 'federation.config.ts')).default as FederatedBuild;
  if (command === 'dev') {
    const { default: DevServer } = await import('webpack-dev-server');
    const config = createWebpackConfig(build, 'development');
    const server = new DevServer(config.devServer ?? {}, webpack(config));
    await server.start();
    return;
  }
  // Taken before webpack reads anything: a source edited during the build leaves it stale.
  const inputs = inputsStamp(REPO_ROOT, dir);
  // The browser build, the remote's server renderer of its first screens where it has one, and the
  // renderer of the pages the build prerenders where it has them.
  const configs = [
    createWebpackConfig(build, 'production'),
    ...(build.firstScreens ? [createServerRendererConfig(build)] : []),
    ...(build.pages ? [createPagesServerConfig(build)] : []),
  ];
  const stats = await new Promise<webpack.MultiStats>((resolve, reject) =>
    webpack(configs, (err, s) => (err || !s ? reject(err ?? new Error('no stats')) : resolve(s))),
  );
  console.log(
    stats
      .toString({
        colors: false,
        modules: false,
        children: true,
        chunks: false,
        assets: true,
        assetsSort: '!size',
      })
      .split('\n')
      .slice(0, 60)
      .join('\n'),
  );
  if (stats.hasErrors()) process.exit(1);
  writeBuildStamp(REPO_ROOT, dir, build.kind, inputs);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
