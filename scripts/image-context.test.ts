import { loadModules } from '@platform/modules';
import { REPO_ROOT } from './config';
import { contextManifests, GATEWAY, imageContext } from './image-context';
import { servicesToRun } from './modules';

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

it('refuses a folder that is neither a service nor the gateway', () => {
  expect(() => imageContext(REPO_ROOT, 'packages/ui', modules)).toThrow('neither');
});
