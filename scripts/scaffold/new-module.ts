import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ModuleDescriptor } from '@platform/contracts';
import { DESCRIPTOR_FILE, loadModules } from '@platform/modules';
import { formatJson } from './json';

export const TEMPLATES = path.join(__dirname, '..', 'templates');
/** The platform's organisation on the code host: `--team billing` is `@afyahr/billing`. */
export const TEAM_ORG = '@afyahr';
const NAME = /^[a-z]+$/;

export interface NewModuleOptions {
  name: string;
  /** A handle (`platform`) or a full team (`@afyahr/platform`); default: the module's name. */
  team?: string;
  /** An existing remote folder (`mf-core`) the module takes as its own instead of making `mf-<name>`. */
  remote?: string;
}

/** What the templates' `{{name}}`-style placeholders stand for. */
export interface Placeholders {
  name: string;
  Name: string;
  NAME: string;
  port: string;
  devPort: string;
  team: string;
}

/** The choices made for a new module, from the checkout's descriptors and remotes: nothing claimed twice. */
export function chooseFor(root: string, opts: NewModuleOptions, modules = loadModules(root)): Placeholders {
  const { name } = opts;
  if (!NAME.test(name))
    throw new Error(
      `a module's name is lower-case letters only (it names mf_${name} and ${name}.>): "${name}"`,
    );
  if (modules.some((m) => m.name === name)) throw new Error(`the module "${name}" exists already`);
  for (const folder of [`svc-${name}`, ...(opts.remote ? [] : [`mf-${name}`])])
    if (existsSync(path.join(root, folder))) throw new Error(`${folder}/ exists already`);
  const ports = modules.flatMap((m) => (m.service ? [m.service.port] : []));
  const devPorts = remoteFolders(root).flatMap((folder) => {
    const m = /port:\s*(\d+)/.exec(readFileSync(path.join(root, folder, 'federation.config.ts'), 'utf8'));
    return m ? [Number(m[1])] : [];
  });
  const team = opts.team ?? name;
  return {
    name,
    Name: name[0]!.toUpperCase() + name.slice(1),
    NAME: name.toUpperCase(),
    port: String(Math.max(4000, ...ports) + 1),
    devPort: String(Math.max(3000, ...devPorts) + 1),
    team: team.startsWith('@') ? team : `${TEAM_ORG}/${team}`,
  };
}

function remoteFolders(root: string): string[] {
  return readdirSync(root).filter(
    (d) => d.startsWith('mf-') && existsSync(path.join(root, d, 'federation.config.ts')),
  );
}

export const fill = (text: string, p: Placeholders) =>
  text.replace(/\{\{(name|Name|NAME|port|devPort|team)\}\}/g, (_, key: keyof Placeholders) => p[key]);

/** Copies a template folder: `.tmpl` dropped from names, `__name__`/`__Name__` in names and placeholders filled. */
export function copyTemplate(from: string, to: string, p: Placeholders): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const target = path.join(
      to,
      entry
        .replace(/\.tmpl$/, '')
        .replace(/__name__/g, p.name)
        .replace(/__Name__/g, p.Name),
    );
    if (statSync(source).isDirectory()) written.push(...copyTemplate(source, target, p));
    else {
      mkdirSync(to, { recursive: true });
      writeFileSync(target, fill(readFileSync(source, 'utf8'), p));
      written.push(target);
    }
  }
  return written;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The new module's descriptor. With `remote`, the module takes that existing remote over: its routes,
 * links and dashboards move from the descriptor that held them (returned, to be rewritten) to this one.
 */
