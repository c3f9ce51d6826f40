/**
 * A module is its folder pair and one descriptor: a throw-away module ("pharmacy") added to a copy of
 * the platform's descriptors appears in the gateway's routes, the remotes manifest (with its navigation),
 * npm start's services and frontends, docker-compose.yml, the NATS users and the root workspaces, with
 * nothing else edited. (The shell renders the manifest's navigation: shell/src/site-map.test.tsx.)
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadModules } from '@platform/modules';
import { InMemoryEventBus } from '@platform/event-bus';
import { FollowedRevocations, type App } from '@platform/service-kit';
import { generateKeyPair } from '@platform/testing';
import { buildApp } from '../gateway/src/app';
import { readConfig } from '../gateway/src/config';
import { REPO_ROOT } from './config';
import { composeFile } from './compose';
import { frontendsToBuild, servicesToRun } from './modules';
import { busAccounts } from './nats-accounts';

const PHARMACY = {
  name: 'pharmacy',
  label: 'Pharmacy',
  service: {
    folder: 'svc-pharmacy',
    apiPrefixes: ['/api/pharmacy'],
    urlVariable: 'PHARMACY_URL',
    port: 4010,
    producer: 'pharmacy',
    notifies: true,
    recordsAdminActions: true,
    consumes: [{ producer: 'identity', durable: 'svc-pharmacy__user-sync', filter: 'identity.user.>' }],
  },
  remote: { name: 'mf_pharmacy', folder: 'mf-pharmacy', routes: ['/pharmacy'] },
  navigation: [{ path: '/pharmacy', label: { en: 'Pharmacy', sw: 'Famasia', fr: 'Pharmacie' }, order: 50 }],
  footer: [{ path: '/pharmacy', label: { en: 'Pharmacy', sw: 'Famasia', fr: 'Pharmacie' }, order: 50 }],
};

let root: string;
let gateway: App;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'module-seams-'));
  // The platform as it is: every module's descriptor, code markers and built remotes.
  for (const m of loadModules(REPO_ROOT)) {
    if (m.service)
      cpSync(
        path.join(REPO_ROOT, m.service.folder, 'module.json'),
        path.join(root, m.service.folder, 'module.json'),
      );
  }
  // The new module: its folder pair and its descriptor, nothing else.
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('svc-pharmacy/module.json', JSON.stringify(PHARMACY));
  write('svc-pharmacy/src/server.ts', '// the service');
  write('mf-pharmacy/package.json', '{ "name": "@platform/mf-pharmacy" }');
  write('mf-pharmacy/dist/remoteEntry.js', 'var mf_pharmacy;');

  const revocations = new FollowedRevocations(new InMemoryEventBus());
  await revocations.start();
  gateway = await buildApp(
    readConfig({
      JWT_PUBLIC_KEY: generateKeyPair().publicKey,
      LOG_LEVEL: 'silent',
      MODULES_ROOT: root,
      REMOTES_ROOT: root,
      SHELL_DIST: path.join(root, 'shell', 'dist'),
    }),
    { revocations },
  );
});

afterAll(async () => {
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

it('the gateway routes its API (a clear 503 until its service runs) and serves its remote', async () => {
  const api = await gateway.inject('/api/pharmacy/stock');
  expect(api.statusCode).toBe(503);
  expect(api.json().message).toBe(
    'The Pharmacy service is temporarily unavailable. Please try again shortly.',
  );
  const entry = await gateway.inject('/mf/mf-pharmacy/remoteEntry.js');
  expect(entry.statusCode).toBe(200);
  expect(entry.body).toBe('var mf_pharmacy;');
});

it('the remotes manifest lists its remote, its prefixes and its navbar and footer links', async () => {
  const manifest = (await gateway.inject('/mf/remotes.json')).json();
  expect(manifest.remotes).toContainEqual({
    name: 'mf_pharmacy',
    entry: '/mf/mf-pharmacy/remoteEntry.js',
    routes: ['/pharmacy'],
  });
  expect(manifest.navigation).toContainEqual(PHARMACY.navigation[0]);
  expect(manifest.footer).toContainEqual(PHARMACY.footer[0]);
  // Modules whose pages are not deployed here are not linked to.
  expect(manifest.navigation.map((n: { path: string }) => n.path)).toEqual(['/pharmacy']);
});

it('npm start runs its service (with its URL for the gateway) and builds its remote', () => {
  const modules = loadModules(root);
  expect(servicesToRun(modules, root)).toContainEqual({
    name: 'svc-pharmacy',
    urlVariable: 'PHARMACY_URL',
    port: 4010,
    signsTokens: false,
  });
  expect(frontendsToBuild(modules, root)).toContainEqual({
    workspace: 'mf-pharmacy',
    marker: 'mf-pharmacy/dist/remoteEntry.js',
  });
});

it('docker-compose.yml gets its service, its NATS password and its URL at the gateway', () => {
  const compose = composeFile(loadModules(root), root);
  expect(compose).toMatch(/\n {2}svc-pharmacy:\n {4}<<: \*service\n/);
  expect(compose).toContain('NATS_USER: svc-pharmacy');
  expect(compose).toContain('- SVC_PHARMACY_NATS_PASSWORD');
  expect(compose).toContain('PHARMACY_URL: http://svc-pharmacy:4010');
});

it('NATS gets its user: it alone publishes pharmacy.>, and it consumes what it declares', () => {
  const account = busAccounts(loadModules(root)).find((a) => a.user === 'svc-pharmacy');
  expect(account).toMatchObject({ producer: 'pharmacy', consumers: PHARMACY.service.consumes });
});

/** The platform's own list (without pharmacy), as npm start gives it: the copy must add pharmacy to it, nothing else. */
function platformList(field: 'notificationProducers' | 'auditProducers'): string[] {
  const name = field === 'notificationProducers' ? 'svc-identity' : 'svc-content';
  const list = servicesToRun(loadModules(REPO_ROOT), REPO_ROOT).find((s) => s.name === name)?.[field];
  expect(list).toBeTruthy();
  return list!.split(',');
}

