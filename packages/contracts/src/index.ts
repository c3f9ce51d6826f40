export * from './common';
export * from './envelope';
export * from './identity';
export * from './hire';
export * from './remotes';
export * from './formats';
export * from './navigation';
export * from './modules';
