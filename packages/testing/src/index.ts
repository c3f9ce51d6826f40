export * from './db';
export * from './nats';
export * from './find-postgres';
export * from './find-nats';
export * from './test-servers';
export * from './tokens';
export { chromiumPath, CHROMIUM_ARGS } from './browser';
export { eventually } from './eventually';
export { serviceTestEnv, type ServiceTestEnv } from './service-env';
