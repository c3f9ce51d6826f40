import type { FederatedBuild } from '@platform/mf-config';

const build: FederatedBuild = {
  kind: 'remote',
  name: 'mf_billing',
  dir: __dirname,
  port: 3006,
  title: 'AfyaHR Billing (standalone)',
  exposes: {
    './routes': './src/exposes/routes.tsx',
    // Composed by the shell into /clinicdashboard, above the other widgets.
    './TrialNotice': './src/exposes/TrialNotice.tsx',
  },
};
export default build;
