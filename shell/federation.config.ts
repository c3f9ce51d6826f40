import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = { kind: 'host', name: 'shell', dir: __dirname, port: 3000, title: 'AfyaHR' };
export default build;