it('the platform inbox takes its notices: svc-identity consumes pharmacy.notification.> and is told so', () => {
  const modules = loadModules(root);
  // The copy holds descriptors only: svc-identity counts as built once its server exists.
  mkdirSync(path.join(root, 'svc-identity', 'src'), { recursive: true });
  writeFileSync(path.join(root, 'svc-identity', 'src', 'server.ts'), '// the service');
  const identity = busAccounts(modules).find((a) => a.user === 'svc-identity');
  expect(identity?.consumers).toContainEqual({
    producer: 'pharmacy',
    durable: 'svc-identity__notifications-pharmacy',
    filter: 'pharmacy.notification.>',
  });
  const producers = servicesToRun(modules, root).find(
    (s) => s.name === 'svc-identity',
  )!.notificationProducers!;
  expect(new Set(producers.split(','))).toEqual(
    new Set([...platformList('notificationProducers'), 'pharmacy']),
  );
  expect(composeFile(modules, root)).toContain(`NOTIFICATION_PRODUCERS: '${producers}'`);
});

it('the audit log keeps its admin actions: svc-content consumes pharmacy.admin-action.> and is told so', () => {
  const modules = loadModules(root);
  mkdirSync(path.join(root, 'svc-content', 'src'), { recursive: true });
  writeFileSync(path.join(root, 'svc-content', 'src', 'server.ts'), '// the service');
  const content = busAccounts(modules).find((a) => a.user === 'svc-content');
  expect(content?.consumers).toContainEqual({
    producer: 'pharmacy',
    durable: 'svc-content__audit-pharmacy',
    filter: 'pharmacy.admin-action.>',
  });
  const producers = servicesToRun(modules, root).find((s) => s.name === 'svc-content')!.auditProducers!;
  expect(new Set(producers.split(','))).toEqual(new Set([...platformList('auditProducers'), 'pharmacy']));
  expect(composeFile(modules, root)).toContain(`AUDIT_PRODUCERS: '${producers}'`);
});

it('the root workspaces take its folders without an edit', () => {
  const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const matches = (folder: string) =>
    workspaces.some((w) => new RegExp(`^${w.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`).test(folder));
  expect(matches('svc-pharmacy')).toBe(true);
  expect(matches('mf-pharmacy')).toBe(true);
});

it('the committed docker-compose.yml is what the descriptors make', () => {
  expect(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')).toBe(
    composeFile(loadModules(REPO_ROOT), REPO_ROOT),
  );
});
