import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_hire',
  dir: __dirname,
  port: 3002,
  title: 'AfyaHR Hire (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    // Composed by the shell into /clinicdashboard and /userdashboard.
    './ClinicJobs': './src/exposes/ClinicJobs.tsx',
    './UserJobs': './src/exposes/UserJobs.tsx',
  },
  // The board's first page and a job's page, drawn on the server by the gateway (dist-server/).
  firstScreens: './src/first-screens.tsx',
  // Its prerendered pages, rendered in Node by the build (dist-server/pages.js).
  pages: './src/exposes/routes.tsx',
};
export default build;
