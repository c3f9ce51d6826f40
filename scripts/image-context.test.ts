import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HASHED_ASSET_PATTERN } from '@platform/contracts/values';
import { loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { contextManifests, GATEWAY, imageContext, prepareImageContext } from './image-context';
import { servicesToRun } from './modules';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const modules = loadModules(REPO_ROOT);
const services = servicesToRun(modules, REPO_ROOT).map((s) => s.name);
const foldersOf = (name: string) => {
  const m = modules.find((x) => x.name === name)!;
  return [m.service?.folder, m.remote?.folder].filter((f): f is string => !!f);
};

describe.each(services)("%s's image build context", (folder) => {
  const context = imageContext(REPO_ROOT, folder, modules);
  const own = modules.find((m) => m.service?.folder === folder)!;

  it('holds its service: code, descriptor and migrations, without its tests', () => {
    expect(context.files).toContain(`${folder}/src/server.ts`);
    expect(context.files).toContain(`${folder}/module.json`);
    expect(context.files.some((f) => f.startsWith(`${folder}/drizzle/`))).toBe(true);
    expect(context.files.filter((f) => /(^|\/)test\/|\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it('holds nothing of another module but its published contract', () => {
    for (const other of modules.filter((m) => m !== own)) {
      for (const otherFolder of foldersOf(other.name)) {
        const theirs = context.files.filter((f) => f.startsWith(`${otherFolder}/`));
        expect({
          module: other.name,
          files: theirs.filter((f) => !f.startsWith(`${otherFolder}/contract/`)),
        }).toEqual({
          module: other.name,
          files: [],
        });
      }
    }
    // Its own remote is built and served apart (the gateway's image), never in the service's.
    if (own.remote) expect(context.files.filter((f) => f.startsWith(`${own.remote!.folder}/`))).toEqual([]);
  });

  it('installs only its workspaces: the lockfile and root package.json name no other module', () => {
    const manifests = contextManifests(REPO_ROOT, context);
    const lock = JSON.parse(manifests['package-lock.json']!) as { packages: Record<string, unknown> };
    const root = JSON.parse(manifests['package.json']!) as { workspaces: string[]; dependencies: object };
    expect(root.workspaces).toEqual(context.workspaces);
    expect(Object.keys(root.dependencies)).toEqual(['tsx']);
    for (const other of modules.filter((m) => m !== own))
      for (const otherFolder of foldersOf(other.name)) {
        if (context.contractsOnly.includes(otherFolder)) continue;
        expect(
          Object.keys(lock.packages).filter((k) => k === otherFolder || k.endsWith(`/${otherFolder}`)),
        ).toEqual([]);
      }
    // Every workspace it installs needs only workspaces it holds (npm would look for the others on the
    // registry): a module present by its contract alone brings none of its service's.
    const workspaceNames = new Map(
      context.workspaces.map((f) => [JSON.parse(manifests[`${f}/package.json`]!).name as string, f]),
    );
    const platformDeps = (deps: object = {}) => Object.keys(deps).filter((d) => d.startsWith('@platform/'));
    for (const folder of context.workspaces) {
      const pkg = JSON.parse(manifests[`${folder}/package.json`]!) as { dependencies?: object };
      const locked = lock.packages[folder] as { dependencies?: object };
      for (const deps of [pkg.dependencies, locked.dependencies])
        expect({ folder, missing: platformDeps(deps).filter((d) => !workspaceNames.has(d)) }).toEqual({
          folder,
          missing: [],
        });
    }
    // Shared packages come in only when its package.json needs them: never the test helpers.
    expect(context.workspaces).not.toContain('packages/testing');
    expect(context.workspaces).not.toContain('scripts');
  });
});

describe("the gateway's image build context", () => {
  const context = imageContext(REPO_ROOT, GATEWAY, modules);

  it('holds every descriptor (its route table) and the streams script, but no module code', () => {
    for (const m of modules)
      if (m.service) expect(context.files).toContain(`${m.service.folder}/module.json`);
    expect(context.files).toContain('scripts/nats-streams.ts');
    const moduleCode = context.files.filter((f) =>
      modules.some((m) =>
        foldersOf(m.name).some((folder) => f.startsWith(`${folder}/`) && !f.endsWith('/module.json')),
      ),
    );
    expect(moduleCode).toEqual([]);
  });
});

const remotes = modules.flatMap((m) => (m.remote ? [m.remote.folder] : []));

describe.each(remotes)("%s's image build context (the module's pages, served apart)", (folder) => {
  const context = imageContext(REPO_ROOT, folder, modules);
  const own = modules.find((m) => m.remote?.folder === folder)!;

  it('holds its sources and its build tools, without its tests', () => {
    expect(context.kind).toBe('remote');
    expect(context.files).toContain(`${folder}/federation.config.ts`);
    expect(context.files.some((f) => f.startsWith(`${folder}/src/`))).toBe(true);
    expect(context.workspaces).toContain('packages/mf-config');
    expect(context.files.filter((f) => /(^|\/)test\/|\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it('holds nothing of another module, nor of its own service but the published contract', () => {
    for (const m of modules)
      for (const otherFolder of foldersOf(m.name).filter((f) => f !== folder))
        expect({
          module: m.name,
          files: context.files.filter(
            (f) => f.startsWith(`${otherFolder}/`) && !f.startsWith(`${otherFolder}/contract/`),
          ),
        }).toEqual({ module: m.name, files: [] });
    if (own.service) expect(context.contractsOnly).toContain(own.service.folder);
    expect(context.files.filter((f) => /^(shell|gateway|scripts|e2e)\//.test(f))).toEqual([]);
    expect(context.workspaces).not.toContain('packages/testing');
  });

  it('installs only its workspaces, and keeps its build script and build tools', () => {
    const manifests = contextManifests(REPO_ROOT, context);
    const lock = JSON.parse(manifests['package-lock.json']!) as { packages: Record<string, Obj> };
    for (const m of modules)
      for (const otherFolder of foldersOf(m.name)) {
        if (otherFolder === folder || context.contractsOnly.includes(otherFolder)) continue;
        expect(
          Object.keys(lock.packages).filter((k) => k === otherFolder || k.endsWith(`/${otherFolder}`)),
        ).toEqual([]);
      }
    const pkg = JSON.parse(manifests[`${folder}/package.json`]!) as Obj;
    expect(pkg.scripts.build).toBeDefined();
    expect(pkg.devDependencies['@platform/mf-config']).toBeDefined();
    expect(lock.packages[folder]!.devDependencies['@platform/mf-config']).toBeDefined();
  });

  it("is built in its image and served by a non-root nginx with the gateway's caching and the probes", () => {
    const dir = mkdtempSync(path.join(tmpdir(), `context-${folder}-`));
    try {
      prepareImageContext(REPO_ROOT, folder, dir);
      const dockerfile = readFileSync(path.join(dir, 'Dockerfile'), 'utf8');
      expect(dockerfile).toContain('npm run build -w ${TARGET}');
      expect(dockerfile).toMatch(/^FROM nginxinc\/nginx-unprivileged:[\w.-]+$/m);
      expect(dockerfile).toContain('/app/${TARGET}/dist /usr/share/nginx/html');
      // Builds made elsewhere never enter it.
      expect(readFileSync(path.join(dir, '.dockerignore'), 'utf8')).toMatch(/^\*\*\/dist$/m);
      const nginx = readFileSync(path.join(dir, 'nginx.conf'), 'utf8');
      expect(nginx).toContain('listen 8080;');
      expect(nginx).toContain('location = /health/live');
      expect(nginx).toContain('location = /health/ready');
      expect(nginx).toContain(HASHED_ASSET_PATTERN.replace(/\$$/, ''));
      expect(nginx).toContain('"public, max-age=31536000, immutable"');
      expect(nginx).toContain('gzip_static on;');
      expect(nginx).toContain('try_files $uri$afya_br $uri =404;');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('refuses a folder that is neither a service nor the gateway', () => {
  expect(() => imageContext(REPO_ROOT, 'packages/ui', modules)).toThrow('neither');
});
