import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_events',
  dir: __dirname,
  port: 3003,
  title: 'AfyaHR Events (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    // Composed by the shell into /clinicdashboard and /userdashboard.
    './ClinicEvents': './src/exposes/ClinicEvents.tsx',
    './UserEvents': './src/exposes/UserEvents.tsx',
  },
  // The list's first page, drawn on the server by the gateway (dist-server/).
  firstScreens: './src/first-screens.tsx',
  // Its prerendered pages, rendered in Node by the build (dist-server/pages.js).
  pages: './src/exposes/routes.tsx',
};
export default build;
