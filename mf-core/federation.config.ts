import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_core',
  dir: __dirname,
  port: 3001,
  title: 'AfyaHR Core (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    // Composed by the shell into /userdashboard.
    './UserCore': './src/exposes/UserCore.tsx',
  },
  // Its prerendered pages, rendered in Node by the build (dist-server/pages.js).
  pages: './src/exposes/routes.tsx',
};
export default build;
