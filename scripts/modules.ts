import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { auditedProducers, notifyingProducers } from '@platform/modules';

export { chooseModules } from '@platform/modules';

/** A module service `npm start` runs and Compose deploys, from its descriptor. */
export interface ServiceToRun {
  /** Its folder, which is also its NATS user and its log prefix: `svc-hire`. */
  name: string;
  /** The gateway's variable for its URL: `HIRE_URL`. */
  urlVariable: string;
  /** Its port in containers. */
  port: number;
  /** svc-identity: gets the private key and bootstraps the admin account. */
  signsTokens: boolean;
  /** The inbox service's NOTIFICATION_PRODUCERS: every module that notifies (absent for other services). */
  notificationProducers?: string;
  /** The audit log's AUDIT_PRODUCERS: every module recording admin actions (absent for other services). */
  auditProducers?: string;
}

/**
 * The services to run: every module's service whose code exists (a descriptor may come before its
 * module's code, so the gateway already answers its API with a clear 503). The token signer first, so
 * every other service finds the identity stream it follows.
 */
export function servicesToRun(modules: ModuleDescriptor[], root: string): ServiceToRun[] {
  return modules
    .flatMap((m) =>
      m.service && existsSync(path.join(root, m.service.folder, 'src', 'server.ts')) ? [m.service] : [],
    )
    .map((s) => ({
      name: s.folder,
      urlVariable: s.urlVariable,
      port: s.port,
      signsTokens: s.signsTokens ?? false,
      ...(s.inbox ? { notificationProducers: notifyingProducers(modules).join(',') } : {}),
      ...(s.keepsAuditLog ? { auditProducers: auditedProducers(modules).join(',') } : {}),
    }))
    .sort((a, b) => Number(b.signsTokens) - Number(a.signsTokens));
}

/** The frontends `npm start` builds when their build is missing: the shell and every remote whose code exists. */
export function frontendsToBuild(
  modules: ModuleDescriptor[],
  root: string,
): Array<{ workspace: string; marker: string }> {
  const remotes = modules.flatMap((m) =>
    m.remote && existsSync(path.join(root, m.remote.folder, 'package.json')) ? [m.remote.folder] : [],
  );
  return [
    { workspace: 'shell', marker: 'shell/dist/index.html' },
    ...remotes.map((folder) => ({ workspace: folder, marker: `${folder}/dist/remoteEntry.js` })),
  ];
}
