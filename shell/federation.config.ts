import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'host',
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'AfyaHR',
  // The page around every prerendered page, rendered in Node by the build (dist-server/pages.js).
  pages: './src/server-page.tsx',
};
export default build;
