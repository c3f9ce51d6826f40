import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_events',
  dir: __dirname,
  port: 3003,
  title: 'AfyaHR Events (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
};
export default build;
