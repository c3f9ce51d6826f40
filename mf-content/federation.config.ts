import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_content',
  dir: __dirname,
  port: 3005,
  title: 'AfyaHR Admin (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
};
export default build;
