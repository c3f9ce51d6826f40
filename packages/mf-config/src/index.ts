export { createSharedConfig, SHARED_SINGLETONS, REMOTE_NAMES } from './shared';
export { createWebpackConfig, type FederatedBuild } from './webpack';
