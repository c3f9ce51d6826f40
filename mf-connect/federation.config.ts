import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_connect',
  dir: __dirname,
  port: 3004,
  title: 'AfyaHR Connect (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
  },
  // Its prerendered pages, rendered in Node by the build (dist-server/pages.js).
  pages: './src/exposes/routes.tsx',
};
export default build;
