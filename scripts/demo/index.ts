import { CLINICS, DEMO_PASSWORD, PROFESSIONALS } from './data';
import { ensureAccounts } from './accounts';
import { DemoClient, type Log } from './client';
import { loadJobs } from './hire';
import { loadEvents } from './events';
import { loadConnect } from './connect';
import { loadContent } from './content';

export { DEMO_PASSWORD } from './data';

export interface DemoSummary {
  accountsRegistered: number;
  jobs: number;
  events: number;
  connections: number;
  discussions: number;
  posts: number;
  /** Who to sign in as, to see the demo from each side. */
  signIns: Array<{ as: string; email: string; password: string }>;
}

/**
 * Loads the demo through the platform's own HTTP API at `baseUrl` (the gateway): accounts, jobs and
 * applications, CPD events, connections and discussions. What is there already is skipped, so a second
 * load adds nothing. Needs the admin's sign-in (the admin's account list says which demo accounts exist).
 */
export async function loadDemo(
  baseUrl: string,
  admin: { email: string; password: string },
  log: Log = console.log,
): Promise<DemoSummary> {
  const client = new DemoClient(baseUrl, log);
  const accounts = await ensureAccounts(client, admin, log);
  const jobs = await loadJobs(client, accounts, log);
  const events = await loadEvents(client, accounts, log);
  const { connections, discussions } = await loadConnect(client, accounts, log);
  const posts = await loadContent(client, accounts, log);
  const clinic = CLINICS[1]!;
  const professional = PROFESSIONALS[0]!;
  return {
    accountsRegistered: [...accounts.byKey.values()].filter((a) => a.fresh).length,
    jobs,
    events,
    connections,
    discussions,
    posts,
    signIns: [
      // The admin's own password is not echoed: it is the one set in ADMIN_PASSWORD.
      { as: 'admin', email: admin.email, password: '(your ADMIN_PASSWORD)' },
      { as: `clinic (${clinic.name})`, email: clinic.email, password: DEMO_PASSWORD },
      { as: `professional (${professional.name})`, email: professional.email, password: DEMO_PASSWORD },
    ],
  };
}

/** The lines `npm start` prints after loading. */
export function signInLines(summary: DemoSummary): string[] {
  return [
    'Demo data loaded. Sign in as:',
    ...summary.signIns.map((s) => `  ${s.as}: ${s.email} / ${s.password}`),
  ];
}
