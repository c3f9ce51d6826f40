export * from './db';
export * from './nats';
export * from './tokens';
export { chromiumPath, CHROMIUM_ARGS } from './browser';
export { eventually } from './eventually';
export { rawRequest, type RawRequest, type RawResponse } from './http';
export { serviceTestEnv, type ServiceTestEnv } from './service-env';
