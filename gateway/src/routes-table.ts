import type { Widget } from '@platform/contracts';

/**
 * Which service answers which API paths. A new module is one entry here (and its URL in config).
 * Paths are the original product's, kept for compatibility (including its `/api/dicussion` spelling).
 */
export interface ServiceRoute {
  /** Config key of the upstream URL, e.g. IDENTITY_URL. */
  service: 'identity' | 'hire' | 'events' | 'connect' | 'content';
  /** Human name in the 503 message. */
  label: string;
  prefixes: string[];
}

export const ROUTES: ServiceRoute[] = [
  { service: 'identity', label: 'accounts', prefixes: ['/api/user'] },
  { service: 'hire', label: 'Hire', prefixes: ['/api/job', '/api/application'] },
  { service: 'events', label: 'Events', prefixes: ['/api/event'] },
  { service: 'connect', label: 'Connect', prefixes: ['/api/dicussion', '/api/discussion', '/api/connect'] },
  { service: 'content', label: 'content', prefixes: ['/api/dashboard', '/api/blog', '/api/content'] },
];

/** The remotes the shell may load, the paths each serves, and the widgets it gives the shell's own pages. */
export const REMOTES: Array<{ name: string; folder: string; routes: string[]; widgets?: Widget[] }> = [
  { name: 'mf_core', folder: 'mf-core', routes: ['/', '/core', '/login', '/signup', '/pricing', '/profile'] },
  {
    name: 'mf_hire',
    folder: 'mf-hire',
    routes: ['/hire', '/userdashboard'],
    // /clinicdashboard is the shell's page; Hire and (later) Events each give it a widget.
    widgets: [{ slot: 'clinic-dashboard', module: './ClinicJobs' }],
  },
  { name: 'mf_events', folder: 'mf-events', routes: ['/event'] },
  { name: 'mf_connect', folder: 'mf-connect', routes: ['/connect'] },
  { name: 'mf_admin', folder: 'mf-admin', routes: ['/admin'] },
];