export function descriptorFor(
  root: string,
  p: Placeholders,
  remote: string | undefined,
  modules = loadModules(root),
): { descriptor: ModuleDescriptor; previousOwner?: { file: string; descriptor: ModuleDescriptor } } {
  const descriptor: ModuleDescriptor = {
    name: p.name,
    label: p.Name,
    team: p.team,
    service: {
      folder: `svc-${p.name}`,
      apiPrefixes: [`/api/${p.name}`],
      urlVariable: `${p.NAME}_URL`,
      port: Number(p.port),
      producer: p.name,
    },
  };
  if (!remote) {
    const label = { en: p.Name, sw: p.Name, fr: p.Name };
    const orders = modules
      .flatMap((m) => (m.navigation ?? []).map((n) => n.order ?? 0))
      .filter((o) => o < 90);
    const order = Math.min(89, Math.max(0, ...orders) + 10);
    return {
      descriptor: {
        ...descriptor,
        remote: { name: `mf_${p.name}`, folder: `mf-${p.name}`, routes: [`/${p.name}`] },
        navigation: [{ path: `/${p.name}`, label, order }],
        footer: [{ path: `/${p.name}`, label, order }],
      },
    };
  }
  // One name per module (packages/modules: checkOneName): only the remote of its own name can be taken over.
  if (remote !== `mf-${p.name}`)
    throw new Error(`--remote ${remote}: a module's remote is called by its name (mf-${p.name})`);
  if (!existsSync(path.join(root, remote, 'package.json')))
    throw new Error(`--remote ${remote}: no such remote`);
  const owner = modules.find((m) => m.remote?.folder === remote);
  if (!owner) {
    const config = readFileSync(path.join(root, remote, 'federation.config.ts'), 'utf8');
    const federationName = /name:\s*'(mf_[a-z]+)'/.exec(config)?.[1];
    if (!federationName) throw new Error(`${remote}/federation.config.ts names no federation name`);
    return {
      descriptor: { ...descriptor, remote: { name: federationName, folder: remote, routes: [`/${p.name}`] } },
    };
  }
  const ownerFolder = owner.service?.folder ?? owner.remote!.folder;
  const { remote: taken, navigation, footer, dashboards, ...rest } = owner;
  return {
    descriptor: {
      ...descriptor,
      remote: taken,
      ...(navigation ? { navigation } : {}),
      ...(footer ? { footer } : {}),
      ...(dashboards ? { dashboards } : {}),
    },
    previousOwner: { file: path.join(root, ownerFolder, DESCRIPTOR_FILE), descriptor: rest },
  };
}

/** Adds the service's error texts (`serverErrors.<name>`) to an existing remote's locales. */
export function addErrorTexts(root: string, remote: string, p: Placeholders): string[] {
  const written: string[] = [];
  for (const language of ['en', 'sw', 'fr']) {
    const file = path.join(root, remote, 'src', 'locales', `${language}.json`);
    const template = readJson<{ serverErrors: Record<string, unknown> }>(
      path.join(TEMPLATES, 'remote', 'src', 'locales', `${language}.json.tmpl`),
    );
    const texts = JSON.parse(fill(JSON.stringify(template.serverErrors), p)) as Record<string, unknown>;
    const locale = readJson<Record<string, unknown>>(file);
    locale.serverErrors = { ...(locale.serverErrors as Record<string, unknown> | undefined), ...texts };
    writeFileSync(file, `${JSON.stringify(locale, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

/** Writes the module's folders and descriptor (and a taken-over remote's texts); returns what it wrote. */
export function writeModule(
  root: string,
  opts: NewModuleOptions,
): { placeholders: Placeholders; written: string[] } {
  const modules = loadModules(root);
  const p = chooseFor(root, opts, modules);
  const written = copyTemplate(path.join(TEMPLATES, 'service'), path.join(root, `svc-${p.name}`), p);
  const { descriptor, previousOwner } = descriptorFor(root, p, opts.remote, modules);
  if (opts.remote) written.push(...addErrorTexts(root, opts.remote, p));
  else written.push(...copyTemplate(path.join(TEMPLATES, 'remote'), path.join(root, `mf-${p.name}`), p));
  const file = path.join(root, `svc-${p.name}`, DESCRIPTOR_FILE);
  writeFileSync(file, formatJson(descriptor));
  written.push(file);
  if (previousOwner) {
    writeFileSync(previousOwner.file, formatJson(previousOwner.descriptor));
    written.push(previousOwner.file);
  }
  // The result must load: a descriptor claiming what another claims stops here, not at npm start.
  loadModules(root);
  return { placeholders: p, written };
}
