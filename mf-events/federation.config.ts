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
};
export default build;
