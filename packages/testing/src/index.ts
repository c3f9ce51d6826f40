export * from './db';
export * from './nats';
export * from './tokens';
