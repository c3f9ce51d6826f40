export { createSharedConfig, compatibleRange, installedVersion, SHARED_SINGLETONS } from './shared';
export { createWebpackConfig, type FederatedBuild } from './webpack';
export { startAfterPaintScript } from './start-after-paint';
