import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { auditDurable, inboxDurable, ModuleDescriptor } from '@platform/contracts';

/** Each module's descriptor sits in its service's folder (or its remote's, for a module without one). */
export const DESCRIPTOR_FILE = 'module.json';

/**
 * Every module of the checkout at `root`: each `<folder>/module.json`, validated, in name order. Throws one
 * error naming the file and field of a bad descriptor, and any prefix, route, variable, port or folder two
 * modules both claim, so a mistake stops `npm start`, the gateway and CI instead of misrouting.
 */
export function loadModules(root: string): ModuleDescriptor[] {
  const modules: ModuleDescriptor[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const file = path.join(root, entry.name, DESCRIPTOR_FILE);
    if (!existsSync(file)) continue;
    modules.push(parseDescriptor(readFileSync(file, 'utf8'), path.join(entry.name, DESCRIPTOR_FILE)));
  }
  modules.sort((a, b) => a.name.localeCompare(b.name));
  checkDistinct(modules);
  return modules;
}

export function parseDescriptor(text: string, where: string): ModuleDescriptor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`${where}: not valid JSON (${(err as Error).message})`);
  }
  const first = Value.Errors(ModuleDescriptor, parsed).First();
  if (first) throw new Error(`${where}: ${first.path || '(root)'} ${first.message}`);
  checkOwnPaths(parsed as ModuleDescriptor, where);
  checkOneName(parsed as ModuleDescriptor, where);
  return parsed as ModuleDescriptor;
}

/**
 * A module has one name, and everything of it is called by it: `svc-<name>` and `mf-<name>` (federation name
 * `mf_<name>`), its NATS producer `<name>` (its subjects; its Postgres schema is named so too), its URL variable `<NAME>_URL`.
 * What people see is its label and its routes (the content module's panel is at `/admin`).
 */
function checkOneName(m: ModuleDescriptor, where: string): void {
  const expect = (what: string, value: string | undefined, wanted: string) => {
    if (value !== undefined && value !== wanted)
      throw new Error(`${where}: ${what} is "${value}": a module's parts carry its name ("${wanted}")`);
  };
  const constant = m.name.toUpperCase().replace(/-/g, '_');
  expect('service.folder', m.service?.folder, `svc-${m.name}`);
  expect('service.producer', m.service?.producer, m.name);
  expect('service.urlVariable', m.service?.urlVariable, `${constant}_URL`);
  expect('remote.folder', m.remote?.folder, `mf-${m.name}`);
  expect('remote.name', m.remote?.name, `mf_${m.name.replace(/-/g, '_')}`);
}

/**
 * The variable holding the origin a module's remote is served from when it runs apart (its own static image):
 * `MF_<NAME>_URL`, made from the module's one name as its service's `<NAME>_URL` is. Unset, the gateway serves
 * the remote's build from its own disk.
 */
export const remoteUrlVariable = (m: Pick<ModuleDescriptor, 'name'>): string =>
  `MF_${m.name.toUpperCase().replace(/-/g, '_')}_URL`;

/** A module's upload routes, preview sources and first-screen data are its own API's paths: it cannot raise another's limit. */
function checkOwnPaths(m: ModuleDescriptor, where: string): void {
  const prefixes = m.service?.apiPrefixes ?? [];
  const own = (p: string) => prefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
  for (const u of m.service?.uploads ?? [])
    if (!own(u.path)) throw new Error(`${where}: upload ${u.path} is not under its apiPrefixes`);
  for (const v of m.remote?.previews ?? [])
    if (!own(v.api)) throw new Error(`${where}: preview ${v.api} is not under its apiPrefixes`);
  // A page preloads only its own module's data.
  for (const d of m.remote?.firstData ?? [])
    if (!own(d.api.split('?')[0]!))
      throw new Error(`${where}: first data ${d.api} is not under its apiPrefixes`);
}

function checkDistinct(modules: ModuleDescriptor[]): void {
  const claims = new Map<string, string>();
  const claim = (kind: string, value: string, owner: string) => {
    const key = `${kind} ${value}`;
    const other = claims.get(key);
    if (other && other !== owner) throw new Error(`modules ${other} and ${owner} both claim ${key}`);
    claims.set(key, owner);
  };
  for (const m of modules) {
    claim('name', m.name, m.name);
    if (m.service) {
      claim('folder', m.service.folder, m.name);
      claim('variable', m.service.urlVariable, m.name);
      claim('port', String(m.service.port), m.name);
      if (m.service.producer) claim('event stream', m.service.producer, m.name);
      for (const p of m.service.apiPrefixes) claim('API prefix', p, m.name);
    }
    if (m.remote) {
      claim('folder', m.remote.folder, m.name);
      claim('federation name', m.remote.name, m.name);
      claim('variable', remoteUrlVariable(m), m.name);
      for (const r of m.remote.routes) claim('route', r, m.name);
    }
  }
}

/** The producers whose notices the platform inbox takes: every module service marked `notifies`. */
export function notifyingProducers(modules: ModuleDescriptor[]): string[] {
  return modules.flatMap((m) => (m.service?.notifies && m.service.producer ? [m.service.producer] : []));
}

/** The producers whose admin actions the audit log keeps: every module service marked `recordsAdminActions`. */
export function auditedProducers(modules: ModuleDescriptor[]): string[] {
  return modules.flatMap((m) =>
    m.service?.recordsAdminActions && m.service.producer ? [m.service.producer] : [],
  );
}

/**
 * What each service consumes: what its descriptor declares, for the inbox service one consumer per
 * notifying module, and for the audit log's one per module recording admin actions, so a new module
 * needs no edit to their descriptors.
 */
export function consumersOf(
  service: NonNullable<ModuleDescriptor['service']>,
  modules: ModuleDescriptor[],
): Array<{ producer: string; durable: string; filter: string }> {
  const inbox = service.inbox
    ? notifyingProducers(modules).map((producer) => ({
        producer,
        durable: inboxDurable(service.folder, producer),
        filter: `${producer}.notification.>`,
      }))
    : [];
  const audit = service.keepsAuditLog
    ? auditedProducers(modules).map((producer) => ({
        producer,
        durable: auditDurable(service.folder, producer),
        filter: `${producer}.admin-action.>`,
      }))
    : [];
  return [...(service.consumes ?? []), ...inbox, ...audit];
}

/**
 * The modules of a standalone deployment (`MODULES=events`: `npm start` runs, and the gateway routes and
 * lists, only these): the essential ones (identity's accounts and sign-in, core's public site and login
 * pages, which every product needs) and the modules named; all of them when none is named.
 */
export function chooseModules(modules: ModuleDescriptor[], names?: string[]): ModuleDescriptor[] {
  if (!names?.length) return modules;
  const unknown = names.filter((n) => !modules.some((m) => m.name === n));
  if (unknown.length)
    throw new Error(
      `MODULES names unknown modules (${unknown.join(', ')}); known: ${modules.map((m) => m.name).join(', ')}`,
    );
  return modules.filter((m) => m.essential || m.service?.signsTokens || names.includes(m.name));
}
